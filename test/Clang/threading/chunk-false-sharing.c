// privateer-chunk-false-sharing: chunks smaller than a line of the elements
// each iteration writes repeatedly.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc -fplugin-arg-privateer-cache-line=128 %s 2>&1 | FileCheck %s --check-prefix=LINE128

void accumulate(int n, int m, double *a) {
#pragma omp parallel for schedule(static, 1) // expected-warning {{'schedule(static, 1)' gives each thread 8 bytes of 'a' at a time: up to 8 threads write into each 64-byte cache line}}
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      a[i] += k;
}
// LINE128: 'schedule(static, 1)' gives each thread 8 bytes of 'a' at a time: up to 16 threads write into each 128-byte cache line
// LINE128: note: use a chunk of whole lines: 'schedule(static, 16)'

void dynamic_chunk(int n, int m, float *a) {
#pragma omp parallel for schedule(dynamic, 4) // expected-warning {{'schedule(dynamic, 4)' gives each thread 16 bytes of 'a'}}
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      a[i] = a[i] * 0.5f + k;
}

// A line-sized chunk, the default static schedule, and one write per
// iteration: silent.
void whole_lines(int n, int m, double *a) {
#pragma omp parallel for schedule(static, 8)
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      a[i] += k;
}

void default_schedule(int n, int m, double *a) {
#pragma omp parallel for schedule(static)
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      a[i] += k;
}

void written_once(int n, double *a) {
#pragma omp parallel for schedule(static, 1)
  for (int i = 0; i < n; i++)
    a[i] = i;
}

void rows(int n, int m, double *a) {
#pragma omp parallel for schedule(static, 1)
  for (int i = 0; i < n; i++)
    for (int k = 0; k < 8; k++)
      a[i * 8 + k] += k; // 64 bytes per iteration
}

// Chunks of 48 bytes do not divide a line: one line holds the end of one
// chunk, a whole one and the start of a third.
struct Cell {
  double v[6];
};
void cells(int n, int m, struct Cell *c) {
#pragma omp parallel for schedule(dynamic, 1) // expected-warning {{'schedule(dynamic, 1)' gives each thread 48 bytes of 'c' at a time: up to 3 threads write into each 64-byte cache line}}
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      c[i].v[0] += k;
}
