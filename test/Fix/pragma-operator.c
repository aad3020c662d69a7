// A directive written as _Pragma("omp ...") in the code takes its clauses
// inside the string; one from a macro's body (on one line or continued)
// is left alone, and says why.
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=AGAIN && diff %t/once.c %t/in.c
// RUN: %clang -x c -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clang -x c -O1 -fopenmp %t/in.c -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
#include <stdio.h>
#define PAR _Pragma("omp parallel for")
#define PAR_CONTINUED                                                          \
  _Pragma("omp parallel for")

static double f(int i) { return (i % 13) * 0.5; }

int main(void) {
  double sum = 0, tmp[4], out[1000];
  _Pragma("omp parallel for schedule(static)")
  for (int i = 0; i < 1000; i++) {
    for (int k = 0; k < 4; k++)
      tmp[k] = f(i + k);
    out[i] = tmp[3];
    sum += out[i];
  }
  double s2 = 0, s3 = 0;
  PAR
  for (int i = 0; i < 1000; i++)
    s2 += f(i);
  PAR_CONTINUED
  for (int i = 0; i < 1000; i++)
    s3 += f(i);
  printf("%.1f %.1f\n", sum, out[7]);
  // (s2 and s3 stay racy: printed only as a sign check.)
  printf("%d %d\n", s2 > 0, s3 > 0);
  return 0;
}
// DIAG: warning: shared buffer 'tmp' is scratch
// DIAG: warning: 'sum' is updated by every iteration without a reduction
// DIAG: warning: 's2' is updated by every iteration without a reduction
// DIAG: note: no automatic fix: the directive comes from a macro
// DIAG: warning: 's3' is updated by every iteration without a reduction
// DIAG: note: no automatic fix: the directive comes from a macro
// FIXED: #define PAR _Pragma("omp parallel for"){{$}}
// FIXED: _Pragma("omp parallel for"){{$}}
// FIXED: _Pragma("omp parallel for schedule(static) private(tmp) reduction(+: sum)"){{$}}
// AGAIN-NOT: 'tmp'
// AGAIN-NOT: 'sum'
// AGAIN: warning: 's2'
// AGAIN: warning: 's3'
