#include <privateer/runtime/privateer.h>

/* A sum without a reduction (privateer-shared-buffer), and a schedule whose
   chunk is smaller than a line (privateer-chunk-false-sharing), which the
   project's CHECKS leaves out. */
long sum(int n, const int *x, double *a) {
  long s = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    s += x[i];
#pragma omp parallel for schedule(static, 1)
  for (int i = 0; i < n; i++)
    for (int k = 0; k < 8; k++)
      a[i] += k;
  return s;
}
