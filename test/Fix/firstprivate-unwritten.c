// A scratch array whose iterations overwrite some elements and only read
// another one (a coefficient set before the loop): a private copy would
// leave that element uninitialized, so the copy is firstprivate, which
// keeps its value in every thread's copy.
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | count 0 && diff %t/once.c %t/in.c
// RUN: %clang -x c -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clang -x c -O1 -fopenmp %t/in.c -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %t/in.c -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <stdio.h>

int main(void) {
  double t[3] = {0, 0, 2.5};
  double y[1000];
#pragma omp parallel for
  for (int i = 0; i < 1000; i++) {
    t[0] = i;
    t[1] = i * 0.5;
    y[i] = t[0] * t[2] + t[1];
  }
  double s = 0;
  for (int i = 0; i < 1000; i++)
    s += y[i];
  printf("%.2f\n", s);
  return 0;
}
// DIAG: warning: shared buffer 't' is scratch that every iteration overwrites
// FIXED: #pragma omp parallel for firstprivate(t)
// CLEAN: {{^[0-9]+\.[0-9]+}}
