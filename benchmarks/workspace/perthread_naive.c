// The gprofng talk's case: each thread mallocs its own 96-byte workspace
// inside the parallel region and uses it in the region's worksharing loop.
// Under glibc's defaults each thread allocates from its own arena and the
// blocks lie far apart; with one arena (MALLOC_ARENA_MAX=1) consecutive
// 96-byte blocks can share a cache line, and every step of one thread
// takes that line from the other (false sharing).
#include <stdlib.h>

enum { W = 12 };

// In the talk's code the workspace goes to functions of other files; a step
// the compiler does not inline stands for them (inlined, the workspace's
// values stay in registers and the compiler removes the allocation).
__attribute__((noinline)) static void step(double *w, const double *x, long i) {
  for (int j = 0; j < W; j++)
    w[j] = x[i + j] * (j + 1);
  for (int j = 1; j < W; j++)
    w[j] += 0.5 * w[j - 1];
}

double workspace_sums(const double *x, long n) {
  double total = 0;
#pragma omp parallel
  {
    double *w = malloc(W * sizeof(double));
#pragma omp for reduction(+ : total)
    for (long i = 0; i < n; i++) {
      step(w, x, i);
      total += w[W - 1];
    }
    free(w);
  }
  return total;
}
