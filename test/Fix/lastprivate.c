// A scratch scalar whose value is read after the loop: when every
// iteration assigns it in a statement of the loop body, before anything
// that could leave the iteration, the sequentially last iteration leaves
// the value a sequential run does, and 'lastprivate' is exact. Two such
// variables share one clause.
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

#define N 4000

double x[N], y[N];

int main(void) {
  for (int i = 0; i < N; i++)
    x[i] = (i % 37) * 0.5;
  double scaled, shifted;
  int last_bucket = -1;
#pragma omp parallel for schedule(static, 64)
  for (int i = 0; i < N; i++) {
    scaled = x[i] * 3;
    shifted = scaled + i;
    last_bucket = (int)shifted % 16;
    y[i] = shifted * last_bucket;
  }
  double sum = 0;
  for (int i = 0; i < N; i++)
    sum += y[i];
  // The last iteration's values.
  printf("%.1f %.1f %.1f %d\n", sum, scaled, shifted, last_bucket);
  return 0;
}
// DIAG: warning: shared buffer 'scaled' is scratch
// DIAG: warning: shared buffer 'shifted' is scratch
// DIAG: warning: shared buffer 'last_bucket' is scratch
// FIXED: #pragma omp parallel for schedule(static, 64) lastprivate(scaled, shifted, last_bucket){{$}}
// RACE: WARNING: ThreadSanitizer: data race
// CLEAN: {{[0-9]+\.[0-9]}}
