// An inner loop variable changed in the body leaves the range its loop header
// gives it, so the row-major split (0 <= j < m) no longer holds.
// The variable is then an unknown value: no false proof of disjointness,
// and (undecidable) no report either.
// RUN: %cc -fplugin-arg-privateer-dump-model %s 2>&1 | FileCheck %s --implicit-check-not=warning:

// With m=3, row 0 writes a[3] after j++ from 2, and row 1 writes a[3] at j=0.
void skip_ahead(int n, int m, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++) {
      a[i * m + j] = 0;
      j++;
      a[i * m + j] = 1;
    }
}
// CHECK: symbol j: opaque{{$}}

// The same with a constant row length of 8: j after j++ is at most 7, so the
// rows stay apart; this one is right today and must stay silent.
void skip_ahead_even(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 8; j++) {
      a[8 * i + j] = 0;
      j++;
      a[8 * i + j] = 1;
    }
}
