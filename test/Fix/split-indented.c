// Code that indents its pragmas gets the split's '#pragma omp for' indented
// as the loop it now precedes (a file that writes pragmas at column 0, as
// split-allocation.c does, keeps that). The warning shows the allocation,
// not the whole loop the fix rewrites: a note names its lines.
// RUN: %verify-setup
// RUN: cp %t/in.c %t/cli.c && %expect-exit 1 %privateer %t/cli.c -- -fopenmp 2>&1 | FileCheck %s --check-prefix=CLI --implicit-check-not="t[k] = i"
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG --implicit-check-not="t[k] = i"
// RUN: FileCheck %s --check-prefix=FIXED --match-full-lines --strict-whitespace --input-file=%t/in.c
// RUN: %clang -x c -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clang -x c -O1 -fopenmp %t/in.c -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %t/in.c -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <stdio.h>
#include <stdlib.h>

double rows(int n, int m) {
  double total = 0;
  if (n > 0) {
    #pragma omp parallel for reduction(+ : total)
    for (int i = 0; i < n; i++) {
      double *t = malloc(m * sizeof(double));
      for (int k = 0; k < m; k++)
        t[k] = i * 0.5 + k;
      for (int k = 0; k < m; k++)
        total += t[k];
      free(t);
    }
  }
  return total;
}

int main(void) {
  printf("%.1f\n", rows(4000, 50));
  return 0;
}
// DIAG: in.c:13:19: warning: 't' ('m * 8' bytes) is allocated and freed in every iteration
// DIAG-NEXT: {{^}}   13 |       double *t = malloc(m * sizeof(double));
// DIAG-NEXT: {{^}}      |                   ^{{$}}
// DIAG: in.c:11:5: note: the fix rewrites lines 11-19 (-fplugin-arg-privateer-fix applies it)
// CLI: cli.c:13:19: warning: 't' ('m * 8' bytes) is allocated and freed in every iteration
// CLI: cli.c:11:5: note: the fix rewrites lines 11-19 (--fix applies it)
// FIXED:    #pragma omp parallel
// FIXED-NEXT:    {
// FIXED-NEXT:      double *t = malloc(m * sizeof(double));
// FIXED-NEXT:      #pragma omp for reduction(+ : total)
// FIXED-NEXT:      for (int i = 0; i < n; i++) {
// CLEAN: {{^[0-9]+\.[0-9]$}}
