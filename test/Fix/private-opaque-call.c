// A flag set in each iteration and handed by address to a function compiled
// elsewhere (QE's `CALL pbex(rho, grho2, iflag, ...)` in C): the callee
// reads it, so it is the iteration's scratch, and the fix is private(iflag),
// not an atomic write. The fixed program computes the sequential result
// with 1, 2 and 4 threads; ThreadSanitizer sees the original's race in the
// loop and none in the fix.
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | count 0 && diff %t/once.c %t/in.c
// RUN: %clang -O1 -Wno-unknown-pragmas %s %S/Inputs/pbex.c -o %t/seq && %t/seq > %t/expected
// RUN: %clang -O1 -fopenmp %t/in.c %S/Inputs/pbex.c -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
// RUN: %clang -O1 -g -fopenmp -fsanitize=thread %s %S/Inputs/pbex.c -o %t/racy && %tsan-env:exitcode=0:halt_on_error=1 %t/racy 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %clang -O1 -g -fopenmp -fsanitize=thread %t/in.c %S/Inputs/pbex.c -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <stdio.h>

void pbex(double rho, const int *iflag, double *sx);

enum { N = 4000 };
static double sx[N];

int main(void) {
  int iflag;
#pragma omp parallel for schedule(static)
  for (int i = 0; i < N; i++) {
    iflag = 1;
    if (i % 3 == 0)
      iflag = 2;
    pbex(i * 0.25, &iflag, &sx[i]);
  }
  double s = 0;
  for (int i = 0; i < N; i++)
    s += sx[i] * (i % 5);
  printf("%.3f\n", s);
  return 0;
}
// DIAG: warning: shared buffer 'iflag' is scratch that every iteration overwrites
// FIXED: #pragma omp parallel for schedule(static) private(iflag)
// RACE: WARNING: ThreadSanitizer: data race
// CLEAN: {{^[0-9]+\.[0-9]+$}}
