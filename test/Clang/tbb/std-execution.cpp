// C++17 parallel algorithms with std::execution::par and par_unseq: the
// element is the work item; seq runs on one thread. No -fopenmp needed.
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-checks=-*,privateer-shared-buffer -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <algorithm>
#include <execution>
#include <vector>

void for_each_par(std::vector<double> &v) {
  double t[4];
  std::for_each(std::execution::par, v.begin(), v.end(), [&](double &x) {
    for (int k = 0; k < 4; ++k)
      t[k] = x * k; // expected-warning {{shared buffer 't' is scratch}}
    x = t[3];
  });
}

void for_each_n_par_unseq(std::vector<double> &v, int n) {
  double t[4];
  std::for_each_n(std::execution::par_unseq, v.begin(), n, [&](double &x) {
    for (int k = 0; k < 4; ++k)
      t[k] = x * k; // expected-warning {{shared buffer 't' is scratch}}
    x = t[3];
  });
}

void transform_par(const std::vector<double> &in, std::vector<double> &out) {
  double t[4];
  std::transform(std::execution::par, in.begin(), in.end(), out.begin(),
                 [&](double x) {
                   for (int k = 0; k < 4; ++k)
                     t[k] = x * k; // expected-warning {{shared buffer 't' is scratch}}
                   return t[3];
                 });
}

// Silent.

void for_each_seq(std::vector<double> &v) {
  double t[4];
  std::for_each(std::execution::seq, v.begin(), v.end(), [&](double &x) {
    for (int k = 0; k < 4; ++k)
      t[k] = x * k;
    x = t[3];
  });
}

void plain_for_each(std::vector<double> &v) {
  double t[4];
  std::for_each(v.begin(), v.end(), [&](double &x) {
    for (int k = 0; k < 4; ++k)
      t[k] = x * k;
    x = t[3];
  });
}

void elements_in_place(std::vector<double> &v) {
  std::for_each(std::execution::par, v.begin(), v.end(),
                [](double &x) { x = x * x + 1; });
}

void transform_pure(const std::vector<double> &in, std::vector<double> &out) {
  double scale = 3;
  std::transform(std::execution::par_unseq, in.begin(), in.end(), out.begin(),
                 [&](double x) { return x * scale; });
}
