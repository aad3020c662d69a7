void broken(int n, double *a) {
  long s = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    s += a[i] + undeclared;
}
