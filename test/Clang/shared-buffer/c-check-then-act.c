// A whole scalar each iteration reads and then writes (check, then act):
// an atomic write would leave the check and the write apart, so the advice
// is one critical around both (and, for an integer that may be a flag that
// only becomes true, an '||' reduction). A scalar only ever written keeps
// the atomic-write advice.
// A maximum that keeps the compared value is a reduction (not here).
// RUN: %cc %s 2>&1 | FileCheck %s --implicit-check-not=warning:

void best_other(int n, const double *a, const double *b, double *best) {
  double m = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (a[i] > m)
      m = b[i];
  *best = m;
}
// CHECK: [[@LINE-3]]:7: warning: 'm' is written by every iteration without synchronization
// CHECK: note: 'm' is shared by this 'omp parallel for'; no automatic fix: each iteration reads 'm' and then writes it, and an atomic write would not keep the two together: protect both with one '#pragma omp critical'{{$}}

int found_once(int n, const int *a, int key) {
  int found = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (!found && a[i] == key)
      found = 1;
  return found;
}
// CHECK: [[@LINE-3]]:7: warning: 'found' is written by every iteration without synchronization
// CHECK: note: 'found' is shared by this 'omp parallel for'; no automatic fix: each iteration reads 'found' and then writes it, and an atomic write would not keep the two together: protect both with one '#pragma omp critical'; a flag that only ever becomes true can be a 'reduction(||: found)'

int any_match(int n, const int *a, int key) {
  int hit = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (a[i] == key)
      hit = 1;
  return hit;
}
// (Every store writes 1, and nothing reads it in the loop: a same-value
// store, privateer-same-value-store's; test/Clang/same-value-store.)
