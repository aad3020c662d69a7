// In-place reversal done wrong: iteration i reads what iteration n-1-i writes.
// The index pair has opposite coefficients and a symbolic bound: the index
// solver finds the collision, with a value of n in the witness.
// RUN: %cc %s 2>&1 | FileCheck %s --implicit-check-not=warning:

void reverse_inplace_racy(int n, int *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[n - 1 - i];
}
// CHECK: [[@LINE-2]]:5: warning: 'a' is written by one iteration and read by another
// CHECK: note: iteration i=[[I:[0-9]+]] reads 'a[n - 1 - i]' here while iteration i=[[J:[0-9]+]] writes 'a[i]': both access 'a[[[J]]]' (with n=[[N:[0-9]+]])

// Reversal into another array, and the swap of mirrored pairs: silent.
void reverse_copy(int n, const int *a, int *b) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    b[i] = a[n - 1 - i];
}

void reverse_swap(int n, int *a) {
#pragma omp parallel for
  for (int i = 0; i < n / 2; i++) {
    int t = a[i];
    a[i] = a[n - 1 - i];
    a[n - 1 - i] = t;
  }
}
