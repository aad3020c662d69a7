// A per-thread 96-byte workspace becomes a line-aligned 128-byte block.
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | count 0 && diff %t/once.c %t/in.c
// RUN: %clang -x c -O1 -fopenmp %s -o %t/before && env OMP_NUM_THREADS=4 %t/before > %t/expected
// RUN: %clang -x c -O1 -fopenmp %t/in.c -o %t/after
// RUN: env OMP_NUM_THREADS=1 %t/after | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/after | diff %t/expected -
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  double results[64] = {0};
#pragma omp parallel num_threads(4)
  {
    double *ws = malloc(96);
    for (int k = 0; k < 12; k++)
      ws[k] = 0;
    for (int k = 0; k < 100000; k++)
      ws[k % 12] += k * 0.5;
    double s = 0;
    for (int k = 0; k < 12; k++)
      s += ws[k];
    results[omp_get_thread_num()] = s;
    free(ws);
  }
  printf("%.1f %.1f\n", results[0], results[3]);
  return 0;
}
// DIAG: warning: per-thread block 'ws' of 96 bytes
// FIXED: double *ws = aligned_alloc(64, 128);
