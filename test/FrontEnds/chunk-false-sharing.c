// One input, three front ends (plugin, clang-tidy, CLI), one expectation:
// privateer-chunk-false-sharing.
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
void chunk(int n, int m, double *a) {
#pragma omp parallel for schedule(static, 1)
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      a[i] += k;
}
// CHECK: in.c:4:26: warning: 'schedule(static, 1)' gives each thread 8 bytes of 'a' at a time: up to 8 threads write into each 64-byte cache line, and they write it repeatedly (false sharing) [privateer-chunk-false-sharing]
// CHECK: in.c:4:26: note: use a chunk of whole lines: 'schedule(static, 8)'
// FIXED: #pragma omp parallel for schedule(static, 8)
