// A 'simd' loop that updates a variable its lanes share gets the
// reduction on its own directive, also where the worksharing loop around
// it already reduces the variable (which gives each thread, not each lane,
// a copy). The fixed program computes what the sequential one does.
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | count 0 && diff %t/once.c %t/in.c
// RUN: %clang -x c -O2 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clang -x c -O2 -fopenmp %t/in.c -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
#include <stdio.h>

long row_sums(int n, int m, const long *a) {
  long s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++) {
#pragma omp simd
    for (int j = 0; j < m; j++)
      s += a[i * m + j];
  }
  return s;
}
// DIAG: warning: 's' is updated by every SIMD lane without a reduction
// FIXED: #pragma omp parallel for reduction(+ : s)
// FIXED: #pragma omp simd reduction(+: s)

long checksum(int m, const long *a) {
  long x = 0;
#pragma omp simd
  for (int j = 0; j < m; j++)
    x ^= a[j] * 31;
  return x;
}
// DIAG: warning: 'x' is updated by every SIMD lane without a reduction
// FIXED: #pragma omp simd reduction(^: x)

int main(void) {
  static long a[64 * 1000];
  for (int i = 0; i < 64 * 1000; i++)
    a[i] = (i * 7919L) % 1000 - 500;
  printf("%ld %ld\n", row_sums(1000, 64, a), checksum(64 * 1000, a));
  return 0;
}
