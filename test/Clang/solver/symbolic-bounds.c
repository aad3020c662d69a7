// Loops whose bounds are symbolic: a pattern may only conclude a collision
// (and name its iterations) when those iterations exist for some sizes.
// RUN: %cc %s 2>&1 | FileCheck %s --implicit-check-not=warning:

// Two iterations, m and m+1, and a distance of 5: never the same element.
void short_window(int m, double *a) {
#pragma omp parallel for
  for (int i = m; i < m + 2; i++)
    a[i] = a[i + 5];
}

// collapse(2) over a one-value inner range: each (i, j) has its own a[i].
void single_inner_value(int n, int m, double *a) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = m; j < m + 1; j++)
      a[i] += j;
}

// The same with a non-rectangular one-value range, j == i.
void diagonal_only(int n, double *a) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = i; j < i + 1; j++)
      a[i] += j;
}

// Racy (i+1 is the next iteration), but i lives in [n, 2n-1]: i=0 and i=1
// are never both iterations. A valid witness: n=2, i=2 reads a[3], i=3 writes it.
void shifted_range(int n, double *a) {
#pragma omp parallel for
  for (int i = n; i < 2 * n; i++)
    a[i] = a[i + 1];
}
// CHECK: [[@LINE-2]]:5: warning: 'a' is written by one iteration and read by another
// CHECK: [[@LINE-3]]:12: note: iteration i={{[2-9]|[1-9][0-9]+}} reads 'a[i + 1]' here while iteration i={{[2-9]|[1-9][0-9]+}} writes 'a[i]': both access 'a[{{[0-9]+}}]' (with n={{[0-9]+}}){{$}}

// Racy in j, but j starts at m+1 and stays below 2m: j=0 and j=1 are never
// both values. A valid witness: m=3, j in {4, 5}.
void shifted_inner_range(int n, int m, double *a) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = m + 1; j < 2 * m; j++)
      a[i] += j;
}
// CHECK: [[@LINE-2]]:7: warning: iterations update 'a' at the same element
// CHECK: [[@LINE-3]]:7: note: iterations (i={{[0-9]+}}, j={{[2-9]|[1-9][0-9]+}}) and (i={{[0-9]+}}, j={{[2-9]|[1-9][0-9]+}}) both update 'a[{{[0-9]+}}]' (with {{.*}}m={{[0-9]+}}{{.*}}){{$}}

// Non-rectangular collapse: row i has i items, all updating a[i]. Row 0 is
// empty, so the witness must come from a row with two items, i >= 2.
void triangle_rows(int n, double *a) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      a[i] += j;
}
// CHECK: [[@LINE-2]]:7: warning: iterations update 'a' at the same element
// CHECK: [[@LINE-3]]:7: note: iterations (i=[[I:[2-9]|[1-9][0-9]+]], j={{[0-9]+}}) and (i=[[I]], j={{[0-9]+}}) both update 'a[[[I]]]'{{.*}}{{$}}

// Constant bounds: the distance check applies, and these stay right.
void constant_window(double *a) {
#pragma omp parallel for
  for (int i = 0; i < 2; i++)
    a[i] = a[i + 5];
}

void constant_window_racy(double *a) {
#pragma omp parallel for
  for (int i = 0; i < 6; i++)
    a[i] = a[i + 5];
}
// CHECK: [[@LINE-2]]:5: warning: 'a' is written by one iteration and read by another
// CHECK: [[@LINE-3]]:12: note: iteration i=0 reads 'a[i + 5]' here while iteration i=5 writes 'a[i]': both access 'a[5]'{{$}}
