// One input, three front ends (plugin, clang-tidy, CLI), one expectation:
// privateer-loop-alloc.
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
#include <stdlib.h>
void loopalloc(int n, int m, double *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *t = malloc(m * sizeof(double));
    for (int k = 0; k < m; k++)
      t[k] = i * k;
    out[i] = t[m - 1];
    free(t);
  }
}
// CHECK: in.c:7:17: warning: 't' ('m * 8' bytes) is allocated and freed in every iteration of this parallel loop, the same size each time
// CHECK-SAME: [privateer-loop-alloc]
// FIXED: #pragma omp parallel
// FIXED-NEXT: {
// FIXED-NEXT: double *t = malloc(m * sizeof(double));
// FIXED-NEXT: #pragma omp for
// FIXED-NEXT: for (int i = 0; i < n; i++) {
