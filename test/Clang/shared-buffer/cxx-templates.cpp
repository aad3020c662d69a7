// Function templates containing an OpenMP loop, instantiated for several
// element types: a race in the template is reported once, at the template's
// source line, not once per instantiation.
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <cstddef>
#include <vector>

template <typename T>
void smooth_shared(std::vector<T> &out, const std::vector<T> &in, int m) {
  std::vector<T> win(m);
  int n = static_cast<int>(out.size());
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      win[j] = in[(i + j) % n]; // expected-warning {{shared buffer 'win' is scratch}}
    T s = T();
    for (int j = 0; j < m; j++)
      s += win[j];
    out[i] = s / static_cast<T>(m);
  }
}

template <typename T>
T sum_shared(const std::vector<T> &in) {
  T total = T();
  int n = static_cast<int>(in.size());
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    total += in[i]; // expected-warning {{'total' is updated by every iteration without a reduction}}
  return total;
}

template <typename T>
void smooth_local(std::vector<T> &out, const std::vector<T> &in, int m) {
  int n = static_cast<int>(out.size());
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    std::vector<T> win(m);
    for (int j = 0; j < m; j++)
      win[j] = in[(i + j) % n];
    T s = T();
    for (int j = 0; j < m; j++)
      s += win[j];
    out[i] = s / static_cast<T>(m);
  }
}

template <typename T>
T sum_reduction(const std::vector<T> &in) {
  T total = T();
  int n = static_cast<int>(in.size());
#pragma omp parallel for reduction(+ : total)
  for (int i = 0; i < n; i++)
    total += in[i];
  return total;
}

template <typename T, std::size_t M>
void scale_rows(std::vector<T> &a, T f) {
  int rows = static_cast<int>(a.size() / M);
#pragma omp parallel for
  for (int r = 0; r < rows; r++)
    for (std::size_t c = 0; c < M; c++)
      a[r * M + c] *= f;
}

void use_templates() {
  std::vector<double> d(100), dout(100);
  std::vector<float> f(100), fout(100);
  smooth_shared(dout, d, 3);
  smooth_shared(fout, f, 5);
  smooth_local(dout, d, 3);
  smooth_local(fout, f, 5);
  double sd = sum_shared(d) + sum_reduction(d);
  float sf = sum_shared(f) + sum_reduction(f);
  scale_rows<double, 4>(d, 2.0);
  scale_rows<float, 10>(f, 2.0f);
  (void)sd;
  (void)sf;
}
