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

void scale_rows(double *a, int n, int m) {
  int i, j;
  /* 'i' is the loop's own variable: removing it from 'private' changes
     nothing (equivalent); 'j' is shared without it (a race). */
#pragma omp parallel for private(i, j)
  for (i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      a[i * m + j] *= 2;
}

void merge_counts(const int *local, int *total, int n) {
#pragma omp parallel
  {
    /* A 'for' statement under the critical: its body's target is named. */
#pragma omp critical
    for (int k = 0; k < n; k++)
      total[k] += local[k];
  }
}

#ifdef KERNELS_TUNED
void tuned(double *out, int n) {
  double t;
  /* Not compiled: its mutant is the original (equivalent). */
#pragma omp parallel for private(t)
  for (int i = 0; i < n; i++) {
    t = i;
    out[i] = t;
  }
}
#endif
