// Fixes that would not compile are declined: a variable the directive
// already names in shared(...) (private or reduction would conflict with
// it), and a 'nowait' that comes from a macro; the note says so, and the
// file is left as it is.
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %strip-checks %s | diff - %t/in.c
#include <stdio.h>

// The clause from a macro stays, with the reason.
#define FOR_NOWAIT _Pragma("omp for nowait")
void from_macro(int n, double *x, double *y) {
#pragma omp parallel
  {
    FOR_NOWAIT
    for (int i = 0; i < n; i++)
      x[i] = (double)i;
#pragma omp for
    for (int i = 1; i < n; i++)
      y[i] = x[i - 1];
  }
}
// DIAG: warning: 'x' is written by the previous loop, which ends with 'nowait'
// DIAG: note: no automatic fix: the 'nowait' clause comes from a macro

int main(void) {
  long s = 0;
  double t, out[100];
#pragma omp parallel for shared(s)
  for (int i = 0; i < 100; i++)
    s += i;
#pragma omp parallel for default(none) shared(t, out)
  for (int i = 0; i < 100; i++) {
    t = i * 2.0;
    out[i] = t;
  }
  printf("%ld %.1f\n", s, out[99]);
  return 0;
}
// DIAG: warning: 's' is updated by every iteration without a reduction
// DIAG: note: no automatic fix: 's' is named in the directive's shared clause: take it out of that clause first
// DIAG: warning: shared buffer 't' is scratch
// DIAG: note: no automatic fix: 't' is named in the directive's shared clause: take it out of that clause first
