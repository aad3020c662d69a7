// Helper functions called from a parallel loop: a helper that writes through
// a pointer parameter or to a global/static buffer makes the caller's loop
// race when every iteration passes the same memory. The warning points at
// the call in the loop; a note names the write inside the helper.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <omp.h>

#define D 4

// C = A * A for a DxD block.
static void mul(double *C, const double *A, int n) {
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++) {
      double s = 0;
      for (int k = 0; k < n; k++)
        s += A[r * n + k] * A[k * n + c];
      C[r * n + c] = s;
    }
}

static double trace(const double *C, int n) {
  double t = 0;
  for (int r = 0; r < n; r++)
    t += C[r * n + r];
  return t;
}

// One product buffer shared by all iterations.
void traces_racy(int nblk, const double *blocks, double *out) {
  double C[D * D];
#pragma omp parallel for
  for (int b = 0; b < nblk; b++) {
    mul(C, blocks + b * D * D, D); // expected-warning {{shared buffer 'C' is scratch that every iteration overwrites}}
    out[b] = trace(C, D);
  }
}

void traces(int nblk, const double *blocks, double *out) {
#pragma omp parallel for
  for (int b = 0; b < nblk; b++) {
    double C[D * D];
    mul(C, blocks + b * D * D, D);
    out[b] = trace(C, D);
  }
}

// Each iteration writes its own output block: disjoint.
void squares(int nblk, const double *blocks, double *outblk) {
#pragma omp parallel for
  for (int b = 0; b < nblk; b++)
    mul(outblk + b * D * D, blocks + b * D * D, D);
}

// A helper that keeps a static scratch buffer: shared by all threads.
static double norm_static(const double *v) {
  static double sq[D];
  for (int k = 0; k < D; k++)
    sq[k] = v[k] * v[k];
  return sq[0] + sq[1] + sq[2] + sq[3];
}

void norms_racy(int n, const double *v, double *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = norm_static(v + i * D); // expected-warning {{shared buffer 'sq' is scratch that every iteration overwrites}}
}

// The same helper with an automatic buffer.
static double norm_auto(const double *v) {
  double sq[D];
  for (int k = 0; k < D; k++)
    sq[k] = v[k] * v[k];
  return sq[0] + sq[1] + sq[2] + sq[3];
}

void norms(int n, const double *v, double *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = norm_auto(v + i * D);
}

// A helper that counts its calls in a global.
static long ncalls;
static double f_counted(double x) {
  ncalls++;
  return x * x;
}

void apply_counted(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = f_counted(a[i]); // expected-warning {{'ncalls' is updated by every iteration without a reduction; concurrent updates are lost}}
}

static long ncalls_atomic;
static double f_counted_atomic(double x) {
#pragma omp atomic
  ncalls_atomic++;
  return x * x;
}

void apply_counted_atomic(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = f_counted_atomic(a[i]);
}

// A setter writing a[i] through a pointer parameter: disjoint.
static void set(double *a, int i, double v) { a[i] = v; }

void fill(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    set(a, i, 2.0 * i);
}

// A setter writing the same slot from every iteration.
void fill_first_racy(int n, double *a, const double *v) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    set(a, 0, v[i]); // expected-warning {{'a' is written by every iteration at the same element without synchronization}}
}

// A pure helper reading a shared table.
static const int tab[8] = {1, 2, 4, 8, 16, 32, 64, 128};
static int lookup(const int *t, int k) { return t[k & 7]; }

void map_lookup(int n, const int *in, int *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = lookup(tab, in[i]);
}
