// Shared scalars written by only some iterations: one designated iteration
// (silent unless other iterations read the value), "found" flags set by many
// iterations, and a last value written by every iteration.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <omp.h>

// Only iteration 0 records a flag; nobody reads it inside the loop.
void first_only(int n, const double *a, double *b, int *started) {
  int x = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (i == 0)
      x = 1;
    b[i] = 2.0 * a[i];
  }
  *started = x;
}

// Only the last iteration stores the final element.
void last_only(int n, const double *a, double *last) {
  double l = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (i == n - 1)
      l = a[i];
  *last = l;
}

// Iteration 0 writes a value that all other iterations read.
void first_broadcast_racy(int n, const double *a, double *b) {
  double base = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (i == 0)
      base = a[0]; // expected-warning {{'base' is written by}}
    b[i] = a[i] - base;
  }
}

// Several iterations may set the flag: a data race even if all write 1.
int contains_racy(int n, const int *a, int key) {
  int found = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (a[i] == key)
      found = 1; // all write 1: privateer-same-value-store's
  return found;
}

int contains_atomic(int n, const int *a, int key) {
  int found = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (a[i] == key) {
#pragma omp atomic write
      found = 1;
    }
  return found;
}

int contains_reduction(int n, const int *a, int key) {
  int found = 0;
#pragma omp parallel for reduction(|| : found)
  for (int i = 0; i < n; i++)
    if (a[i] == key)
      found = 1;
  return found;
}

// Every iteration stores its value in a shared scalar that is never read in
// the loop: the stores collide and the final value is arbitrary.
double last_value_racy(int n, const double *a) {
  double v = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    v = a[i]; // expected-warning {{'v' is written by every iteration without synchronization}}
  return v;
}

double last_value(int n, const double *a) {
  double v = 0;
#pragma omp parallel for lastprivate(v)
  for (int i = 0; i < n; i++)
    v = a[i];
  return v;
}

// Several iterations may record an error index.
int first_negative_racy(int n, const double *a) {
  int where = -1;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (a[i] < 0)
      where = i; // expected-warning {{'where' is written by}}
  return where;
}

int first_negative(int n, const double *a) {
  int where = n;
#pragma omp parallel for reduction(min : where)
  for (int i = 0; i < n; i++)
    if (a[i] < 0 && i < where)
      where = i;
  return where < n ? where : -1;
}
