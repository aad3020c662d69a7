// Libraries wrap oneTBB and the parallel algorithms in loop templates of
// their own and hand them lambdas. Each call with a visible lambda is a
// parallel loop over the lambda's body, with the wrapper's range: a race is
// told in the lambda, with notes at the wrapper's call of it and at the call
// of the wrapper. Correct uses (each call writes its own element) stay
// silent, and the wrapper, which other callers use correctly, gets no fix.
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-checks=-*,privateer-shared-buffer -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-checks=-*,privateer-shared-buffer %s 2>&1 | FileCheck %s
// RUN: cp %s %t.cpp && %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-fix %t.cpp 2>/dev/null; diff %s %t.cpp

#include <algorithm>
#include <execution>
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_group.h>
#include <vector>

template <typename F> void for_each_index(std::size_t n, F f) {
  tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n),
                    [&f](const tbb::blocked_range<std::size_t> &r) {
                      for (std::size_t i = r.begin(); i != r.end(); ++i)
                        f(i);
                    });
}

template <typename F> void for_each_simple(int n, const F &f) {
  tbb::parallel_for(0, n, [&](int i) { f(i); });
}

double weight(const std::vector<double> &x) {
  double total = 0;
  for_each_index(x.size(), [&](std::size_t i) { total += x[i]; }); // expected-warning {{'total' is updated by every iteration without a reduction}}
  return total;
}
// CHECK: wrapper-templates.cpp:[[@LINE-3]]:49: warning: 'total' is updated
// CHECK: wrapper-templates.cpp:22:25: note: each of the iterations calls the lambda here
// CHECK: wrapper-templates.cpp:[[@LINE-5]]:3: note: 'for_each_index' runs the lambda in parallel; this call hands it over
// CHECK: wrapper-templates.cpp:19:3: note: 'total' is shared by this 'tbb::parallel_for'

void scale(std::vector<double> &y, const std::vector<double> &x) {
  for_each_index(x.size(), [&](std::size_t i) { y[i] = 2 * x[i]; });
  for_each_simple((int)x.size(), [&](int i) { y[i] += x[i]; });
}

int histogram(const std::vector<int> &keys, std::vector<int> &bins) {
  int seen = 0;
  for_each_simple((int)keys.size(), [&](int i) {
    seen++; // expected-warning {{'seen' is updated by every iteration without a reduction}}
    bins[i] = keys[i] % 7;
  });
  return seen;
}

template <typename It, typename F> void par_each(It first, It last, F f) {
  std::for_each(std::execution::par, first, last, f);
}

template <typename F> void spawn_all(tbb::task_group &g, int n, F f) {
  for (int i = 0; i < n; i++)
    g.run([=] { f(i); });
}

int sum_elements(std::vector<int> &v) {
  int c = 0;
  par_each(v.begin(), v.end(), [&](int &x) { c += x; }); // expected-warning {{'c' is updated by every iteration without a reduction}}
  par_each(v.begin(), v.end(), [](int &x) { x *= 2; });
  return c;
}

int spawned(std::vector<int> &out) {
  int c = 0;
  tbb::task_group g;
  spawn_all(g, 8, [&](int i) { out[i] = i; });
  g.wait();
  spawn_all(g, 8, [&](int i) { c += out[i]; }); // expected-warning {{'c' is updated by every task without a reduction}}
  g.wait();
  return c;
}

// A loop template that hands each chunk on to the user's lambda as a range
// of its own (embree's parallel_for(first, last, minStep, func)): the
// lambda's loop over that range is the work-item loop.
template <typename T> struct span_range {
  span_range(T b, T e) : b_(b), e_(e) {}
  T begin() const { return b_; }
  T end() const { return e_; }
  T b_, e_;
};

template <typename Index, typename Func>
void chunked_for(Index first, Index last, Index grain, const Func &func) {
  tbb::parallel_for(tbb::blocked_range<Index>(first, last, grain),
                    [&](const tbb::blocked_range<Index> &r) {
                      func(span_range<Index>(r.begin(), r.end()));
                    });
}

double chunked_sum(const std::vector<double> &x) {
  double t = 0;
  chunked_for(std::size_t(0), x.size(), std::size_t(64),
              [&](const span_range<std::size_t> &r) {
                for (std::size_t i = r.begin(); i < r.end(); i++)
                  t += x[i]; // expected-warning {{'t' is updated by every iteration without a reduction}}
              });
  return t;
}
// CHECK: wrapper-templates.cpp:[[@LINE-4]]:19: warning: 't' is updated
// CHECK: wrapper-templates.cpp:94:23: note: each chunk of the iterations is handed to the lambda here
// CHECK: wrapper-templates.cpp:100:3: note: 'chunked_for' runs the lambda in parallel; this call hands it over

void chunked_scale(std::vector<double> &y, const std::vector<double> &x,
                   std::size_t m) {
  chunked_for(std::size_t(0), x.size(), std::size_t(1),
              [&](const span_range<std::size_t> &r) {
                for (std::size_t i = r.begin(); i < r.end(); i++)
                  y[i] = 2 * x[i];
              });
  std::vector<double> row(m);
  chunked_for(std::size_t(0), x.size(), std::size_t(1),
              [&](const span_range<std::size_t> &r) {
                for (std::size_t i = r.begin(); i < r.end(); i++) {
                  for (std::size_t j = 0; j < m; j++)
                    row[j] = x[i] * j; // expected-warning {{shared buffer 'row' is scratch that every iteration overwrites}}
                  y[i] = row[m - 1];
                }
              });
}

// The template's range and the lambda's captures are the caller's values:
// what holds where it calls the template (here `left < right`, and that
// the range is [b, b + left)) is not known inside, so a collision that
// needs chosen values of them is no proof (held back, shown as "may").
void move_right(std::vector<double> &p, std::size_t b, std::size_t left,
                std::size_t right) {
  if (left < right)
    chunked_for(b, b + left, std::size_t(1),
                [&](const span_range<std::size_t> &r) {
                  for (std::size_t i = r.begin(); i < r.end(); i++)
                    p[i + right] = p[i];
                });
}
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-checks=-*,privateer-shared-buffer -fplugin-arg-privateer-report-may %s 2>&1 | FileCheck %s --check-prefix=MAY
// MAY: wrapper-templates.cpp:139:21: warning: 'p' may be written by one iteration and read by another
