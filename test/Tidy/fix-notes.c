#define N 16
#define PARALLEL_FOR _Pragma("omp parallel for")
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
  PARALLEL_FOR
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
}

// --fix-notes applies a note's fix where a warning has none. privateer puts
// every fix on its warning and none on notes, so two warnings here have no
// fix and must gain none: 'r', whose clause was merged into 'row''s
// private(row, r) (a fix in a note would add private(r) a second time), and
// 's', whose directive comes from a macro (its note says why there is no
// fix). --fix-notes gives the file --fix gives. (The code is above these
// lines so that stripping them keeps its line numbers.)
// RUN: %strip-checks %s > %t.fix.c
// RUN: cp %t.fix.c %t.notes.c
// RUN: %tidy --checks=-*,privateer-* --fix %t.fix.c -- -fopenmp 2>&1 | FileCheck %s
// RUN: %tidy --checks=-*,privateer-* --fix-notes %t.notes.c -- -fopenmp 2>&1 | FileCheck %s
// CHECK: 3 warnings generated.
// CHECK: .c:8:7: warning: shared buffer 'row' is scratch
// CHECK: .c:9:5: warning: shared buffer 'r' is scratch
// CHECK: .c:17:5: warning: 's' is updated by every iteration without a reduction
// CHECK: .c:17:5: note: no automatic fix: the directive comes from a macro
// CHECK: clang-tidy applied 1 of 1 suggested fixes.
// RUN: diff %t.fix.c %t.notes.c
// RUN: FileCheck %s --check-prefix=FIXED --match-full-lines --input-file=%t.notes.c
// FIXED: #define PARALLEL_FOR _Pragma("omp parallel for")
// FIXED: #pragma omp parallel for private(row, r)
// FIXED: {{^}}  PARALLEL_FOR
