// One input, three front ends (plugin, clang-tidy, CLI), one expectation:
// privateer-shared-buffer. Two scratch findings at one directive reach
// clang-tidy as one merged clause, not private(a) private(b).
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
#define N 16
void scratch(int n, double *out) {
  double row[N], r;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < N; j++)
      row[j] = i + j;
    r = row[0] * 2;
    out[i] = r + row[N - 1];
  }
}
long sum(int n, const int *x) {
  long s = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
}
// CHECK: in.c:10:7: warning: shared buffer 'row' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]
// CHECK: in.c:7:1: note: 'row' is shared by this 'omp parallel for'; give each thread its own copy: declare 'row' inside the loop body or add 'private(row)'
// CHECK: in.c:11:5: warning: shared buffer 'r' is scratch
// CHECK: in.c:19:5: warning: 's' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]
// CHECK: in.c:19:5: note: iterations i=0 and i=1 both update 's'
// FIXED: #pragma omp parallel for private(row, r)
// FIXED: #pragma omp parallel for reduction(+: s)
