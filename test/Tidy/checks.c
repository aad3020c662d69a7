// One finding per check, as check_clang_tidy.py tests upstream checks:
// messages at their lines, fixes applied in full lines.
// RUN: %check_clang_tidy %s privateer-* %t -- -- -fopenmp
#include <omp.h>
#include <stdlib.h>
void chunk(int n, int m, double *a) {
#pragma omp parallel for schedule(static, 1)
  // CHECK-MESSAGES: :[[@LINE-1]]:26: warning: 'schedule(static, 1)' gives each thread 8 bytes of 'a' at a time: up to 8 threads write into each 64-byte cache line, and they write it repeatedly (false sharing) [privateer-chunk-false-sharing]
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      a[i] += k;
}
// CHECK-FIXES: #pragma omp parallel for schedule(static, 8)
void workspace(int n, double *out) {
#pragma omp parallel
  {
    double *ws = malloc(96);
    // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: per-thread block 'ws' of 96 bytes is not a whole number of 64-byte cache lines {{.*}} [privateer-subline-alloc]
    // CHECK-FIXES: double *ws = aligned_alloc(64, 128);
    for (int k = 0; k < n; k++)
      ws[k % 12] += k;
    out[omp_get_thread_num()] = ws[0];
    free(ws);
  }
}
double part[8];
void small(const double *x) {
#pragma omp parallel num_threads(16)
  part[omp_get_thread_num()] = x[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: 'part' has 8 elements but is indexed by the thread number, and 'num_threads(16)' makes thread 8 access past its end [privateer-threadid-index]
}
void loopalloc(int n, int m, double *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *t = malloc(m * sizeof(double));
    // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: 't' ('m * 8' bytes) is allocated and freed in every iteration of this parallel loop, the same size each time{{.*}} [privateer-loop-alloc]
    for (int k = 0; k < m; k++)
      t[k] = i * k;
    out[i] = t[m - 1];
    free(t);
  }
}
// CHECK-FIXES: #pragma omp parallel
// CHECK-FIXES-NEXT: {
