// privateer-loop-alloc in C++: containers and new[] per iteration.
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
#include <memory>
#include <vector>

void vectors(int n, int m, double *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    std::vector<double> tmp(m); // expected-warning {{'tmp' ('m * 8' bytes) is constructed and destroyed in every iteration of this parallel loop}}
    for (int k = 0; k < m; k++)
      tmp[k] = i * k;
    out[i] = tmp[m - 1];
  }
}

void arrays(int n, int m, double *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *t = new double[m]; // expected-warning {{'t' ('m * 8' bytes) is allocated and freed in every iteration}}
    t[0] = i;
    out[i] = t[0];
    delete[] t;
  }
}

void unique(int n, int m, double *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    auto t = std::make_unique<double[]>(m); // expected-warning {{'t' ('m * 8' bytes) is constructed and destroyed in every iteration}}
    t[0] = i;
    out[i] = t[0];
  }
}

void per_thread(int n, int m, double *out) {
#pragma omp parallel
  {
    std::vector<double> tmp(m);
#pragma omp for
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < m; k++)
        tmp[k] = i * k;
      out[i] = tmp[m - 1];
    }
  }
}

void growing(int n, std::vector<std::vector<int>> &out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    std::vector<int> v(i + 1);
    out[i] = v;
  }
}
