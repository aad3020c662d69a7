// Constructs in the pattern of a generic lambda (`[&](auto f)`) in an
// ordinary function have types that depend on its parameters: sizes and
// layouts are unknown there, and the analysis leaves such code alone
// instead of crashing (it used to recurse forever asking a dependent
// type's alignment).
// RUN: %cxx -Xclang -verify %s
// expected-no-diagnostics

#include <vector>

void generic(std::vector<double> &v) {
  auto scale = [&](auto f) {
#pragma omp parallel for
    for (int i = 0; i < (int)v.size(); i++)
      v[i] *= f;
  };
  scale(2.0);
}

void generic_task(long n) {
  auto spawn = [&](auto m) {
    decltype(m) x = 0;
#pragma omp task shared(x)
    x = m + 1;
#pragma omp taskwait
    return x;
  };
  spawn(n);
}

void generic_scratch(int n) {
  auto body = [&](auto k) {
    decltype(k) s = 0;
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      s = i * k;
    return s;
  };
  body(3);
}
