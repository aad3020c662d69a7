// Per-iteration temporaries (scalars, fixed arrays, inner loop counters)
// declared before an OpenMP loop and so shared by all its iterations.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <omp.h>

#define K 8

// A temporary scalar the author forgot to list in private().
void axpy_shift(int n, double a, const double *x, double *y) {
  double t;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    t = a * x[i]; // expected-warning {{shared buffer 't' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]}}
    y[i] = t + 1.0;
  }
}

void axpy_shift_private(int n, double a, const double *x, double *y) {
  double t;
#pragma omp parallel for private(t)
  for (int i = 0; i < n; i++) {
    t = a * x[i];
    y[i] = t + 1.0;
  }
}

void axpy_shift_lastprivate(int n, double a, const double *x, double *y,
                            double *last) {
  double t = 0;
#pragma omp parallel for lastprivate(t)
  for (int i = 0; i < n; i++) {
    t = a * x[i];
    y[i] = t + 1.0;
  }
  *last = t;
}

// Two temporaries, only one of them privatized.
void polar(int n, const double *re, const double *im, double *mag, double *q) {
  double r2, s;
#pragma omp parallel for private(r2)
  for (int i = 0; i < n; i++) {
    r2 = re[i] * re[i] + im[i] * im[i];
    s = r2 > 1.0 ? 1.0 / r2 : r2; // expected-warning {{shared buffer 's' is scratch that every iteration overwrites}}
    mag[i] = r2;
    q[i] = s;
  }
}

// C89-style: the inner loop counter is declared at the top of the function.
// Only the outer (associated) loop variable is predetermined private in C.
void matvec(int n, int m, const double *A, const double *x, double *y) {
  int i, j;
#pragma omp parallel for
  for (i = 0; i < n; i++) {
    double s = 0;
    for (j = 0; j < m; j++) // expected-warning {{shared buffer 'j' is scratch that every iteration overwrites}}
      s += A[i * m + j] * x[j];
    y[i] = s;
  }
}

void matvec_private_j(int n, int m, const double *A, const double *x,
                      double *y) {
  int i, j;
#pragma omp parallel for private(j)
  for (i = 0; i < n; i++) {
    double s = 0;
    for (j = 0; j < m; j++)
      s += A[i * m + j] * x[j];
    y[i] = s;
  }
}

void matvec_c99(int n, int m, const double *A, const double *x, double *y) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double s = 0;
    for (int j = 0; j < m; j++)
      s += A[i * m + j] * x[j];
    y[i] = s;
  }
}

// With collapse(2) both loop variables are associated, hence private.
void add2d_c89(int n, int m, double *b, const double *a) {
  int i, j;
#pragma omp parallel for collapse(2)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      b[i * m + j] = a[i * m + j] + 1.0;
}

// The inner counter declared inside the parallel region: one per thread.
void matvec_region(int n, int m, const double *A, const double *x,
                   double *y) {
#pragma omp parallel
  {
    int j;
#pragma omp for
    for (int i = 0; i < n; i++) {
      double s = 0;
      for (j = 0; j < m; j++)
        s += A[i * m + j] * x[j];
      y[i] = s;
    }
  }
}

// A small fixed array reused per point, e.g. to hold neighbour weights.
void weights(int n, const double *x, double *out) {
  double w[K];
  int k;
#pragma omp parallel for private(k)
  for (int i = 0; i < n; i++) {
    for (k = 0; k < K; k++)
      w[k] = x[i] * (k + 1); // expected-warning {{shared buffer 'w' is scratch that every iteration overwrites}}
    double s = 0;
    for (k = 0; k < K; k++)
      s += w[k] * w[k];
    out[i] = s;
  }
}

// The same scratch array, one per thread, in a parallel region.
void weights_region(int n, const double *x, double *out) {
#pragma omp parallel
  {
    double w[K];
#pragma omp for
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < K; k++)
        w[k] = x[i] * (k + 1);
      double s = 0;
      for (int k = 0; k < K; k++)
        s += w[k] * w[k];
      out[i] = s;
    }
  }
}

// A global scratch buffer made thread-local with threadprivate.
static double gbuf[K];
#pragma omp threadprivate(gbuf)

void weights_threadprivate(int n, const double *x, double *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < K; k++)
      gbuf[k] = x[i] + k;
    out[i] = gbuf[0] + gbuf[K - 1];
  }
}

// The same global without threadprivate: shared.
static double gtmp[K];

void weights_global(int n, const double *x, double *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < K; k++)
      gtmp[k] = x[i] + k; // expected-warning {{shared buffer 'gtmp' is scratch that every iteration overwrites}}
    out[i] = gtmp[0] + gtmp[K - 1];
  }
}

// Written under a condition and read only after that write, on the same
// path: still scratch (private fixes it).
void clamp_positive(int n, const double *x, double *y) {
  double r;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (x[i] > 0) {
      r = x[i] * 2.0; // expected-warning {{shared buffer 'r' is scratch that every iteration overwrites}}
      y[i] = r + r * r;
    } else {
      y[i] = -x[i];
    }
  }
}

// A scratch element of a small array, written then read in a while body.
void drain(int n, const int *x, int *y) {
  int pair[2];
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    int k = x[i];
    while (k > 1) {
      pair[1] = k / 2; // expected-warning {{shared buffer 'pair' is scratch that every iteration overwrites}}
      k = pair[1];
    }
    y[i] = k;
  }
}

// Read outside the branch that writes it: an iteration can read what
// another left, so it is no scratch (it is reported as a collision).
void carried(int n, const double *x, double *y) {
  double last = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (x[i] > 0)
      last = x[i]; // expected-warning {{'last' is written by every iteration without synchronization}}
    y[i] = last;
  }
}

// Written in one branch, read in the other: no scratch either.
void other_branch(int n, const double *x, double *y) {
  double keep = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (x[i] > 0)
      keep = x[i]; // expected-warning {{'keep' is written by every iteration without synchronization}}
    else
      y[i] = keep;
  }
}
