// Thread-indexed slots updated by a worksharing loop's iterations: the
// slot lives in a local across the loop and is written back once (as fast
// as a reduction); where the loop calls code that could reach the array,
// the array is padded to whole lines instead: its element becomes a
// line-aligned struct and every use takes its 'value'. An array used
// otherwise keeps its code.
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=AGAIN && diff %t/once.c %t/in.c
// RUN: %clang -x c -O1 -fopenmp %s -o %t/before && env OMP_NUM_THREADS=1 %t/before > %t/expected
// RUN: %clang -x c -O1 -fopenmp %t/in.c -o %t/after
// RUN: env OMP_NUM_THREADS=1 %t/after | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/after | diff %t/expected -
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %t/in.c -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <omp.h>
#include <stdio.h>
#include <string.h>

double part[64];
double other[64];

static double scale(double v) { return v * 0.5; }

int main(void) {
  static double x[100000];
  for (int i = 0; i < 100000; i++)
    x[i] = (i % 10) * 0.5;
#pragma omp parallel for num_threads(4)
  for (int i = 0; i < 100000; i++)
    part[omp_get_thread_num()] += scale(x[i]);
  memset(other, 0, sizeof other); // used whole: 'other' is not padded
#pragma omp parallel for num_threads(4)
  for (int i = 0; i < 100000; i++)
    other[omp_get_thread_num()] += scale(x[i]);
  long counts[64] = {0}; // a local no call can reach
#pragma omp parallel for num_threads(4)
  for (int i = 0; i < 100000; i++)
    counts[omp_get_thread_num()] += x[i] > 2;
  double s = 0;
  for (int t = 0; t < 64; t++)
    s += part[t] + other[t] + counts[t];
  printf("%.1f\n", s);
  return 0;
}
// DIAG: warning: threads write 'part[omp_get_thread_num()]' in a loop
// DIAG: warning: threads write 'other[omp_get_thread_num()]' in a loop
// DIAG: note: no automatic fix: the loop uses the buffer otherwise, changes the slot's index, or calls code that could reach the buffer
// DIAG: warning: threads write 'counts[omp_get_thread_num()]' in a loop
// FIXED: struct { _Alignas(64) double value; } part[64];
// FIXED: double other[64];
// FIXED: part[omp_get_thread_num()].value += scale(x[i]);
// FIXED: long counts[64] = {0};
// FIXED:      #pragma omp parallel num_threads(4)
// FIXED-NEXT: {
// FIXED-NEXT:   long privateer_counts_{{[0-9]+}} = counts[omp_get_thread_num()];
// FIXED-NEXT: #pragma omp for{{$}}
// FIXED-NEXT:   for (int i = 0; i < 100000; i++)
// FIXED-NEXT:     privateer_counts_[[L:[0-9]+]] += x[i] > 2;
// FIXED-NEXT:   counts[omp_get_thread_num()] = privateer_counts_[[L]];
// FIXED-NEXT: }
// FIXED: s += part[t].value + other[t] + counts[t];
// AGAIN-NOT: 'part
// AGAIN: warning: threads write 'other[omp_get_thread_num()]' in a loop
// CLEAN: {{^[0-9]+\.[0-9]}}
