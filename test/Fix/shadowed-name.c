// A shared buffer and, in an inner block of the loop body, another
// variable of the same name: the fix starts from the buffer's declaration
// (the model's handle), never from its name.
// - `double row[N]` is scratch beside an `int row` of the loop body and one
//   of the function: private(row) names the shared array.
// - `double last` is scratch read after the loop, beside an `int last` of
//   the loop body: lastprivate(last) keeps the last iteration's value. A
//   fix that looked the name up in the construct found the inner `int last`
//   first, saw no use after the loop, and added private(last): the program
//   then printed the value from before the loop.
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
#define N 16

double rows(void) {
  double row[N], out[1000];
  {
    int row = 3; // the function's own `row`, in a block before the loop
    out[0] = row;
  }
#pragma omp parallel for
  for (int i = 0; i < 1000; i++) {
    {
      int row = i % 5; // an iteration's own `row`
      out[i] = row;
    }
    for (int j = 0; j < N; j++)
      row[j] = i * 0.5 + j;
    for (int j = 0; j < N; j++)
      out[i] += row[j] * row[N - 1 - j];
  }
  double check = 0;
  for (int i = 0; i < 1000; i++)
    check += out[i] * (i % 7);
  return check;
}

double lastValue(void) {
  double last = -1, out[1000];
#pragma omp parallel for
  for (int i = 0; i < 1000; i++) {
    {
      int last = i % 3; // an iteration's own `last`
      out[i] = last;
    }
    last = i * 0.25;
    out[i] += last * last;
  }
  double check = 0;
  for (int i = 0; i < 1000; i++)
    check += out[i];
  return check + last;
}

int main(void) {
  printf("%.3f %.3f\n", rows(), lastValue());
  return 0;
}
// DIAG: warning: shared buffer 'row' is scratch
// DIAG: warning: shared buffer 'last' is scratch
// FIXED: double rows(void) {
// FIXED: #pragma omp parallel for private(row)
// FIXED: double lastValue(void) {
// FIXED: #pragma omp parallel for lastprivate(last)
// RACE: WARNING: ThreadSanitizer: data race
// CLEAN: {{[0-9]+\.[0-9]+ [0-9]+\.[0-9]+}}
