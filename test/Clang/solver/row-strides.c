// Rows separated by a stride the caller chose (a leading dimension `lld`,
// a plane size `nnr`): a collision that exists only when the stride is
// shorter than a row (lld < m, or 0) is not proven, since real code
// allocates lld >= m where the analysis cannot see it ("may"). A collision
// that needs no such stride stays certain.
// RUN: %cc -Xclang -verify=expected -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc -fplugin-arg-privateer-report-may -Xclang -verify=expected,may -Xclang -verify-ignore-unexpected=note %s

// --- "May": only overlapping rows collide. ---

void zero_rows(double *a, int m, int n, int lld) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * lld + j] = 0; // may-warning {{'a' may be written by}}
}

// Fortran-style 1-based blocks: A((I-1)*LLD + J).
void zero_block_1based(double *a, int m, int n, int lld) {
#pragma omp parallel for collapse(2)
  for (int i = 1; i <= n; i++)
    for (int j = 1; j <= m; j++)
      a[(i - 1) * lld + j] = 0; // may-warning {{'a' may be written by}}
}

// Planes of nnr elements, the parallel loop inside a plane.
void accumulate_planes(double *aux, int nnr, int n, int m) {
#pragma omp parallel for
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++)
      aux[j + i * nnr] += 1.0; // may-warning {{iterations can update 'aux'}}
}

// --- Firing: the collision needs no short stride. ---

// The row runs one past the stride: a[i*lld + lld] is row i+1's first.
void row_one_too_long(double *a, int n, int lld) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= lld; j++)
      a[i * lld + j] = 0; // expected-warning {{'a' is written by}}
}

// Two iterations pick the same row.
void halved_rows(double *a, int m, int n, int lld) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[(i / 2) * lld + j] = 0; // expected-warning {{'a' is written by}}
}

// --- Silent: rows of one iteration each. ---

void own_rows(double *a, int m, int n, int lld) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i * lld] = 0;
}
