// One input, three front ends (plugin, clang-tidy, CLI), one expectation:
// privateer-subline-alloc.
// RUN: rm -rf %t && mkdir -p %t/plugin %t/tidy %t/cli
// RUN: %strip-checks %s > %t/plugin/in.c && cp %t/plugin/in.c %t/tidy/in.c && cp %t/plugin/in.c %t/cli/in.c
// RUN: %clang -fopenmp -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-fix %t/plugin/in.c 2>&1 | %findings > %t/plugin.txt
// RUN: %tidy --checks=-*,privateer-* --fix %t/tidy/in.c -- -fopenmp 2>&1 | %findings > %t/tidy.txt
// RUN: not %privateer --fix %t/cli/in.c -- -fopenmp 2>&1 | %findings > %t/cli.txt
// RUN: FileCheck %s --input-file=%t/plugin.txt
// RUN: diff %t/plugin.txt %t/tidy.txt
// RUN: diff %t/plugin.txt %t/cli.txt
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/plugin/in.c
// RUN: diff %t/plugin/in.c %t/tidy/in.c
// RUN: diff %t/plugin/in.c %t/cli/in.c
#include <omp.h>
#include <stdlib.h>
void workspace(int n, double *out) {
#pragma omp parallel
  {
    double *ws = malloc(96);
    for (int k = 0; k < n; k++)
      ws[k % 12] += k;
    out[omp_get_thread_num()] = ws[0];
    free(ws);
  }
}
// CHECK: in.c:8:18: warning: per-thread block 'ws' of 96 bytes is not a whole number of 64-byte cache lines and is aligned to 16 bytes only
// CHECK-SAME: [privateer-subline-alloc]
// CHECK: in.c:10:7: note: written in a loop here
// FIXED: double *ws = aligned_alloc(64, 128);
