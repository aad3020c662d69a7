// A loop that ran has a trip count of at least one: inside the loop over
// it from lo to hi - 1 around the construct, hi > lo, so the rows of
// hi - lo elements each iteration writes are apart. Without that loop the
// stride may be 0 (every iteration writes a[0]).
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

void blocks(int lo, int hi, int n, double *a, const double *b) {
  for (int it = lo; it < hi; it++) {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      a[i * (hi - lo)] = b[it];
  }
}

void no_loop(int lo, int hi, int n, double *a, const double *b) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i * (hi - lo)] = b[lo]; // expected-warning {{'a' is written by every iteration at the same element without synchronization}}
}
