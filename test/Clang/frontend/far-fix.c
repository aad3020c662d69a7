// A fix far from its warning (a clause on a directive 25 lines above the
// update) shows under the note at the directive: clang prints one snippet
// from a diagnostic's fix-its to its caret, and over more lines than its
// snippet limit it printed the caret's line under the fix's line number
// ('3 | s += t0 + t21;'). The CLI prints it the same way.
// RUN: %cc %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %expect-exit 1 %privateer %s -- -fopenmp 2>&1 | FileCheck %s --implicit-check-not=warning:
double far(const double *x, int n) {
  double s = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double t0 = x[i] * 0;
    double t1 = x[i] * 1;
    double t2 = x[i] * 2;
    double t3 = x[i] * 3;
    double t4 = x[i] * 4;
    double t5 = x[i] * 5;
    double t6 = x[i] * 6;
    double t7 = x[i] * 7;
    double t8 = x[i] * 8;
    double t9 = x[i] * 9;
    double t10 = x[i] * 10;
    double t11 = x[i] * 11;
    double t12 = x[i] * 12;
    double t13 = x[i] * 13;
    double t14 = x[i] * 14;
    double t15 = x[i] * 15;
    double t16 = x[i] * 16;
    double t17 = x[i] * 17;
    double t18 = x[i] * 18;
    double t19 = x[i] * 19;
    double t20 = x[i] * 20;
    double t21 = x[i] * 21;
    s += t0 + t21;
  }
  return s;
}
// CHECK: far-fix.c:34:5: warning: 's' is updated by every iteration without a reduction
// CHECK-NEXT: {{^}}   34 |     s += t0 + t21;
// CHECK-NEXT: {{^}}      |     ^
// CHECK: far-fix.c:10:1: note: 's' is shared by this 'omp parallel for'
// CHECK-NEXT: {{^}}   10 | #pragma omp parallel for
// CHECK-NEXT: {{^}}      | ^
// CHECK-NEXT: {{^}}      |  reduction(+: s)
