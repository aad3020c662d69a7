// Tasks a loop generates take its variable firstprivate: each has its own
// value, whatever else the loop's condition tests and wherever the variable
// starts. One slot for all of them races.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

void compound(double *out, int n, const int *more) {
#pragma omp parallel
#pragma omp single
  {
    int i = 0;
    for (; i < n && more[i]; i++) {
#pragma omp task
      out[i] = 2.0 * i;
    }
  }
}

void one_slot(double *out, int n, const int *more) {
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n && more[i]; i++) {
#pragma omp task
    out[0] += i; // expected-warning {{tasks update 'out' at the same element without synchronization}}
  }
}
