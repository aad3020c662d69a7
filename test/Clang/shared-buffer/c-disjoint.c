// Loops whose iterations write disjoint elements and only read shared data:
// element-wise kernels, even/odd pairs, collapsed 2-D/3-D loops, stencils
// into a second array, strided and reversed loops, read-only tables.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// expected-no-diagnostics

#include <omp.h>

static const double coef[5] = {0.1, 0.2, 0.4, 0.2, 0.1};
static double lut[256]; // filled once before the parallel loops

void saxpy(int n, float a, const float *x, float *y) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

// Interleaved complex numbers: re at 2i, im at 2i+1.
void cmul(int n, double *z, const double *w) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double re = z[2 * i] * w[2 * i] - z[2 * i + 1] * w[2 * i + 1];
    double im = z[2 * i] * w[2 * i + 1] + z[2 * i + 1] * w[2 * i];
    z[2 * i] = re;
    z[2 * i + 1] = im;
  }
}

// Pairwise swap: reads the odd element, writes the even one and back.
void swap_pairs(int n, int *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    int t = a[2 * i];
    a[2 * i] = a[2 * i + 1];
    a[2 * i + 1] = t;
  }
}

void add2d(int n, int m, double b[n][m], const double a[n][m]) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      b[i][j] = a[i][j] + 1.0;
}

void init3d(int nx, int ny, int nz, float *u) {
#pragma omp parallel for collapse(3)
  for (int i = 0; i < nx; i++)
    for (int j = 0; j < ny; j++)
      for (int k = 0; k < nz; k++)
        u[((size_t)i * ny + j) * nz + k] = (float)(i + j + k);
}

// Transpose: iteration i writes column i of b.
void transpose(int n, const double *a, double *b) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      b[j * n + i] = a[i * n + j];
}

// Matrix multiply with the output row owned by iteration i.
void matmul(int n, const double *A, const double *B, double *C) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int k = 0; k < n; k++)
        s += A[i * n + k] * B[k * n + j];
      C[i * n + j] = s;
    }
}

// 1-D three-point stencil into a second array.
void blur1d(int n, const double *a, double *b) {
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    b[i] = (a[i - 1] + a[i] + a[i + 1]) / 3.0;
}

// 2-D five-point Jacobi sweep, collapsed.
void jacobi(int n, const double *u, double *v) {
#pragma omp parallel for collapse(2)
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < n - 1; j++)
      v[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] +
                             u[i * n + j - 1] + u[i * n + j + 1]);
}

// Convolution with a const global table.
void convolve(int n, const double *x, double *y) {
#pragma omp parallel for
  for (int i = 2; i < n - 2; i++) {
    double s = 0;
    for (int k = -2; k <= 2; k++)
      s += coef[k + 2] * x[i + k];
    y[i] = s;
  }
}

// A non-const global table that is only read inside the loop.
void apply_lut(int n, const unsigned char *in, double *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = lut[in[i]];
}

// Step 2: iteration i owns a[i] and a[i+1].
void pair_step(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n - 1; i += 2) {
    a[i] = a[i] + a[i + 1];
    a[i + 1] = 0;
  }
}

// Reversed loop.
void reverse_scale(int n, double *a, double f) {
#pragma omp parallel for
  for (int i = n - 1; i >= 0; i--)
    a[i] *= f;
}

// Reversal into a second array.
void reverse_copy(int n, const int *a, int *b) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    b[n - 1 - i] = a[i];
}

// Old-style loop variable declared outside: predetermined private.
void old_style(int n, double *a) {
  int i;
#pragma omp parallel for
  for (i = 0; i < n; i++)
    a[i] = i * 0.5;
}

// In-place element-wise update reading the same element.
void square_inplace(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i] * a[i];
}
