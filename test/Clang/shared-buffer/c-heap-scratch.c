// Heap workspaces: one malloc'ed buffer before the loop reused by every
// iteration (race), versus per-thread buffers and per-iteration row slices.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <omp.h>
#include <stdlib.h>
#include <string.h>

// A workspace cleared with memset and filled by each iteration.
void smooth_rows(int n, int m, const double *in, double *out) {
  double *w = malloc(m * sizeof *w);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    memset(w, 0, m * sizeof *w); // expected-warning {{shared buffer 'w' is scratch that every iteration overwrites}}
    for (int j = 1; j < m - 1; j++)
      w[j] = in[i * m + j - 1] + in[i * m + j + 1];
    double s = 0;
    for (int j = 0; j < m; j++)
      s += w[j];
    out[i] = s;
  }
  free(w);
}

// firstprivate copies the pointer, not the memory it points to.
void smooth_rows_firstprivate(int n, int m, const double *in, double *out) {
  double *w = malloc(m * sizeof *w);
#pragma omp parallel for firstprivate(w)
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      w[j] = 2.0 * in[i * m + j]; // expected-warning {{shared buffer 'w' is scratch that every iteration overwrites}}
    out[i] = w[0] + w[m - 1];
  }
  free(w);
}

// A copy into the workspace with memcpy, then an in-place sort-like pass.
void copy_then_scan(int n, int m, const int *in, int *out) {
  int *tmp = malloc(m * sizeof(int));
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    memcpy(tmp, in + (size_t)i * m, m * sizeof(int)); // expected-warning {{shared buffer 'tmp' is scratch that every iteration overwrites}}
    for (int j = 1; j < m; j++)
      tmp[j] += tmp[j - 1];
    out[i] = tmp[m - 1];
  }
  free(tmp);
}

// One workspace per thread, allocated inside the parallel region.
void smooth_rows_per_thread(int n, int m, const double *in, double *out) {
#pragma omp parallel
  {
    double *w = malloc(m * sizeof *w);
#pragma omp for
    for (int i = 0; i < n; i++) {
      memset(w, 0, m * sizeof *w);
      for (int j = 1; j < m - 1; j++)
        w[j] = in[i * m + j - 1] + in[i * m + j + 1];
      out[i] = w[m / 2];
    }
    free(w);
  }
}

// One workspace per iteration, as a slice of a big buffer: disjoint.
void smooth_rows_slices(int n, int m, const double *in, double *out) {
  double *w = malloc((size_t)n * m * sizeof *w);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *wi = w + (size_t)i * m;
    memset(wi, 0, m * sizeof *wi);
    for (int j = 1; j < m - 1; j++)
      wi[j] = in[i * m + j - 1] + in[i * m + j + 1];
    out[i] = wi[m / 2];
  }
  free(w);
}

// Row pointers into a shared matrix: each iteration writes its own row.
void scale_rows(int n, double *a, const double *f) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *r = &a[i * n];
    for (int j = 0; j < n; j++)
      r[j] *= f[i];
  }
}

// Same, clearing each row with memset.
void clear_rows(int n, int m, float *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    memset(&a[(size_t)i * m], 0, m * sizeof(float));
}
