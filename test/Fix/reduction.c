// Accumulations: reduction(+: s), reduction(max: m), and an array-section
// reduction for a histogram, added to directives without clauses, with a
// clause (an existing reduction with the same operator takes the new item:
// `reduction(+ : cnt, bins[:NB])`), and split over two lines.
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix -fplugin-arg-privateer-report-may %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix -fplugin-arg-privateer-report-may %t/in.c 2>&1 | count 0 && diff %t/once.c %t/in.c
// RUN: %clang -x c -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clang -x c -O1 -fopenmp %t/in.c -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %s -o %t/racy && %tsan-env:exitcode=0:halt_on_error=1 %t/racy 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %t/in.c -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <stdio.h>

#define NB 8

int main(void) {
  static int data[100000];
  for (int i = 0; i < 100000; i++)
    data[i] = (i * 7919) % 1000;
  long sum = 0;
  int max = 0;
  long hist[16] = {0};
#pragma omp parallel for
  for (int i = 0; i < 100000; i++)
    sum += data[i];
#pragma omp parallel for schedule(static)
  for (int i = 0; i < 100000; i++)
    if (data[i] > max)
      max = data[i];
#pragma omp parallel for \
    schedule(static, 64)
  for (int i = 0; i < 100000; i++)
    hist[data[i] % 16]++;
  // A minimum and a product merged into the existing clauses of their kind
  // (several reductions of one operator share a clause), and a section
  // sized as the declaration spells it.
  int lo = 1000;
  long prod = 1, cnt = 0, bins[NB] = {0};
#pragma omp parallel for reduction(+ : cnt)
  for (int i = 0; i < 100000; i++) {
    if (data[i] < lo)
      lo = data[i];
    if (data[i] % 997 == 3)
      prod *= 2;
    cnt++;
    bins[data[i] % NB] += 2;
  }
  printf("%d %ld %ld", lo, prod, cnt);
  for (int b = 0; b < NB; b++)
    printf(" %ld", bins[b]);
  printf("%ld %d", sum, max);
  for (int b = 0; b < 16; b++)
    printf(" %ld", hist[b]);
  printf("\n");
  return 0;
}
// DIAG: warning: 'sum' is updated by every iteration without a reduction
// DIAG: warning: 'max' is updated by every iteration without a reduction
// DIAG: warning: iterations update 'hist' at the same element
// DIAG: warning: 'lo' is updated by every iteration without a reduction
// DIAG: warning: 'prod' is updated by every iteration without a reduction
// DIAG: warning: iterations update 'bins' at the same element
// FIXED: #pragma omp parallel for reduction(+: sum){{$}}
// FIXED: #pragma omp parallel for schedule(static) reduction(max: max){{$}}
// FIXED: schedule(static, 64) reduction(+: hist[:16]){{$}}
// FIXED: #pragma omp parallel for reduction(+ : cnt, bins[:NB]) reduction(min: lo) reduction(*: prod){{$}}
// RACE: WARNING: ThreadSanitizer: data race
// CLEAN: {{^[0-9]+ [0-9]+}}
