// std::transform_reduce and std::reduce with std::execution::par and
// par_unseq: the transform runs once per element, the reduction combines
// partial results on every thread, and the two run beside each other. No
// -fopenmp needed.
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-checks=-*,privateer-shared-buffer -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <execution>
#include <functional>
#include <numeric>
#include <vector>

double transform_scratch(const std::vector<double> &v) {
  double t[4];
  return std::transform_reduce(std::execution::par, v.begin(), v.end(), 0.0,
                               std::plus<>(), [&](double x) {
                                 for (int k = 0; k < 4; ++k)
                                   t[k] = x * k; // expected-warning {{shared buffer 't' is scratch}}
                                 return t[3];
                               });
}

double reduce_counts_calls(const std::vector<double> &v) {
  long calls = 0;
  double s = std::transform_reduce(
      std::execution::par_unseq, v.begin(), v.end(), 0.0,
      [&](double a, double b) {
        calls++; // expected-warning {{'calls'}}
        return a + b;
      },
      [](double x) { return x * x; });
  return s + calls;
}

// The transform writes what the reduction reads.
double transform_feeds_reduce(const std::vector<double> &v) {
  double last = 0;
  return std::transform_reduce(
      std::execution::par, v.begin(), v.end(), 0.0,
      [&](double a, double b) { return a + b + last; },
      [&](double x) {
        last = x; // expected-warning {{'last'}}
        return x;
      });
}

double binary_transform(const std::vector<double> &v,
                        const std::vector<double> &w) {
  double t[2];
  return std::transform_reduce(std::execution::par, v.begin(), v.end(),
                               w.begin(), 0.0, std::plus<>(),
                               [&](double x, double y) {
                                 t[0] = x; // expected-warning {{'t'}}
                                 t[1] = y;
                                 return t[0] * t[1];
                               });
}

double reduce_op(const std::vector<double> &v) {
  double biggest = 0;
  return std::reduce(std::execution::par, v.begin(), v.end(), 0.0,
                     [&](double a, double b) {
                       biggest = a > b ? a : b; // expected-warning {{'biggest'}}
                       return a + b;
                     });
}

// Silent.

double dot(const std::vector<double> &v, const std::vector<double> &w) {
  return std::transform_reduce(std::execution::par_unseq, v.begin(), v.end(),
                               w.begin(), 0.0);
}

double own_scratch(const std::vector<double> &v, double scale) {
  return std::transform_reduce(
      std::execution::par, v.begin(), v.end(), 0.0,
      [](double a, double b) { return a + b; },
      [&](double x) {
        double t[4];
        for (int k = 0; k < 4; ++k)
          t[k] = x * k * scale;
        return t[3];
      });
}

double reads_only(const std::vector<double> &v, const std::vector<double> &wt) {
  return std::transform_reduce(
      std::execution::par, v.begin(), v.end(), 0.0,
      [&](double a, double b) { return a + b + wt[0]; },
      [&](const double &x) { return x * wt[1]; });
}

// A sequential policy runs on the calling thread alone.
double sequential(const std::vector<double> &v) {
  double t[4];
  long calls = 0;
  return std::transform_reduce(std::execution::seq, v.begin(), v.end(), 0.0,
                               [&](double a, double b) {
                                 calls++;
                                 return a + b;
                               },
                               [&](double x) {
                                 for (int k = 0; k < 4; ++k)
                                   t[k] = x * k;
                                 return t[3];
                               });
}
