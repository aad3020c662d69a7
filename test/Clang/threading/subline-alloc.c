// privateer-subline-alloc: per-thread 96-byte workspaces (the Monte Carlo
// code that stopped scaling at 4 threads), and the variants that are fine.
// RUN: %cc -fplugin-arg-privateer-report-may -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
#include <omp.h>
#include <stdlib.h>

void workspaces(int n, double *out) {
#pragma omp parallel
  {
    double *ws = malloc(96); // expected-warning {{per-thread block 'ws' of 96 bytes is not a whole number of 64-byte cache lines and is aligned to 16 bytes only}}
    for (int k = 0; k < n; k++)
      ws[k % 12] += k;
    out[omp_get_thread_num()] = ws[0];
    free(ws);
  }
}

void workspaces_calloc(int n, float *out) {
#pragma omp parallel
  {
    float *ws = calloc(10, sizeof(float)); // expected-warning {{per-thread block 'ws' of 40 bytes}}
    for (int k = 0; k < n; k++)
      ws[k % 10] += k;
    out[omp_get_thread_num()] = ws[0];
    free(ws);
  }
}

// Slots filled before the region, one per thread.
void slots(int n, int nthreads, double *out) {
  double **ws = malloc(nthreads * sizeof *ws);
  for (int t = 0; t < nthreads; t++)
    ws[t] = malloc(96); // expected-warning {{per-thread block 'ws[...]' of 96 bytes}}
#pragma omp parallel num_threads(nthreads)
  {
    int t = omp_get_thread_num();
    for (int k = 0; k < n; k++)
      ws[t][k % 12] += k;
    out[t] = ws[t][0];
  }
}

// Line-aligned whole lines, writes outside any loop, and read-only use.
void aligned(int n, double *out) {
#pragma omp parallel
  {
    double *ws = aligned_alloc(64, 128);
    for (int k = 0; k < n; k++)
      ws[k % 16] += k;
    out[omp_get_thread_num()] = ws[0];
    free(ws);
  }
}

void written_once(double *out) {
#pragma omp parallel
  {
    double *ws = malloc(96);
    ws[0] = 1;
    out[omp_get_thread_num()] = ws[0];
    free(ws);
  }
}

void allocated_by_one_thread(int n, double *out) {
#pragma omp parallel
  {
#pragma omp single
    {
      double *ws = malloc(96);
      for (int k = 0; k < n; k++)
        ws[k % 12] += k;
      out[0] = ws[0];
      free(ws);
    }
  }
}

// A size known only at run time may be under a line: "may".
void runtime_size(int n, int m, double *out) {
#pragma omp parallel
  {
    double *ws = malloc(m * sizeof(double)); // expected-warning {{per-thread block 'ws' of 'm * 8' bytes may be less than a 64-byte cache line and is aligned to 16 bytes only}}
    for (int k = 0; k < n; k++)
      ws[k % m] += k;
    out[omp_get_thread_num()] = ws[0];
    free(ws);
  }
}

// Two or more whole lines: each thread shares at most its end lines.
void two_lines(int n, double *out) {
#pragma omp parallel
  {
    double *ws = malloc(128);
    for (int k = 0; k < n; k++)
      ws[k % 16] += k;
    out[omp_get_thread_num()] = ws[0];
    free(ws);
  }
}

// Line aligned but not whole lines: the next block can start in its last
// line.
void aligned_part_line(int n, double *out) {
#pragma omp parallel
  {
    double *ws = aligned_alloc(64, 96); // expected-warning {{per-thread block 'ws' of 96 bytes is not a whole number of 64-byte cache lines: blocks of different threads can share a line}}
    for (int k = 0; k < n; k++)
      ws[k % 12] += k;
    out[omp_get_thread_num()] = ws[0];
    free(ws);
  }
}

// One block per work item, made before the loop and picked by the
// iteration (Rodinia's myocyte: x[i] = malloc(...), solver(x[i], ...)):
// blocks per iteration, not per thread.
static void integrate(float *x, int steps) {
  for (int s = 1; s <= steps; s++)
    x[s] = x[s - 1] * 0.5f + 1.0f;
}

void per_iteration_slots(int work, int steps) {
  float **x = malloc(work * sizeof(float *));
  for (int i = 0; i < work; i++)
    x[i] = calloc(1 + steps, sizeof(float));
#pragma omp parallel for schedule(static)
  for (int i = 0; i < work; i++)
    integrate(x[i], steps);
  for (int i = 0; i < work; i++)
    free(x[i]);
  free(x);
}

void per_iteration_slots_inline(int work, int n) {
  double *rows[64];
  for (int i = 0; i < 64; i++)
    rows[i] = malloc(96);
#pragma omp parallel for
  for (int i = 0; i < 64; i++)
    for (int k = 0; k < n; k++)
      rows[i][k % 12] += k;
}

void per_task_slots(int work, int steps) {
  float **x = malloc(work * sizeof(float *));
  for (int i = 0; i < work; i++)
    x[i] = malloc(40);
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < work; i++) {
#pragma omp task
    integrate(x[i], 9);
  }
}

// The same slots picked by the thread number in a worksharing loop: one
// block per thread.
void per_thread_slots_in_loop(int n, int nthreads, double *out) {
  double **ws = malloc(nthreads * sizeof *ws);
  for (int t = 0; t < nthreads; t++)
    ws[t] = malloc(96); // expected-warning {{per-thread block 'ws[...]' of 96 bytes}}
#pragma omp parallel for num_threads(nthreads)
  for (int i = 0; i < n; i++) {
    double *w = ws[omp_get_thread_num()];
    for (int k = 0; k < 12; k++)
      w[k] += i;
    out[i] = w[0];
  }
}
