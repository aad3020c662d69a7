// privateer-loop-alloc: the naive fix of a shared scratch buffer, one
// allocation per iteration.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
#include <stdlib.h>

void per_iteration(int n, int m, double *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *t = malloc(m * sizeof(double)); // expected-warning {{'t' ('m * 8' bytes) is allocated and freed in every iteration of this parallel loop}}
    for (int k = 0; k < m; k++)
      t[k] = i * k;
    out[i] = t[m - 1];
    free(t);
  }
}

// The size depends on the iteration, the block outlives it, or it is made
// once per thread: silent.
void varying(int n, const int *len, double *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *t = malloc(len[i] * sizeof(double));
    t[0] = i;
    out[i] = t[0];
    free(t);
  }
}

void kept(int n, int m, double **rows) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *t = malloc(m * sizeof(double));
    t[0] = i;
    rows[i] = t;
  }
}

void per_thread(int n, int m, double *out) {
#pragma omp parallel
  {
    double *t = malloc(m * sizeof(double));
#pragma omp for
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < m; k++)
        t[k] = i * k;
      out[i] = t[m - 1];
    }
    free(t);
  }
}
