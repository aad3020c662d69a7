// The variables of a nested loop construct's loops are private to it by
// OpenMP's rules, wherever they are declared (`int i, j;` at function
// scope): a nested 'parallel for' or 'simd' inside an outer work item does
// not share them with other outer iterations. A nested plain 'for' does.
// A struct local to the outer work item whose member only ever holds the
// work item's own allocation is that work item's memory.
// RUN: %cc -fopenmp-version=50 -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <stdlib.h>

void nested_parallel_for(int n, int m, double *a) {
  int i, j;
#pragma omp parallel for
  for (i = 0; i < n; i++)
#pragma omp parallel for
    for (j = 0; j < m; j++)
      a[i * m + j] = i + j;
}

void teams_then_parallel_for(int nb, double *a, const double *b) {
  int blk, k;
#pragma omp teams distribute
  for (blk = 0; blk < nb; blk++)
#pragma omp parallel for
    for (k = blk * 64; k < blk * 64 + 64; k++)
      a[k] = 2 * b[k];
}

void nested_simd(int n, int m, float *a) {
  int i, k;
#pragma omp parallel for
  for (i = 0; i < n; i++) {
#pragma omp simd
    for (k = 0; k < m; k++)
      a[i * m + k] *= 0.5f;
  }
}

void nested_plain_for(int n, int m, double *a) {
  int i, j;
#pragma omp parallel for
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++) // expected-warning {{shared buffer 'j' is scratch that every iteration overwrites}}
      a[i * m + j] = i + j;
}

struct tile { int n; double **rows; };

void own_rows(int ntiles, int nrows, struct tile *out) {
  int i, j;
#pragma omp parallel for
  for (i = 0; i < ntiles; i++) {
    struct tile t;
    t.n = nrows;
    t.rows = malloc(nrows * sizeof *t.rows);
#pragma omp parallel for
    for (j = 0; j < nrows; j++)
      t.rows[j] = calloc(8, sizeof(double));
    out[i] = t;
  }
}

void shared_rows(int ntiles, int nrows, double **common, struct tile *out) {
  int i, j;
#pragma omp parallel for
  for (i = 0; i < ntiles; i++) {
    struct tile t;
    t.n = nrows;
    t.rows = common; // every tile's rows are the same array
#pragma omp parallel for
    for (j = 0; j < nrows; j++)
      t.rows[j] = calloc(8, sizeof(double)); // expected-warning {{'t' is written by every iteration at the same element}}
    out[i] = t;
  }
}
