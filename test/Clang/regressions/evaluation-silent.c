// Correct kernels a blind evaluation found reported; each must stay silent.
// RUN: %cc -Xclang -verify %s
// expected-no-diagnostics
#include <omp.h>

// Thread-indexed partial sums inside a worksharing loop: iterations with the
// same thread id run on one thread, one after another.
void partials(int n, const double *x, double *part) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    part[omp_get_thread_num()] += x[i];
}

void partials_in_region(int n, const double *x, double *part) {
#pragma omp parallel
  {
    int t = omp_get_thread_num();
#pragma omp for
    for (int i = 0; i < n; i++)
      part[t] += x[i];
  }
}

// Manual partition of [0, n) by thread.
void partition(int n, double *s) {
#pragma omp parallel
  {
    int t = omp_get_thread_num(), T = omp_get_num_threads();
    int lo = n * t / T, hi = n * (t + 1) / T;
    for (int i = lo; i < hi; i++)
      s[i] = 0;
  }
}

// A barrier orders the write before the neighbour's read.
void barrier(double *b, double *out) {
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    b[t + 1] = t;
#pragma omp barrier
    out[t] = b[t];
  }
}

// Red-black ordering: iterations i and i+1 touch different colours.
void red_black(int n, double u[][64]) {
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    for (int j = 1 + i % 2; j < 63; j += 2)
      u[i][j] = u[i - 1][j];
}

// BLAS-style strides are non-zero.
void axpy(int n, double a, const double *x, int incx, double *y, int incy) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    y[i * incy] += a * x[i * incx];
}

// LU row elimination inside a sequential k loop.
void lu(int n, double *a) {
  for (int k = 0; k < n - 1; k++) {
#pragma omp parallel for
    for (int i = k + 1; i < n; i++)
      for (int j = k + 1; j < n; j++)
        a[i * n + j] -= a[i * n + k] * a[k * n + j];
  }
}

// `omp loop` and `scope` inside a parallel region.
void loop_and_scope(int n, double *a, double *s) {
  double t[4];
#pragma omp parallel
  {
#pragma omp loop
    for (int i = 0; i < n; i++)
      a[i] = i;
#pragma omp scope private(t) reduction(+ : s[0])
    {
      for (int k = 0; k < 4; k++)
        t[k] = k;
      s[0] += t[3];
    }
  }
}

// Doacross: the dependences are synchronized.
void doacross(int n, double a[][64]) {
#pragma omp parallel for ordered(2)
  for (int i = 1; i < n; i++)
    for (int j = 1; j < 64; j++) {
#pragma omp ordered depend(sink : i - 1, j) depend(sink : i, j - 1)
      a[i][j] = a[i - 1][j] + a[i][j - 1];
#pragma omp ordered depend(source)
    }
}

// Loops that cannot run on two threads.
void serial(double *a) {
#pragma omp parallel for
  for (int i = 0; i < 0; i++)
    a[0] = i;
#pragma omp parallel for if (0)
  for (int i = 0; i < 8; i++)
    a[0] = i;
}

// Second blind evaluation: block ends clamped with a ternary, a MIN macro
// or a team-sized chunk, and CSR segments bounded by loaded row pointers.
#define BS 64
#define MIN(a, b) ((a) < (b) ? (a) : (b))

void clamped_blocks(int n, double *a) {
#pragma omp parallel for
  for (int ib = 0; ib < n; ib += BS) {
    int end = ib + BS < n ? ib + BS : n;
    for (int i = ib; i < end; i++)
      a[i] = i;
  }
}

void team_chunks(int n, double *out) {
#pragma omp parallel
  {
    int nt = omp_get_num_threads(), tid = omp_get_thread_num();
    int chunk = (n + nt - 1) / nt;
    int lo = tid * chunk, hi = MIN(lo + chunk, n);
    for (int i = lo; i < hi; i++)
      out[i] = i;
  }
}

void csr_scale(int nrows, const int *rp, double *val) {
#pragma omp parallel for
  for (int i = 0; i < nrows; i++)
    for (int p = rp[i]; p < rp[i + 1]; p++)
      val[p] *= 2;
}

void csr_fill(int nrows, const int *rp, double *val) {
#pragma omp parallel for
  for (int i = 0; i < nrows; i++)
    for (int p = rp[i]; p < rp[i + 1]; p++)
      val[p] = i;
}
