// A lambda the work item calls is part of the work item: its captures by
// reference are the caller's variables, its parameters and its copies the
// work item's own. The finding is told in the lambda, with a note at the
// call; a lambda made before the construct refers to the variables
// themselves, so no clause of the construct gives it a copy (the advice
// and the fix are 'atomic' in the lambda).
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %cxx %s 2>&1 | FileCheck %s
#include <vector>

int count_positive(const std::vector<int> &v) {
  int count = 0;
  auto visit = [&](int i) {
    if (v[i] > 0)
      count += 1; // expected-warning {{'count' is updated by every iteration without a reduction}}
  };
#pragma omp parallel for
  for (int i = 0; i < (int)v.size(); i++)
    visit(i);
  return count;
}
// CHECK: cxx-lambda-calls.cpp:15:7: warning: 'count' is updated by every iteration
// CHECK: cxx-lambda-calls.cpp:19:5: note: each of the iterations calls the lambda here
// CHECK: note: 'count' is shared by this 'omp parallel for'; protect the update with '#pragma omp atomic' on the update or 'omp critical'

void own_element(std::vector<double> &out, const std::vector<double> &in) {
  auto scale = [&](int i) { out[i] = 2 * in[i]; };
#pragma omp parallel for
  for (int i = 0; i < (int)in.size(); i++)
    scale(i);
}

void neighbour(double *out, int n) {
  auto smooth = [&](int i) { out[i + 1] = out[i]; }; // expected-warning {{'out' is written by one iteration and read by another}}
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    smooth(i);
}

void copies_are_own(double *out, int n, double w) {
  // `w` is the closure's copy; the lambda's parameter is the item's own.
  auto put = [=](int i) { out[i] = w * i; };
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    put(i);
}

double scratch_through_lambda(const double *x, double *y, int n) {
  double t = 0;
  auto step = [&](int i) {
    t = x[i] * 2; // expected-warning {{shared buffer 't' is scratch that every iteration overwrites}}
    y[i] = t + 1;
  };
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    step(i);
  return y[0];
}
// CHECK: no automatic fix: it is used through a lambda made before the construct

void made_in_loop(const double *x, int n, double *out) {
  // Made by each iteration: a reduction's copy is what it captures.
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++) {
    auto add = [&](double v) { s += v; };
    add(x[i]);
  }
  *out = s;
}

template <typename F> void omp_for_each(int n, F f) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    f(i);
}

double wrapped(const std::vector<double> &x, std::vector<double> &y) {
  omp_for_each((int)x.size(), [&](int i) { y[i] = x[i] + 1; });
  double total = 0;
  omp_for_each((int)x.size(), [&](int i) { total += x[i]; }); // expected-warning {{'total' is updated by every iteration without a reduction}}
  return total;
}
// CHECK: cxx-lambda-calls.cpp:[[@LINE-3]]:44: warning: 'total' is updated by every iteration
// CHECK: cxx-lambda-calls.cpp:{{[0-9]+}}:5: note: each of the iterations calls the lambda here
// CHECK: cxx-lambda-calls.cpp:[[@LINE-5]]:3: note: 'omp_for_each' runs the lambda in parallel; this call hands it over
