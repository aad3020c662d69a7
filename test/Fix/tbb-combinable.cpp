// Accumulations into a variable a TBB body captures by reference become a
// tbb::combinable: each thread updates its own copy through .local(), and
// the copies are combined into the variable after the call. A product's
// copies start at 1; a '-=' accumulates the subtracted terms and adds
// their negated sum. The header is included when the file lacks it (once,
// however many fixes need it: after the file's first TBB include). The
// rewritten program runs with 1, 2 and 4 TBB threads and matches the
// sequential result (sums of halves are exact in double, whatever the
// order). ThreadSanitizer is not used: the Debian oneTBB is not
// instrumented and TSan reports false races inside it; the results are
// compared instead, and the 4-thread run is repeated.
// RUN: rm -rf %t && mkdir -p %t && %strip-checks %s > %t/in.cpp
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.cpp
// RUN: cp %t/in.cpp %t/once.cpp && %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | FileCheck %s --check-prefix=AGAIN && diff %t/once.cpp %t/in.cpp
// RUN: %clangxx -std=c++17 -O1 -DONLY_FIXED %t/in.cpp -o %t/fixed -ltbb
// RUN: %clangxx -std=c++17 -O1 -DONLY_FIXED %s -o %t/orig-fixed-part -ltbb && %t/orig-fixed-part 1 > %t/expected-fixed
// RUN: %t/fixed 1 | diff %t/expected-fixed -
// RUN: %t/fixed 2 | diff %t/expected-fixed -
// RUN: %t/fixed 4 | diff %t/expected-fixed -
// RUN: %t/fixed 4 | diff %t/expected-fixed -
#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

double total(const std::vector<double> &x) {
  double sum = 0;
  tbb::parallel_for(tbb::blocked_range<size_t>(0, x.size()),
                    [&](const tbb::blocked_range<size_t> &r) {
                      for (size_t i = r.begin(); i != r.end(); ++i)
                        sum += x[i];
                    });
  return sum;
}

long above(const std::vector<double> &x, double t) {
  long n = 0;
  tbb::parallel_for(size_t(0), x.size(), [&](size_t i) {
    if (x[i] > t)
      n++;
  });
  return n;
}

long product(int n) {
  long p = 3;
  tbb::parallel_for(0, n, [&](int i) {
    if (i % 997 == 0)
      p *= 2;
  });
  return p;
}

double debit(const std::vector<double> &x) {
  double balance = 1e6;
  tbb::parallel_for(size_t(0), x.size(), [&](size_t i) { balance -= x[i]; });
  return balance;
}

#ifndef ONLY_FIXED
// An explicit capture list: the new variable would not be captured.
double listed(const std::vector<double> &x) {
  double s = 0;
  tbb::parallel_for(size_t(0), x.size(), [&s, &x](size_t i) { s += x[i]; });
  return s;
}
#endif

int main(int argc, char **argv) {
  int threads = argc > 1 ? std::atoi(argv[1]) : 1;
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                            threads);
  std::vector<double> x(200000);
  for (size_t i = 0; i < x.size(); i++)
    x[i] = (i % 10) * 0.5;
  std::printf("%.1f %ld %ld %.1f\n", total(x), above(x, 2.0), product(20000),
              debit(x));
  return 0;
}
// DIAG: warning: 'sum' is updated by every iteration without a reduction
// DIAG: warning: 'n' is updated by every iteration without a reduction
// DIAG: warning: 'p' is updated by every iteration without a reduction
// DIAG: warning: 'balance' is updated by every iteration without a reduction
// DIAG: warning: 's' is updated by every iteration without a reduction
// DIAG: note: no automatic fix: the body is not one lambda with a '[&]' capture
// FIXED:      #include <tbb/blocked_range.h>
// FIXED-NEXT: #include <tbb/combinable.h>
// FIXED-NOT:  #include <tbb/combinable.h>
// FIXED:      double sum = 0;
// FIXED-NEXT: tbb::combinable<double> privateer_sum;
// FIXED-NEXT: tbb::parallel_for(tbb::blocked_range<size_t>(0, x.size()),
// FIXED:          privateer_sum.local() += x[i];
// FIXED-NEXT: });
// FIXED-NEXT: sum += privateer_sum.combine([](double a, double b) { return a + b; });
// FIXED-NEXT: return sum;
// FIXED:      tbb::combinable<long> privateer_n;
// FIXED:        privateer_n.local()++;
// FIXED:      n += privateer_n.combine([](long a, long b) { return a + b; });
// FIXED:      tbb::combinable<long> privateer_p([] { return long(1); });
// FIXED:        privateer_p.local() *= 2;
// FIXED:      p *= privateer_p.combine([](long a, long b) { return a * b; });
// FIXED:      tbb::parallel_for(size_t(0), x.size(), [&](size_t i) { privateer_balance.local() -= x[i]; });
// FIXED-NEXT: balance += privateer_balance.combine([](double a, double b) { return a + b; });
// FIXED:      [&s, &x](size_t i) { s += x[i]; }
// AGAIN-COUNT-1: warning:
// AGAIN-NOT: warning:
