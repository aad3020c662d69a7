// A variable used after the construct only where a later construct has its
// own copy of it (`private(k, t)`, its loop variable) or where it is
// assigned first carries nothing out of the construct: its value after it
// is dead, and 'private' is the exact fix. One read after the construct
// keeps the value live ('lastprivate' where the last iteration writes it).
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
#include <stdio.h>

#define N 96
#define M 24

static double a[N][M], row[N], col[M];

static void two_passes(void) {
  int k;
  double t;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    for (t = 0.0, k = 0; k < M; k++)
      t += a[i][k];
    row[i] = t;
  }
  // k and t again, private here: what the first loop left is dead.
#pragma omp parallel for private(k, t)
  for (int i = 0; i < N; i++) {
    t = row[i] / M;
    for (k = 0; k < M; k++)
      a[i][k] -= t;
  }
  // Assigned before any read: dead too.
  k = 0;
  t = 1.0;
  for (; k < M; k++)
    col[k] = t * a[0][k];
}

static double last_value(void) {
  double t = 0;
  int i;
#pragma omp parallel for
  for (i = 0; i < N; i++) {
    t = row[i] * 2;
    row[i] = t;
  }
  return t; // the last iteration's t: lastprivate
}

int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      a[i][j] = (double)((i * 5 + j * 3) % 17);
  two_passes();
  double last = last_value();
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      s += a[i][j];
  printf("%.4f %.4f %.4f\n", s, col[3], last);
  return 0;
}
// DIAG: warning: shared buffer 't' is scratch that every iteration overwrites
// FIXED: #pragma omp parallel for private(t, k)
// FIXED: #pragma omp parallel for private(k, t)
// FIXED: #pragma omp parallel for lastprivate(t)
// RACE: ThreadSanitizer: data race
// CLEAN: {{[0-9.]+}}
