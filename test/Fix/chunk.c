// A chunk smaller than a line of doubles is rounded up to whole lines.
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | count 0 && diff %t/once.c %t/in.c
// RUN: %clang -x c -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clang -x c -O1 -fopenmp %t/in.c -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
#include <stdio.h>

int main(void) {
  static double a[4096];
#pragma omp parallel for schedule(static, 2)
  for (int i = 0; i < 4096; i++)
    for (int k = 0; k < 100; k++)
      a[i] += 0.5 * k;
  double s = 0;
  for (int i = 0; i < 4096; i++)
    s += a[i];
  printf("%.1f\n", s);
  return 0;
}
// DIAG: warning: 'schedule(static, 2)' gives each thread 16 bytes of 'a'
// FIXED: #pragma omp parallel for schedule(static, 8){{$}}
