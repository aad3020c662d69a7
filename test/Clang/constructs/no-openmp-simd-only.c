// With -fopenmp-simd only 'simd' constructs take effect; a 'parallel for'
// runs sequentially, so nothing can race and the plugin reports no finding.
// It says so once, at the first construct that has no effect, so that the
// silence is not read as "checked": a file of 'simd' loops alone gets no
// note.
// RUN: %clang -fopenmp-simd -fsyntax-only -fplugin=%plugin -Xclang -verify %s
// RUN: %clang -fopenmp-simd -fsyntax-only -fplugin=%plugin -Xclang -verify=simd -DSIMD_ONLY %s
// simd-no-diagnostics

#ifndef SIMD_ONLY
double sum_racy(const double *x, int n) {
  double sum = 0;
  // expected-note@+1 {{'#pragma omp parallel' has no effect: this file is compiled with -fopenmp-simd alone, which keeps only 'simd' constructs, so its parallel code runs on one thread and privateer analyses none of its OpenMP code (compile with -fopenmp to check it)}}
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    sum += x[i];
  return sum;
}
#endif

void scale(double *x, int n) {
#pragma omp simd
  for (int i = 0; i < n; i++)
    x[i] *= 2;
}
