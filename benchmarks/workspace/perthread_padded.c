// The gprofng talk's fix, by hand: each thread's workspace is line-aligned
// and a whole number of lines (aligned_alloc, not the talk's obsolete
// valloc), so no other block shares its lines.
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
    double *w = aligned_alloc(64, 128);
#pragma omp for reduction(+ : total)
    for (long i = 0; i < n; i++) {
      step(w, x, i);
      total += w[W - 1];
    }
    free(w);
  }
  return total;
}
