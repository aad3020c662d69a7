// Heap scratch allocated before a parallel loop and shared by it: each
// thread gets its own block, allocated like the original and freed after
// the loop. When the buffer is only made, used in the loop and freed, its
// declaration and free move into the region as they are; otherwise the
// thread's block gets a name of its own.
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: FileCheck %s --check-prefix=INDENT --strict-whitespace --match-full-lines --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | count 0 && diff %t/once.c %t/in.c
// RUN: %clang -x c -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clang -x c -O1 -fopenmp %t/in.c -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %s -o %t/racy && %tsan-env:exitcode=0:halt_on_error=1 %t/racy 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %t/in.c -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <stdio.h>
#include <stdlib.h>

double moved(int m, int n) {
  double *out = malloc(n * sizeof *out);
  double *w = malloc(m * sizeof *w);
#pragma omp parallel for schedule(static) // rows
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < m; k++)
      w[k] = i * 0.25 + k;
    double s = 0;
    for (int k = 0; k < m; k++)
      s += w[k] * w[k];
    out[i] = s;
  }
  free(w);
  double total = 0;
  for (int i = 0; i < n; i++)
    total += out[i];
  free(out);
  return total;
}

// The buffer is checked before the loop: it stays, and each thread gets a
// block of its own.
double renamed(int m, int n) {
  double *out = malloc(n * sizeof *out);
  double *w = malloc(m * sizeof *w);
  if (!w)
    return -1;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < m; k++)
      w[k] = i - k;
    out[i] = w[m - 1] * w[0];
  }
  free(w);
  double total = 0;
  for (int i = 0; i < n; i++)
    total += out[i];
  free(out);
  return total;
}

int main(void) {
  printf("%.2f\n", moved(32, 2000));
  printf("%.2f\n", renamed(17, 1500));
  return 0;
}
// DIAG: warning: shared buffer 'w' is scratch
// DIAG: warning: shared buffer 'w' is scratch
// FIXED-LABEL: double moved(
// FIXED:      double *out = malloc(n * sizeof *out);
// FIXED-NEXT: #pragma omp parallel{{$}}
// FIXED-NEXT: {
// FIXED-NEXT:   double *w = malloc(m * sizeof *w);
// FIXED-NEXT: #pragma omp for schedule(static) // rows
// FIXED:        w[k] = i * 0.25 + k;
// FIXED:        s += w[k] * w[k];
// FIXED:        out[i] = s;
// FIXED-NEXT: }
// FIXED-NEXT: free(w);
// FIXED-NEXT: }
// FIXED-NEXT: double total = 0;
// FIXED-LABEL: double renamed(
// FIXED:      double *w = malloc(m * sizeof *w);
// FIXED:      #pragma omp parallel{{$}}
// FIXED-NEXT: {
// FIXED-NEXT:   double *privateer_w = malloc(m * sizeof *w);
// FIXED-NEXT: #pragma omp for{{$}}
// FIXED:        privateer_w[k] = i - k;
// FIXED:        out[i] = privateer_w[m - 1] * privateer_w[0];
// FIXED:        free(privateer_w);
// FIXED-NEXT: }
// FIXED-NEXT: free(w);
// The loop moves into the region's block and is indented with it.
// INDENT:#pragma omp for schedule(static) // rows
// INDENT-NEXT:    for (int i = 0; i < n; i++) {
// INDENT-NEXT:      for (int k = 0; k < m; k++)
// INDENT-NEXT:        w[k] = i * 0.25 + k;
// RACE: WARNING: ThreadSanitizer: data race
// CLEAN: {{[0-9]+\.[0-9]+}}
