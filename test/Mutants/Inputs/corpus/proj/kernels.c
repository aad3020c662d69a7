/* Correct constructs whose protection utils/mutants removes one at a time. */
double dot(const double *x, const double *y, int n) {
  double s = 0, c = 0;
#pragma omp parallel for reduction(+ : s, c)
  for (int i = 0; i < n; i++) {
    s += x[i] * y[i];
    c += 1;
  }
  return s + c;
}

void rows(const double *a, double *out, int n) {
  double t;
#pragma omp parallel for private(t)
  for (int i = 0; i < n; i++) {
    t = a[i] * 2;
    out[i] = t + 1;
  }
}

long count_positive(const int *v, int n) {
  long count = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (v[i] > 0) {
#pragma omp atomic
      count++;
    }
  return count;
}

double largest(const double *v, int n) {
  double best = v[0];
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical
    {
      if (v[i] > best)
        best = v[i];
    }
  }
  return best;
}

void once(double *out, int n) {
  /* Removing this atomic makes no race: only iteration 0 writes. */
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (i == 0) {
#pragma omp atomic
      out[0] += 1;
    }
}
