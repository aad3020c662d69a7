// A race inside a construct nested in another one (a 'parallel for' in the
// iteration of a 'parallel for'; a 'distribute parallel for' in 'teams') is
// found by both: the innermost construct owns it. A private copy goes on
// the inner directive (one on the outer would still be shared by the inner
// team), and a reduction on both (the inner team combines into the outer
// copy, which the outer work items share). One pass fixes every level.
// ThreadSanitizer runs with one active level: under nested teams Archer
// reports the outer loop's own counter, read by the inner team, as racing
// with its next increment (the join orders them); nested runs compare
// results instead.
// RUN: %verify-setup
// RUN: %cc -fno-caret-diagnostics -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | count 0 && diff %t/once.c %t/in.c
// RUN: %clang -x c -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clang -x c -O1 -fopenmp %t/in.c -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 OMP_MAX_ACTIVE_LEVELS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 OMP_MAX_ACTIVE_LEVELS=2 %t/par | diff %t/expected -
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %s -o %t/racy && %tsan-env:exitcode=0:halt_on_error=1 %t/racy 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %t/in.c -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <stdio.h>

static double work(int i) { return (i % 13) * 0.5; }

int main(void) {
  enum { N = 64, M = 48 };
  static double out[N * M];
  double t2;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp parallel for
    for (int j = 0; j < M; j++) {
      t2 = work(i + j);
      out[i * M + j] = t2 * 2;
    }
  }
  // DIAG: warning: shared buffer 't2' is scratch
  // DIAG: note: 't2' is shared by this 'omp parallel for'; {{.*}}
  // FIXED: #pragma omp parallel for{{$}}
  // FIXED-NEXT: for (int i = 0; i < N; i++) {
  // FIXED-NEXT: #pragma omp parallel for private(t2){{$}}

  long total = 0;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
#pragma omp parallel for
    for (int j = 0; j < M; j++)
      total += (i * j) % 7;
  }
  // DIAG: warning: 'total' is updated by every iteration without a reduction
  // FIXED: #pragma omp parallel for reduction(+: total){{$}}
  // FIXED-NEXT: for (int i = 0; i < N; i++) {
  // FIXED-NEXT: #pragma omp parallel for reduction(+: total){{$}}

  long s = 0;
#pragma omp target teams map(tofrom: s)
#pragma omp distribute parallel for
  for (int i = 0; i < N * M; i++)
    s += i % 11;
  // DIAG: warning: 's' is updated by every iteration without a reduction
  // FIXED: #pragma omp target teams map(tofrom: s) reduction(+: s){{$}}
  // FIXED-NEXT: #pragma omp distribute parallel for reduction(+: s){{$}}

  double sum = 0;
  for (int k = 0; k < N * M; k++)
    sum += out[k];
  printf("%.1f %ld %ld\n", sum, total, s);
  return 0;
}
// CLEAN: {{^[0-9]}}
// RACE: WARNING: ThreadSanitizer: data race
