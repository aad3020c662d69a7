// Scratch counters declared at function scope, so that the parallel loop
// shares them: private copies are exact when no later code reads the
// value the construct leaves, that is, when every path from the end of
// the construct assigns the counter before it reads it (in the other
// branch of an 'if', in a loop after the construct, in the next iteration
// of a loop around it); the control-flow graph of the function says so,
// not the text. A read after the construct keeps the fix declined.
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=AGAIN
// RUN: diff %t/once.c %t/in.c
// RUN: %clang -x c -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clang -x c -O1 -fopenmp %t/in.c -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %s -o %t/racy && %tsan-env:exitcode=0:halt_on_error=1 %t/racy 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %t/in.c -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <stdio.h>

#define NB 32
#define BS 16
static double a[NB][BS][BS];

// The other branch assigns both counters before it reads them.
static void other_branch(int mode) {
  int i, j;
  if (mode) {
#pragma omp parallel for
    for (int b = 0; b < NB; b++)
      for (i = 0; i < BS; i++)
        for (j = 0; j < BS; j++)
          a[b][i][j] += i - j;
  } else {
    for (i = 0; i < BS; i++)
      for (j = 0; j < BS; j++)
        a[0][i][j] *= 2;
  }
}

// After the construct, a loop assigns the counter first.
static double after_loop(void) {
  int k;
#pragma omp parallel for
  for (int b = 0; b < NB; b++)
    for (k = 0; k < BS; k++)
      a[b][k][0] += 1;
  double s = 0;
  for (k = 0; k < BS; k++)
    s += a[1][k][0];
  return s;
}

// In a loop around the construct, the next iteration's construct and the
// code before it assign the counter before they read it.
static void time_steps(void) {
  int t;
  for (int step = 0; step < 3; step++) {
    t = step;
    a[0][0][0] += t;
#pragma omp parallel for
    for (int b = 0; b < NB; b++)
      for (t = 0; t < BS; t++)
        a[b][t][1] += step;
  }
}

// Read after the construct: the value it left matters.
static int read_after(void) {
  int r;
#pragma omp parallel for
  for (int b = 0; b < NB; b++)
    for (r = 0; r < BS; r++)
      a[b][r][2] += 1;
  return r;
}

int main(void) {
  other_branch(1);
  other_branch(0);
  double s = after_loop();
  time_steps();
  double total = 0;
  for (int b = 0; b < NB; b++)
    for (int i = 0; i < BS; i++)
      for (int j = 0; j < 2; j++)
        total += a[b][i][j];
  printf("%.1f %.1f\n", s, total);
  (void)read_after;
  return 0;
}
// DIAG: warning: shared buffer 'i' is scratch
// DIAG: warning: shared buffer 'j' is scratch
// DIAG: warning: shared buffer 'k' is scratch
// DIAG: warning: shared buffer 't' is scratch
// DIAG: warning: shared buffer 'r' is scratch
// DIAG: note: no automatic fix: 'r' is used after the construct
// FIXED: #pragma omp parallel for private(i, j){{$}}
// FIXED: #pragma omp parallel for private(k){{$}}
// FIXED: #pragma omp parallel for private(t){{$}}
// FIXED:      #pragma omp parallel for{{$}}
// FIXED-NEXT: for (int b = 0; b < NB; b++)
// FIXED-NEXT: for (r = 0; r < BS; r++)
// AGAIN-NOT: warning: shared buffer '{{[ijkt]}}'
// AGAIN: warning: shared buffer 'r' is scratch
// RACE: WARNING: ThreadSanitizer: data race
// CLEAN: {{^[0-9.]+ [0-9.]+$}}
