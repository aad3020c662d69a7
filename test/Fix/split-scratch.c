// Heap scratch allocated before a parallel loop and shared by it: each
// thread gets its own block, allocated like the original, used in the loop
// under a new name and freed after it.
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | count 0 && diff %t/once.c %t/in.c
// RUN: %clang -x c -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clang -x c -O1 -fopenmp %t/in.c -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %s -o %t/racy && %tsan-env:exitcode=0 %t/racy 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %t/in.c -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <stdio.h>
#include <stdlib.h>

int main(void) {
  int m = 32, n = 2000;
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
  printf("%.2f\n", total);
  free(out);
  return 0;
}
// DIAG: warning: shared buffer 'w' is scratch
// FIXED:      #pragma omp parallel{{$}}
// FIXED-NEXT: {
// FIXED-NEXT:   double *privateer_w = malloc(m * sizeof *w);
// FIXED-NEXT: #pragma omp for schedule(static) // rows
// FIXED:        privateer_w[k] = i * 0.25 + k;
// FIXED:        s += privateer_w[k] * privateer_w[k];
// FIXED:        free(privateer_w);
// FIXED-NEXT: }
// FIXED-NEXT: free(w);
// RACE: WARNING: ThreadSanitizer: data race
// CLEAN: {{[0-9]+\.[0-9]+}}
