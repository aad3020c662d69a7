// Scratch array, a shared inner loop counter and a temporary written only
// under a condition (and read only after that write): one private(...)
// clause added to the directive (after the clause list, before the
// trailing comment).
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | count 0 && diff %t/once.c %t/in.c
// RUN: %clang -x c -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clang -x c -O1 -fopenmp %t/in.c -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %s -o %t/racy && %tsan-env:exitcode=0:halt_on_error=1 %t/racy 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %t/in.c -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <stdio.h>
#define N 16

int main(void) {
  double row[N], out[2000], r;
  int j;
#pragma omp parallel for schedule(static) // one row per iteration
  for (int i = 0; i < 2000; i++) {
    for (j = 0; j < N; j++)
      row[j] = i * 0.5 + j;
    double s = 0;
    for (int k = 0; k < N; k++)
      s += row[k] * row[k];
    if (i % 3 == 0) {
      r = s / (i + 1);
      s += r * r;
    }
    out[i] = s;
  }
  double check = 0;
  for (int i = 0; i < 2000; i++)
    check += out[i] * (i % 7);
  printf("%.3f\n", check);
  return 0;
}
// DIAG: warning: shared buffer 'j' is scratch
// DIAG: warning: shared buffer 'row' is scratch
// DIAG: warning: shared buffer 'r' is scratch
// FIXED: #pragma omp parallel for schedule(static) private(j, row, r) // one row per iteration
// RACE: WARNING: ThreadSanitizer: data race
// CLEAN: {{[0-9]+\.[0-9]+}}
