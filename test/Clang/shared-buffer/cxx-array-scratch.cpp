// std::array and plain arrays used as per-iteration scratch in OpenMP loops,
// including buffers cleared with std::fill, against the private versions.
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

void shared_std_array(int n, double *out, const double *in) {
  std::array<double, 16> coef;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 16; k++)
      coef[k] = in[i] / (k + 1); // expected-warning {{shared buffer 'coef' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]}}
    double s = 0;
    for (double c : coef)
      s += c;
    out[i] = s;
  }
}

void shared_std_array_fill(int n, std::vector<int> &out, const std::vector<int> &keys) {
  std::array<int, 10> digits;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    digits.fill(0); // expected-warning {{shared buffer 'digits' is scratch}}
    for (int v = keys[i]; v > 0; v /= 10)
      digits[v % 10]++;
    out[i] = digits[7];
  }
}

void shared_raw_fill(int n, int *out, const int *in) {
  int buf[64];
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    std::fill(buf, buf + 64, 0); // expected-warning {{shared buffer 'buf' is scratch}}
    buf[in[i] & 63] = 1;
    out[i] = buf[5];
  }
}

void private_std_array(int n, double *out, const double *in) {
  std::array<double, 16> coef;
#pragma omp parallel for private(coef)
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 16; k++)
      coef[k] = in[i] / (k + 1);
    out[i] = coef[15];
  }
}

void local_std_array(int n, std::vector<int> &out, const std::vector<int> &keys) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    std::array<int, 10> digits{};
    for (int v = keys[i]; v > 0; v /= 10)
      digits[v % 10]++;
    out[i] = digits[7];
  }
}

void local_raw_fill(int n, int *out, const int *in) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    int buf[64];
    std::fill(buf, buf + 64, 0);
    buf[in[i] & 63] = 1;
    out[i] = buf[5];
  }
}

void read_only_table(int n, double *out, const double *in) {
  const std::array<double, 4> w = {0.1, 0.2, 0.3, 0.4};
  std::array<double, 4> v = {1, 2, 3, 4}; // shared, but only read
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = w[i % 4] * in[i] + v[(i + 1) % 4];
}

void shared_raw_memset(int n, int *out) {
  int buf[16];
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    std::memset(buf, 0, sizeof buf); // expected-warning {{shared buffer 'buf' is scratch}}
    buf[i % 16] = i;
    out[i] = buf[3];
  }
}

void local_raw_memset(int n, int *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    int buf[16];
    std::memset(buf, 0, sizeof buf);
    buf[i % 16] = i;
    out[i] = buf[3];
  }
}
