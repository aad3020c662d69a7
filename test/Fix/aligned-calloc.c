// With <privateer/runtime/privateer.h> included, per-thread blocks become
// privateer_aligned_alloc and privateer_aligned_calloc calls (which zero
// the block like calloc); without it, calloc has no fix.
// RUN: rm -rf %t && mkdir -p %t && %strip-checks %s > %t/in.c
// RUN: %cc -I%privateer_include -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -I%privateer_include -fplugin-arg-privateer-fix %t/in.c 2>&1 | count 0 && diff %t/once.c %t/in.c
// RUN: %clang -x c -O1 -fopenmp -I%privateer_include %s -o %t/before && env OMP_NUM_THREADS=4 %t/before > %t/expected
// RUN: %clang -x c -O1 -fopenmp -I%privateer_include %t/in.c -o %t/after
// RUN: env OMP_NUM_THREADS=1 %t/after | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/after | diff %t/expected -
// Without the header: calloc is left alone, and says why.
// RUN: %strip-checks %s | sed '/privateer.h/d' > %t/bare.c
// RUN: %cc -fplugin-arg-privateer-fix %t/bare.c 2>&1 | FileCheck %s --check-prefix=BARE
// RUN: FileCheck %s --check-prefix=BARE-FIXED --input-file=%t/bare.c
#include <omp.h>
#include <privateer/runtime/privateer.h>
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  double results[64] = {0};
#pragma omp parallel num_threads(4)
  {
    double *ws = calloc(12, sizeof(double));
    long *cnt = malloc(3 * sizeof(long));
    cnt[0] = cnt[1] = cnt[2] = 0;
    for (int k = 0; k < 100000; k++) {
      ws[k % 12] += k * 0.5;
      cnt[k % 3]++;
    }
    double s = 0;
    for (int k = 0; k < 12; k++)
      s += ws[k];
    results[omp_get_thread_num()] = s + cnt[1];
    free(ws);
    free(cnt);
  }
  printf("%.1f %.1f\n", results[0], results[3]);
  return 0;
}
// DIAG: warning: per-thread block 'ws' of 96 bytes
// DIAG: warning: per-thread block 'cnt' of 24 bytes
// FIXED: double *ws = privateer_aligned_calloc(12, sizeof(double));
// FIXED: long *cnt = privateer_aligned_alloc(3 * sizeof(long));
// BARE: warning: per-thread block 'ws' of 96 bytes
// BARE: note: no automatic fix: calloc zeroes the block: include <privateer/runtime/privateer.h> and use privateer_aligned_calloc
// BARE: warning: per-thread block 'cnt' of 24 bytes
// BARE-FIXED: double *ws = calloc(12, sizeof(double));
// BARE-FIXED: long *cnt = aligned_alloc(64, 64 /* 3 * sizeof(long), rounded up to whole lines */);
