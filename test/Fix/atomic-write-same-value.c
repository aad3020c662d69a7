// Stores of one value by every work item (privateer-same-value-store) are
// made '#pragma omp atomic write': the program is then race free (the
// ThreadSanitizer run with Archer is clean) and computes what it did.
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | count 0 && diff %t/once.c %t/in.c
// RUN: %clang -x c -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clang -x c -O1 -fopenmp %t/in.c -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %s -o %t/racy && %tsan-env:exitcode=0:halt_on_error=1 %t/racy 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %t/in.c -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
// Under OpenMP 3.0 there is no 'atomic write': no edit, and the note says why.
// RUN: cp %s %t/old.c && %cc -fopenmp-version=30 -fplugin-arg-privateer-fix %t/old.c 2>&1 | FileCheck %s --check-prefix=OLD
// RUN: diff %s %t/old.c
#include <stdio.h>

#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_num_threads(void) { return 1; }
#endif

int any_negative(int n, const double *a) {
  int found = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (a[i] < 0)
      found = 1;
  return found;
}
// DIAG: warning: 'found' is written by more than one iteration with the same value ('1')
// FIXED: if (a[i] < 0)
// FIXED-NEXT: #pragma omp atomic write
// FIXED-NEXT: found = 1;

void bounded(int nb, const int *bnd, double *x, int n) {
  int lo = 0;
#pragma omp parallel
  {
    lo = bnd[nb];
#pragma omp barrier
#pragma omp for
    for (int i = lo; i < n; i++)
      x[i] = i;
  }
}
// DIAG: warning: 'lo' is written by every thread with the same value ('bnd[nb]')
// FIXED: #pragma omp atomic write
// FIXED-NEXT: lo = bnd[nb];

void team_size(int *nthreads) {
#pragma omp parallel
  *nthreads = omp_get_num_threads() > 0;
}
// DIAG: warning: '*nthreads' is written by every thread with the same value
// FIXED: #pragma omp atomic write
// FIXED-NEXT: *nthreads = omp_get_num_threads() > 0;

int main(void) {
  double a[1000], x[1000];
  for (int i = 0; i < 1000; i++)
    a[i] = (i * 37) % 101 - (i == 700 ? 500 : 0), x[i] = 0;
  int bnd[3] = {0, 10, 20};
  int nt = 0;
  bounded(1, bnd, x, 1000);
  team_size(&nt);
  double sum = 0;
  for (int i = 0; i < 1000; i++)
    sum += x[i];
  printf("%d %.0f %d\n", any_negative(1000, a), sum, nt);
  return 0;
}

// RACE: ThreadSanitizer: data race
// CLEAN-NOT: data race
// OLD: note: no automatic fix: 'atomic write' needs OpenMP 3.1
