// Histograms and sums: the racy versions and the ones done right.
#include <omp.h>

void histogram(int n, const unsigned char *pixels, long hist[256]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    hist[pixels[i]]++;
}

void histogram_reduction(int n, const unsigned char *pixels, long hist[256]) {
#pragma omp parallel for reduction(+ : hist[ : 256])
  for (int i = 0; i < n; i++)
    hist[pixels[i]]++;
}

double mean(int n, const double *x) {
  double s = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    s += x[i];
  return s / n;
}

double mean_reduction(int n, const double *x) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += x[i];
  return s / n;
}

double max_value(int n, const double *x) {
  double m = x[0];
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    if (x[i] > m)
      m = x[i];
  return m;
}
