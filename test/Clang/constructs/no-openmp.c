// Without -fopenmp the pragmas are ignored and the loops are sequential:
// the plugin reports no finding, even for a loop that would race, and says
// once, at the first pragma, that the pragmas were ignored.
// RUN: %clang -fsyntax-only -fplugin=%plugin -Xclang -verify %s

double sum_racy(const double *x, int n) {
  double sum = 0;
  double tmp[4];
  // expected-note@+1 {{'#pragma omp' is ignored: this file is compiled without -fopenmp, so privateer finds no OpenMP construct in it (add -fopenmp to check its parallel code)}}
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 4; k++)
      tmp[k] = x[i] + k;
    sum += tmp[3];
  }
  return sum;
}

int threads_racy(void) {
  int nthreads = 0;
#pragma omp parallel
  nthreads = 4;
  return nthreads;
}
