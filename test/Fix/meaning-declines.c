// Fixes that would compile but change what the program means are not
// made (issue 14): a counter also read as an index is not a reduction (each
// thread would index with its partial count), and the counter of a plain
// loop every thread of a region runs over shared elements is not made
// private (each thread would run the whole loop; the loop lacks 'omp for').
// A loop over the thread's own data keeps its private fix.
// RUN: %verify-setup
// RUN: %cc -fno-caret-diagnostics -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: %clang -fopenmp -fsyntax-only %t/in.c
int f(int);

int compact(int n, int *out) {
  int k = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (f(i) > 0) {
      out[k] = i;
      k++;
    }
  }
  return k;
}
// DIAG: warning: shared counter 'k' is updated by every iteration and its value used without synchronization
// DIAG: note: 'k' is shared by this 'omp parallel for'; take each value with '#pragma omp atomic capture'
// DIAG: note: no automatic fix: the counter is also used outside the one update
// FIXED-LABEL: int compact(
// FIXED-NEXT: int k = 0;
// FIXED-NEXT: #pragma omp parallel for{{$}}

int strided(int n, int *a) {
  int j = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    a[j] = i;
    j += 2;
  }
  return j;
}
// DIAG: warning: shared counter 'j' is updated by every iteration and its value used
// FIXED-LABEL: int strided(
// FIXED-NEXT: int j = 0;
// FIXED-NEXT: #pragma omp parallel for{{$}}

double dot(int n, const double *x) {
  double s = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    s = s + x[i] * x[i];
  return s;
}
// DIAG: warning: 's' is updated by every iteration without a reduction
// FIXED-LABEL: double dot(
// FIXED: #pragma omp parallel for reduction(+: s)

void missing_for(int n, double *x) {
  int i;
#pragma omp parallel
  for (i = 0; i < n; i++)
    x[i] = i;
}
// DIAG: warning: shared buffer 'i' is scratch that every thread overwrites
// DIAG: note: no automatic fix: 'i' counts a loop that every thread runs whole; private copies would not share its iterations: put '#pragma omp for' on the loop instead
// FIXED-LABEL: void missing_for(
// FIXED: #pragma omp parallel{{$}}

double own_rows(int n, double *out) {
  int k;
#pragma omp parallel
  {
    double mine[8];
    for (k = 0; k < 8; k++)
      mine[k] = f(k);
    out[0] = mine[7];
  }
  return out[0];
}
// DIAG: warning: shared buffer 'k' is scratch that every thread overwrites
// FIXED-LABEL: double own_rows(
// FIXED: #pragma omp parallel private(k)
