// A loop that reads what an earlier loop wrote in other iterations, with
// 'nowait' on that loop (and on the one between): the fix removes the
// writer's clause, so the barrier at its end orders it before both later
// loops. The 'nowait' of the loop between, whose elements the last loop
// does not read, stays. The same for a 'single nowait' whose result the
// loop after it reads.
// RUN: %verify-setup
// RUN: %cc -fno-caret-diagnostics -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
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

enum { N = 4000 };
static double a[N], b[N], c[N];

static double slow(int i) {
  double x = i;
  for (int k = 0; k < (i % 64) * 50; k++)
    x = x * 0.999 + 1;
  return x;
}

int main(void) {
#pragma omp parallel
  {
#pragma omp for nowait
    for (int i = 0; i < N; i++)
      a[i] = slow(i);
#pragma omp for nowait
    for (int i = 0; i < N; i++)
      c[i] = a[i] * 3;
#pragma omp for
    for (int i = 1; i < N; i++)
      b[i] = a[i - 1] + a[i];
  }
  // DIAG: warning: 'a' is written by the previous loop, which ends with 'nowait', and read here in other iterations
  // FIXED-LABEL: int main(void) {
  // FIXED: #pragma omp for{{$}}
  // FIXED-NEXT: for (int i = 0; i < N; i++)
  // FIXED-NEXT: a[i] = slow(i);
  // FIXED-NEXT: #pragma omp for nowait{{$}}
  // FIXED-NEXT: for (int i = 0; i < N; i++)
  // FIXED-NEXT: c[i] = a[i] * 3;
  // A 'single nowait' that sets the scale the loop after it reads: the
  // fix removes its 'nowait' too.
  double scale = 0;
#pragma omp parallel
  {
#pragma omp single nowait
    scale = slow(N - 1) / N;
#pragma omp for
    for (int i = 0; i < N; i++)
      c[i] += a[i] * scale;
  }
  // DIAG: warning: 'scale' is written by the 'omp single' before this loop, which one thread runs with no barrier after it, and read here
  // FIXED: #pragma omp single{{$}}
  // FIXED-NEXT: scale = slow(N - 1) / N;
  double s = 0;
  for (int i = 0; i < N; i++)
    s += b[i] + c[i];
  printf("%.3f\n", s);
  return 0;
}
// RACE: WARNING: ThreadSanitizer: data race
// CLEAN: {{^[0-9]}}
