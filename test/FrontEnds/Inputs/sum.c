long sum(int n, const int *x) {
  long s = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
}
