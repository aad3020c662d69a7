// An allocation made and freed in every iteration is hoisted: 'parallel
// for' becomes 'parallel' + one allocation per thread + 'for' + the free,
// with each clause where it belongs.
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | count 0 && diff %t/once.c %t/in.c
// RUN: %clang -x c -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clang -x c -O1 -fopenmp %t/in.c -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %t/in.c -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <stdio.h>
#include <stdlib.h>

double rows(int n, int m) {
  double *out = malloc(n * sizeof(double));
  long count = 0;
#pragma omp parallel for schedule(dynamic, 16) reduction(+ : count) // rows
  for (int i = 0; i < n; i++) {
    double *t = malloc(m * sizeof(double));
    for (int k = 0; k < m; k++)
      t[k] = i * 0.5 + k;
    double s = 0;
    for (int k = 0; k < m; k++)
      s += t[k];
    out[i] = s;
    count += m;
    free(t);
  }
  double total = count;
  for (int i = 0; i < n; i++)
    total += out[i];
  free(out);
  return total;
}

// Two blocks made and freed in every iteration move together: one split
// for both findings, in one pass.
double pairs(int n) {
  double total = 0;
#pragma omp parallel for reduction(+ : total)
  for (int i = 0; i < n; i++) {
    double *t = malloc(64 * sizeof(double));
    int *u = malloc(32 * sizeof(int));
    for (int k = 0; k < 64; k++)
      t[k] = i + k * 0.25;
    for (int k = 0; k < 32; k++)
      u[k] = (int)t[2 * k] % 7;
    total += t[63] + u[31];
    free(u);
    free(t);
  }
  return total;
}

int main(void) {
  printf("%.1f\n", rows(3000, 48));
  printf("%.1f\n", pairs(2000));
  return 0;
}
// DIAG: warning: 't' ('m * 8' bytes) is allocated and freed in every iteration
// FIXED:      #pragma omp parallel{{$}}
// FIXED-NEXT: {
// FIXED-NEXT:   double *t = malloc(m * sizeof(double));
// FIXED-NEXT: #pragma omp for schedule(dynamic, 16) reduction(+ : count) // rows
// FIXED-NEXT:   for (int i = 0; i < n; i++) {
// FIXED-NEXT:     for (int k = 0; k < m; k++)
// FIXED:          count += m;
// FIXED-NEXT:   }
// FIXED-NEXT:   free(t);
// FIXED-NEXT: }
// DIAG: warning: 't' (512 bytes) is allocated and freed in every iteration
// DIAG: warning: 'u' (128 bytes) is allocated and freed in every iteration
// FIXED-LABEL: double pairs(
// FIXED:      #pragma omp parallel{{$}}
// FIXED-NEXT: {
// FIXED-NEXT:   double *t = malloc(64 * sizeof(double));
// FIXED-NEXT:   int *u = malloc(32 * sizeof(int));
// FIXED-NEXT: #pragma omp for reduction(+ : total)
// FIXED-NEXT:   for (int i = 0; i < n; i++) {
// FIXED-NEXT:     for (int k = 0; k < 64; k++)
// FIXED:          total += t[63] + u[31];
// FIXED-NEXT:   }
// FIXED-NEXT:   free(u);
// FIXED-NEXT:   free(t);
// FIXED-NEXT: }
// CLEAN: {{[0-9]+\.[0-9]}}
