// One file with OpenMP and TBB: with -fopenmp both models run, each on its
// own constructs; without it only TBB's are analysed.
// RUN: %cxx -Xclang -verify=omp,tbb -Xclang -verify-ignore-unexpected=note %s
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-checks=-*,privateer-shared-buffer -Xclang -verify=tbb -Xclang -verify-ignore-unexpected=note %s

#include <tbb/parallel_for.h>

void omp_loop(int n, double *out) {
  double t[4];
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    for (int k = 0; k < 4; ++k)
      t[k] = i * k; // omp-warning {{shared buffer 't' is scratch}}
    out[i] = t[3];
  }
}

void tbb_loop(int n, double *out) {
  double t[4];
  tbb::parallel_for(0, n, [&](int i) {
    for (int k = 0; k < 4; ++k)
      t[k] = i * k; // tbb-warning {{shared buffer 't' is scratch}}
    out[i] = t[3];
  });
}
