// A header with a racy inline function, included by headers.c.
static inline double racy_sum(const double *x, int n) {
  double sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    sum += x[i];
  return sum;
}
