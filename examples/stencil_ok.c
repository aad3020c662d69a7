// Correct parallel code that privateer must leave alone: read-only sharing,
// disjoint rows, private scratch, reductions, collapsed loops.
void jacobi(int n, int m, const double a[n][m], double b[n][m]) {
#pragma omp parallel for collapse(2)
  for (int i = 1; i < n - 1; i++)
    for (int j = 1; j < m - 1; j++)
      b[i][j] = 0.25 * (a[i - 1][j] + a[i + 1][j] + a[i][j - 1] + a[i][j + 1]);
}

double dot(int n, const double *x, const double *y) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += x[i] * y[i];
  return s;
}

void rows(int n, int m, double *out, const double *in) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double tmp[16];
    double *row = &out[i * m];
    for (int j = 0; j < 16; j++)
      tmp[j] = in[i] * j;
    for (int j = 0; j < m; j++)
      row[j] = tmp[j % 16];
  }
}

void even_odd(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n / 2; i++) {
    a[2 * i] = i;
    a[2 * i + 1] = -i;
  }
}
