// Scalar accumulations (sum, max, count) in parallel loops: without a
// reduction clause the updates race; reduction/atomic/critical fix them.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <omp.h>

double sum_racy(int n, const double *a) {
  double s = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    s += a[i]; // expected-warning {{'s' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]}}
  return s;
}

double sum_reduction(int n, const double *a) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}

double dot_racy(int n, const double *x, const double *y) {
  double s = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    s = s + x[i] * y[i]; // expected-warning {{'s' is updated by every iteration without a reduction}}
  return s;
}

double sum_atomic(int n, const double *a) {
  double s = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    s += a[i];
  }
  return s;
}

double sum_critical(int n, const double *a) {
  double s = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical
    s += a[i];
  }
  return s;
}

// Per-thread partial sums combined once per thread.
double sum_partials(int n, const double *a) {
  double s = 0;
#pragma omp parallel
  {
    double local = 0;
#pragma omp for
    for (int i = 0; i < n; i++)
      local += a[i];
#pragma omp atomic
    s += local;
  }
  return s;
}

double max_racy(int n, const double *a) {
  double m = a[0];
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    if (a[i] > m)
      m = a[i]; // expected-warning {{'m' is updated by every iteration without a reduction}}
  return m;
}

double max_reduction(int n, const double *a) {
  double m = a[0];
#pragma omp parallel for reduction(max : m)
  for (int i = 1; i < n; i++)
    if (a[i] > m)
      m = a[i];
  return m;
}

double max_critical(int n, const double *a) {
  double m = a[0];
#pragma omp parallel for
  for (int i = 1; i < n; i++) {
#pragma omp critical(maxlock)
    {
      if (a[i] > m)
        m = a[i];
    }
  }
  return m;
}

// Counting elements that pass a test; the count itself is not used inside.
int count_positive_racy(int n, const double *a) {
  int c = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (a[i] > 0)
      c++; // expected-warning {{'c' is updated by every iteration without a reduction; concurrent updates are lost}}
  return c;
}

int count_positive(int n, const double *a) {
  int c = 0;
#pragma omp parallel for reduction(+ : c)
  for (int i = 0; i < n; i++)
    if (a[i] > 0)
      c++;
  return c;
}

// Two accumulators, only one of them in the reduction clause.
void mean_var_racy(int n, const double *a, double *mean, double *var) {
  double s = 0, s2 = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++) {
    s += a[i];
    s2 += a[i] * a[i]; // expected-warning {{'s2' is updated by every iteration without a reduction}}
  }
  *mean = s / n;
  *var = s2 / n - *mean * *mean;
}

void mean_var(int n, const double *a, double *mean, double *var) {
  double s = 0, s2 = 0;
#pragma omp parallel for reduction(+ : s, s2)
  for (int i = 0; i < n; i++) {
    s += a[i];
    s2 += a[i] * a[i];
  }
  *mean = s / n;
  *var = s2 / n - *mean * *mean;
}

// Accumulating through an output pointer parameter.
void sum_into_racy(int n, const double *a, double *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    *out += a[i]; // expected-warning {{iterations update 'out' at the same element without synchronization; concurrent updates are lost}}
}
