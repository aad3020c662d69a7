// C++ references inside OpenMP loops: a reference bound to the iteration's own
// element, and a reference that aliases a shared accumulator or scratch buffer.
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <vector>

void ref_to_total(int n, const std::vector<double> &x, double &result) {
  double total = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double &acc = total;
    acc += x[i]; // expected-warning {{'total' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]}}
  }
  result = total;
}

void ref_param_accumulate(int n, const std::vector<double> &x, double &sum) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    sum += x[i] * x[i]; // expected-warning {{'sum' is updated by every iteration without a reduction}}
}

void ref_param_scratch(int n, int m, std::vector<double> &tmp, std::vector<double> &out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      tmp[j] = i + j; // expected-warning {{shared buffer 'tmp' is scratch}}
    out[i] = tmp[m - 1];
  }
}

void alias_of_scratch(int n, int m, std::vector<double> &out) {
  std::vector<double> work(m);
  std::vector<double> &w = work;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      w[j] = i * j; // expected-warning {{scratch}}
    out[i] = w[0];
  }
}

void ref_to_own_element(int n, std::vector<double> &out, const std::vector<double> &x) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double &r = out[i];
    r = x[i] * 0.5;
    r += 1.0;
  }
}

void ref_to_own_row(int n, std::vector<std::vector<double>> &rows) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    std::vector<double> &row = rows[i];
    for (double &e : row)
      e *= 2.0;
  }
}

void const_ref_read(int n, std::vector<double> &out, const std::vector<double> &x) {
  double scale = 3.0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    const double &s = scale;
    const double &xi = x[i];
    out[i] = s * xi;
  }
}

void ref_reduction(int n, const std::vector<double> &x, double &result) {
  double total = 0;
#pragma omp parallel for reduction(+ : total)
  for (int i = 0; i < n; i++) {
    double &acc = total; // binds to the thread's private copy
    acc += x[i];
  }
  result = total;
}
