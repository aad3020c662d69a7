// Per-thread workspaces allocated by one thread, padded by hand: each block
// line-aligned and a whole number of lines.
#include <omp.h>
#include <stdlib.h>

enum { MAX_THREADS = 64 };

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
  double *ws[MAX_THREADS];
  int threads = omp_get_max_threads();
  for (int t = 0; t < threads; t++)
    ws[t] = aligned_alloc(64, 128);
  double total = 0;
#pragma omp parallel for reduction(+ : total)
  for (long i = 0; i < n; i++) {
    double *w = ws[omp_get_thread_num()];
    step(w, x, i);
    total += w[W - 1];
  }
  for (int t = 0; t < threads; t++)
    free(ws[t]);
  return total;
}
