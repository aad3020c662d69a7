// In-place reversal done wrong: iteration i reads what iteration n-1-i writes.
// The index pair has opposite coefficients and a symbolic bound: finding the
// collision (and its witness, with a value of n) needs the z3 index solver.
// XFAIL: *
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

void reverse_inplace_racy(int n, int *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[n - 1 - i]; // expected-warning {{'a' is written by one iteration and read by another}}
}
