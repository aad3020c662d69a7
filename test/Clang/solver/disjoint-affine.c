// Index pairs that the exact reasoning proves disjoint: affine rank, row-major
// delinearization, strides, parity, offsets and small closed spaces. Silent.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// expected-no-diagnostics

#define N 16

// a[i*m + j] with 0 <= j < m: row i of a row-major matrix.
void rows(int n, int m, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] = i + j;
}

// The same with the row read and written back, and j <= m - 1.
void rows_update(int n, int m, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= m - 1; j++)
      a[i * m + j] = 2 * a[i * m + j];
}

// Stride first, then the row: m*i + j.
void rows_commuted(int n, int m, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[j + m * i] += 1.0;
}

// A constant row length from a macro.
void rows_macro(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < N; j++)
      a[i * N + j] = 0;
}

// A column of a row-major matrix: iteration j owns column j.
void columns(int n, int m, double *a) {
#pragma omp parallel for
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++)
      a[i * m + j] *= 2;
}

// Strided: 3*i + 1 is injective.
void stride3(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[3 * i + 1] = i;
}

// Even and odd halves: 2*i and 2*i + 1 never meet.
void even_odd(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    a[2 * i] = i;
    a[2 * i + 1] = -i;
  }
}

// Complex numbers stored interleaved, read and written.
void complex_scale(int n, double *z, double s) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double re = z[2 * i], im = z[2 * i + 1];
    z[2 * i] = s * re;
    z[2 * i + 1] = s * im;
  }
}

// An invariant offset on both sides.
void offset(int n, int off, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i + off] = a[i + off] + 1;
}

// Reversed loop, i from n-1 down to 0.
void reversed(int n, double *a, const double *b) {
#pragma omp parallel for
  for (int i = n - 1; i >= 0; i--)
    a[i] = a[i] + b[i];
}

// Step 2: iteration i owns a[i] and a[i+1].
void step2_pairs(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i += 2) {
    a[i] = 0;
    a[i + 1] = 1;
  }
}

// Step 4 with a block of four.
void step4_block(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i += 4) {
    a[i] = a[i + 3];
    a[i + 1] = a[i + 2];
    a[i + 2] = 0;
    a[i + 3] = 0;
  }
}

// collapse(2) on a 2-D array and on a flat row-major array.
void collapse2_2d(int n, double a[][N]) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = i * j;
}

void collapse2_flat(int n, int m, double *a) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] += 1.0;
}

// collapse(3) on a flat 3-D array, ((i*m + j)*p + k).
void collapse3_flat(int n, int m, int p, double *a) {
#pragma omp parallel for collapse(3)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < p; k++)
        a[(i * m + j) * p + k] = i + j + k;
}

// A 3-D flat index with only the outer loop parallel.
void flat3_outer(int n, int m, int p, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      for (int k = 0; k < p; k++)
        a[(i * m + j) * p + k] = 0;
}

// A pointer to the start of row i.
void row_pointer(int n, int k, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *p = a + i * k;
    for (int j = 0; j < k; j++)
      p[j] = j;
  }
}

// Blocks of eight: a[8*b + k] with 0 <= k < 8.
void blocks8(int nb, double *a) {
#pragma omp parallel for
  for (int b = 0; b < nb; b++)
    for (int k = 0; k < 8; k++)
      a[8 * b + k] = b;
}

// Blocks of eight, both halves of each block.
void blocks8_halves(int nb, double *a) {
#pragma omp parallel for
  for (int b = 0; b < nb; b++)
    for (int k = 0; k < 4; k++) {
      double t = a[8 * b + k];
      a[8 * b + k] = a[8 * b + k + 4];
      a[8 * b + k + 4] = t;
    }
}

// A closed iteration space: i % 4 over 0..3 is injective.
void small_modulo(double *a) {
#pragma omp parallel for
  for (int i = 0; i < 4; i++)
    a[i % 4] = i;
}

// i / 2 over the even numbers: injective.
void half_of_even(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i += 2)
    a[i / 2] = i;
}

// Two arrays, one per dimension of the work item.
void two_dims(int n, double a[][N], double b[][N]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = b[i][j] + a[i][j];
}

// The interior of each row: 1 <= j <= m-2, neighbours read from another array.
void row_interior(int n, int m, double *a, const double *b) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 1; j < m - 1; j++)
      a[i * m + j] = b[i * m + j - 1] + b[i * m + j + 1];
}

// A row shifted by one inside its own row: j+1 <= m-1.
void row_shifted(int n, int m, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m - 1; j++)
      a[i * m + j + 1] = a[i * m + j] + a[i * m + j + 1];
}

// A block of seven plus a separate last element.
void blocks_tail(int nb, double *a) {
#pragma omp parallel for
  for (int b = 0; b < nb; b++) {
    for (int k = 0; k < 7; k++)
      a[8 * b + k] = 0;
    a[8 * b + 7] = a[8 * b];
  }
}

// A butterfly on two halves of length h: i and i + h for i < h.
void butterfly(int h, double *a) {
#pragma omp parallel for
  for (int i = 0; i < h; i++) {
    double x = a[i], y = a[i + h];
    a[i] = x + y;
    a[i + h] = x - y;
  }
}

// Copy the second half onto the first: a[i + n] for i < n never meets a[i].
void halves(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + n];
}

// Shifts: i << 1 and (i << 1) + 1.
void shift_pairs(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    a[i << 1] = 0;
    a[(i << 1) + 1] = 1;
  }
}

// A small closed space with a nonlinear index: i*i over 0..7.
void squares_small(double *a) {
#pragma omp parallel for
  for (int i = 0; i < 8; i++)
    a[i * i] = i;
}

// A shift by 4 over 0..3: the distance is longer than the iteration space.
void shift_past_end(double *a) {
#pragma omp parallel for
  for (int i = 0; i < 4; i++)
    a[i] = a[i + 4];
}

// A step-3 loop touching i, i+1, i+2.
void step3_triples(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i += 3) {
    a[i] = a[i + 1] + a[i + 2];
    a[i + 1] = 0;
    a[i + 2] = 0;
  }
}
