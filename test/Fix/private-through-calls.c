// Scratch that the loop only reaches through calls (the shape of the
// well-known matmul tutorial: a product buffer passed to a helper, then
// summed by another) is privatized when the callees show that every
// element an iteration reads was written before by that iteration: the
// helper's complete loops write C[r*N + c] for every r and c, the dense
// range [0, N*N - 1] that the sum reads. Heap scratch gets one block per
// thread. A callee that may read what it did not write keeps the report
// and gets no fix.
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=AGAIN && diff %t/once.c %t/in.c
// RUN: %clang -x c -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clang -x c -O1 -fopenmp %t/in.c -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread -DONLY_FIXED %t/in.c -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <stdio.h>
#include <stdlib.h>

enum { P = 48, N = 24, K = 6 };

static void matmul(double *C, const double *A, const double *B) {
  for (int r = 0; r < N; r++)
    for (int c = 0; c < N; c++) {
      double s = 0;
      for (int k = 0; k < K; k++)
        s += A[r * K + k] * B[k * N + c];
      C[r * N + c] = s;
    }
}

static double sum(const double *C, int n) {
  double s = 0;
  for (int k = 0; k < n; k++)
    s += C[k];
  return s;
}

double on_stack(const double *As, const double *Bs) {
  double C[N * N];
  double total = 0;
#pragma omp parallel for reduction(+ : total)
  for (int p = 0; p < P; p++) {
    matmul(C, As + p * N * K, Bs + p * K * N);
    total += sum(C, N * N);
  }
  return total;
}

// A row filled by one helper and read by another, on the heap.
static void fill(double *row, int m, int i) {
  for (int j = 0; j < m; j++)
    row[j] = i * 0.5 + j;
}

static double dot(const double *row, int m) {
  double s = 0;
  for (int j = 0; j < m; j++)
    s += row[j] * row[j];
  return s;
}

double on_heap(int m, int n) {
  double *out = malloc(n * sizeof *out);
  double *row = malloc(m * sizeof *row);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    fill(row, m, i);
    out[i] = dot(row, m);
  }
  free(row);
  double total = 0;
  for (int i = 0; i < n; i++)
    total += out[i];
  free(out);
  return total;
}

// Sizes known only at run time: r*n + c over r, c in [0, n-1] is the dense
// range [0, n*n - 1] that the sum reads (the benchmark's matmul).
static void square(double *C, int q, int n) {
  for (int r = 0; r < n; r++)
    for (int c = 0; c < n; c++)
      C[r * n + c] = (q + r * 0.5) * (q + c * 0.5);
}

double runtime_sizes(int n, int p) {
  double *C = malloc(sizeof(double) * n * n);
  double total = 0;
#pragma omp parallel for schedule(dynamic) reduction(+ : total)
  for (int q = 0; q < p; q++) {
    square(C, q, n);
    total += sum(C, n * n);
  }
  free(C);
  return total;
}

#ifndef ONLY_FIXED
// The helper stops early on some inputs: what the sum then reads is what
// another iteration left, and a private copy would read garbage instead.
static void fill_until(double *row, int m, int i) {
  for (int j = 0; j < m; j++) {
    if (j > i)
      break;
    row[j] = i + j;
  }
}

double stops_early(int m, int n) {
  double row[64];
  double total = 0;
#pragma omp parallel for reduction(+ : total)
  for (int i = 0; i < n; i++) {
    fill_until(row, m, i);
    total += dot(row, m);
  }
  return total;
}

// The reader looks one element past what the writer wrote.
double reads_further(int m, int n) {
  double row[65];
  double total = 0;
  row[m] = 1;
#pragma omp parallel for reduction(+ : total)
  for (int i = 0; i < n; i++) {
    fill(row, m, i);
    total += dot(row, m + 1);
  }
  return total;
}
#endif

int main(void) {
  double *As = malloc(sizeof(double) * P * N * K);
  double *Bs = malloc(sizeof(double) * P * K * N);
  for (int k = 0; k < P * N * K; k++)
    As[k] = Bs[k] = (k % 7) * 0.5;
  printf("%.1f\n", on_stack(As, Bs));
  printf("%.2f\n", on_heap(40, 900));
  printf("%.2f\n", runtime_sizes(20, 300));
  free(As);
  free(Bs);
  return 0;
}
// DIAG: warning: shared buffer 'C' is scratch that every iteration overwrites
// DIAG: note: 'C' is shared by this 'omp parallel for'; give each thread its own copy: declare 'C' inside the loop body or add 'private(C)'
// DIAG: warning: shared buffer 'row' is scratch
// DIAG: warning: shared buffer 'C' is scratch
// (fill_until writes row[j] only while j <= i: not the same elements in
// every work item, so no scratch; row[0] is written by all.)
// DIAG: warning: 'row' is written by every iteration at the same element
// DIAG: note: iterations i=0 and i=1 both write 'row[0]' in 'fill_until'
// DIAG: note: no automatic fix:
// DIAG: warning: shared buffer 'row' is scratch
// DIAG: note: no automatic fix: the called code may read elements that the work item did not write first
// FIXED-LABEL: double on_stack(
// FIXED:      #pragma omp parallel for reduction(+ : total) private(C)
// FIXED-LABEL: double on_heap(
// FIXED:      #pragma omp parallel{{$}}
// FIXED-NEXT: {
// FIXED-NEXT:   double *row = malloc(m * sizeof *row);
// FIXED-NEXT: #pragma omp for{{$}}
// FIXED:        fill(row, m, i);
// FIXED-NEXT:   out[i] = dot(row, m);
// FIXED:      free(row);
// FIXED-NEXT: }
// FIXED-LABEL: double runtime_sizes(
// FIXED:      #pragma omp parallel{{$}}
// FIXED-NEXT: {
// FIXED-NEXT:   double *C = malloc(sizeof(double) * n * n);
// FIXED-NEXT: #pragma omp for schedule(dynamic) reduction(+ : total)
// FIXED:        square(C, q, n);
// FIXED:      free(C);
// FIXED-NEXT: }
// FIXED-LABEL: double stops_early(
// FIXED:      #pragma omp parallel for reduction(+ : total){{$}}
// FIXED-LABEL: double reads_further(
// FIXED:      #pragma omp parallel for reduction(+ : total){{$}}
// Again: only the two declined findings are left.
// AGAIN-NOT: shared buffer 'C'
// AGAIN: warning: 'row' is written by every iteration at the same element
// AGAIN: warning: shared buffer 'row' is scratch
// AGAIN-NOT: warning:
// CLEAN: {{[0-9]+\.[0-9]+}}
