// A 96-byte workspace (12 doubles) filled and transformed by every step of
// a loop (the gprofng talk's Monte Carlo code: a small matrix-vector
// product into a per-thread workspace), sequentially: the reference.
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
  double *w = malloc(W * sizeof(double));
  double total = 0;
  for (long i = 0; i < n; i++) {
    step(w, x, i);
    total += w[W - 1];
  }
  free(w);
  return total;
}
