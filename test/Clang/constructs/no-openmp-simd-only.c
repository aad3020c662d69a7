// With -fopenmp-simd only 'simd' constructs take effect; a 'parallel for'
// runs sequentially, so nothing can race and the plugin reports nothing.
// RUN: %clang -fopenmp-simd -fsyntax-only -fplugin=%plugin -Xclang -verify %s
// expected-no-diagnostics

double sum_racy(const double *x, int n) {
  double sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    sum += x[i];
  return sum;
}
