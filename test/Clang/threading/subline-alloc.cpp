// privateer-subline-alloc in C++: per-thread vectors and new[] blocks.
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
#include <omp.h>
#include <vector>

void vectors(int n, double *out) {
#pragma omp parallel
  {
    std::vector<double> ws(12); // expected-warning {{per-thread block 'ws' of 96 bytes is not a whole number of 64-byte cache lines and is aligned to 16 bytes only}}
    for (int k = 0; k < n; k++)
      ws[k % 12] += k;
    out[omp_get_thread_num()] = ws[0];
  }
}

void arrays(int n, double *out) {
#pragma omp parallel
  {
    double *ws = new double[5]; // expected-warning {{per-thread block 'ws' of 40 bytes}}
    for (int k = 0; k < n; k++)
      ws[k % 5] += k;
    out[omp_get_thread_num()] = ws[0];
    delete[] ws;
  }
}

struct alignas(64) Line {
  double v[8];
};

void aligned_lines(int n, double *out) {
#pragma omp parallel
  {
    Line *ws = new Line[2]; // aligned new, whole lines: silent
    for (int k = 0; k < n; k++)
      ws[k % 2].v[k % 8] += k;
    out[omp_get_thread_num()] = ws[0].v[0];
    delete[] ws;
  }
}
