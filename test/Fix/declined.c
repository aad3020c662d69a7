// Fixes that would not compile are declined: a variable the directive
// already names in shared(...) (private or reduction would conflict with
// it), and a C++ per-thread block (aligned_alloc returns void *: see
// declined-alloc.cpp).
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %strip-checks %s | diff - %t/in.c
// RUN: %clang -x c -fopenmp -fsyntax-only %t/in.c
#include <stdio.h>

int main(void) {
  long s = 0;
  double t, out[100];
#pragma omp parallel for shared(s)
  for (int i = 0; i < 100; i++)
    s += i;
#pragma omp parallel for default(none) shared(t, out)
  for (int i = 0; i < 100; i++) {
    t = i * 2.0;
    out[i] = t;
  }
  printf("%ld %.1f\n", s, out[99]);
  return 0;
}
// DIAG: warning: 's' is updated by every iteration without a reduction
// DIAG: warning: shared buffer 't' is scratch
