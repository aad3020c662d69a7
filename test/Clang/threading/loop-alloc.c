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

// A small block in an iteration that runs a long loop: the allocation is a
// few percent of the iteration at most; no report.
void small_beside_heavy(int n, double *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *w = malloc(256);
    double s = 0;
    for (int k = 0; k < 100000; k++) {
      w[k % 32] = k;
      s += w[(k * 7) % 32];
    }
    out[i] = s;
    free(w);
  }
}

// The same block beside a short loop is the cost of the iteration.
void small_beside_light(int n, double *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *w = malloc(256); // expected-warning {{'w' (256 bytes) is allocated and freed in every iteration}}
    for (int k = 0; k < 32; k++)
      w[k] = i + k;
    out[i] = w[3] + w[31];
    free(w);
  }
}
