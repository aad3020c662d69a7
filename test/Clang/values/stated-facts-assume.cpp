// C++23's [[assume(e)]] before the construct is a fact, as in C (see
// stated-facts.c); a throw unless e holds is one too.
// RUN: %cxx -std=c++23 -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <stdexcept>
#include <vector>

void attribute_assume(int n, int k, std::vector<double> &a) {
  [[assume(k >= n)]];
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + k];
}

void throws_unless(int n, int k, std::vector<double> &a) {
  if (k < n)
    throw std::invalid_argument("k");
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + k];
}

void unstated(int n, int k, std::vector<double> &a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + k]; // expected-warning {{'a' is written by one iteration and read by another}}
}
