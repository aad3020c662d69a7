// Included by a.c and b.c: its finding is reported once and its fix is
// written once.
static inline long header_sum(int n, const int *x) {
  long s = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
}
