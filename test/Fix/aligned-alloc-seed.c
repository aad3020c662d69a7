// The seed cases of per-thread workspaces that share cache lines (the
// gprofng false-sharing talk): each thread mallocs a 96-byte workspace in
// 'omp parallel' and writes it in the region's 'omp for'; and one thread
// fills a slot per thread (`w[t] = malloc(96)`) that the threads write in
// a 'parallel for'. Both blocks become line-aligned, line-rounded ones,
// freed as before. A block only read in the loop, or already aligned, is
// left alone.
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG --implicit-check-not=warning:
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | count 0 && diff %t/once.c %t/in.c
// RUN: %clang -x c -O1 -fopenmp %s -o %t/before && env OMP_NUM_THREADS=4 %t/before > %t/expected
// RUN: %clang -x c -O1 -fopenmp %t/in.c -o %t/after
// RUN: env OMP_NUM_THREADS=1 %t/after | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/after | diff %t/expected -
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %t/in.c -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

double region_workspace(const double *x, int n) {
  double total = 0;
#pragma omp parallel reduction(+ : total)
  {
    double *ws = malloc(96);
#pragma omp for
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < 12; k++)
        ws[k] = x[i] * k;
      total += ws[3] + ws[11];
    }
    free(ws);
  }
  return total;
}

// The workspace written by a helper the loop calls (the talk's code hands
// it to functions of other files).
static void step(double *w, const double *x, int i) {
  for (int j = 0; j < 12; j++)
    w[j] = x[i] * (j + 1);
}

double helper_workspace(const double *x, int n) {
  double total = 0;
#pragma omp parallel reduction(+ : total)
  {
    double *w = malloc(12 * sizeof(double));
#pragma omp for
    for (int i = 0; i < n; i++) {
      step(w, x, i);
      total += w[11];
    }
    free(w);
  }
  return total;
}

double slot_workspaces(const double *x, int n) {
  double *w[16];
  double total = 0;
  for (int t = 0; t < 16; t++)
    w[t] = malloc(96);
#pragma omp parallel for num_threads(4) reduction(+ : total)
  for (int i = 0; i < n; i++) {
    double *mine = w[omp_get_thread_num()];
    for (int k = 0; k < 12; k++)
      mine[k] = x[i] + k;
    total += mine[5];
  }
  for (int t = 0; t < 16; t++)
    free(w[t]);
  return total;
}

// Only read in the loop: no line bounces.
double read_only(const double *x, int n) {
  double total = 0;
#pragma omp parallel reduction(+ : total)
  {
    double *ws = malloc(96);
    for (int k = 0; k < 12; k++)
      ws[k] = k;
#pragma omp for
    for (int i = 0; i < n; i++)
      total += ws[i % 12] * x[i];
    free(ws);
  }
  return total;
}

// Whole, aligned lines already.
double aligned(const double *x, int n) {
  double total = 0;
#pragma omp parallel reduction(+ : total)
  {
    double *ws = aligned_alloc(64, 128);
#pragma omp for
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < 12; k++)
        ws[k] = x[i] * k;
      total += ws[3];
    }
    free(ws);
  }
  return total;
}

int main(void) {
  static double x[20000];
  for (int i = 0; i < 20000; i++)
    x[i] = (i % 13) * 0.5;
  printf("%.1f %.1f %.1f %.1f %.1f\n", region_workspace(x, 20000),
         helper_workspace(x, 20000), slot_workspaces(x, 20000),
         read_only(x, 20000), aligned(x, 20000));
  return 0;
}
// DIAG: warning: per-thread block 'ws' of 96 bytes is not a whole number of 64-byte cache lines
// DIAG: note: written in a loop here
// DIAG: warning: per-thread block 'w' of 96 bytes
// DIAG: note: written in a loop here
// DIAG: warning: per-thread block 'w[...]' of 96 bytes
// DIAG: note: written in a loop here
// FIXED:      double *ws = aligned_alloc(64, 128);
// FIXED:        ws[k] = x[i] * k;
// FIXED:      free(ws);
// FIXED:      double *w = aligned_alloc(64, 128 /* 12 * sizeof(double), rounded up to whole lines */);
// FIXED:      w[t] = aligned_alloc(64, 128);
// FIXED:      free(w[t]);
// CLEAN: {{^[0-9]+\.[0-9]+ }}
