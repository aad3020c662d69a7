// A minimum or maximum kept in a variable a TBB body captures by reference
// (`if (x[i] > m) m = x[i];`, `lo = std::min(lo, x[i]);`) becomes a
// tbb::combinable whose copies start at the variable's value before the
// call (exact for min and max: taking that value again changes nothing),
// updated through .local(); after the call the variable gets the copies
// combined with the same comparison (no copy: the value before the call).
// The rewritten program runs with 1, 2 and 4 TBB threads and matches the
// sequential result.
// RUN: rm -rf %t && mkdir -p %t && %strip-checks %s > %t/in.cpp
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.cpp
// RUN: cp %t/in.cpp %t/once.cpp && %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | count 0 && diff %t/once.cpp %t/in.cpp
// RUN: %clangxx -std=c++17 -O1 %s -o %t/orig -ltbb && %t/orig 1 > %t/expected
// RUN: %clangxx -std=c++17 -O1 %t/in.cpp -o %t/fixed -ltbb
// RUN: %t/fixed 1 | diff %t/expected -
// RUN: %t/fixed 2 | diff %t/expected -
// RUN: %t/fixed 4 | diff %t/expected -
// RUN: %t/fixed 4 | diff %t/expected -
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

double largest(const std::vector<double> &x) {
  double m = -1;
  tbb::parallel_for(size_t(0), x.size(), [&](size_t i) {
    if (x[i] > m)
      m = x[i];
  });
  return m;
}

long smallest(const std::vector<long> &x) {
  long lo = 1000000;
  tbb::parallel_for(size_t(0), x.size(),
                    [&](size_t i) { lo = std::min(lo, x[i]); });
  return lo;
}

double lower(const std::vector<double> &x, double start) {
  double lo = start;
  tbb::parallel_for(size_t(0), x.size(), [&](size_t i) {
    if (lo > x[i]) {
      lo = x[i];
    }
  });
  return lo;
}

int highest(int n) {
  int h = 7;
  tbb::parallel_for(0, n,
                    [&](int i) { h = std::max((i * 7919) % 100003, h); });
  return h;
}

int main(int argc, char **argv) {
  int threads = argc > 1 ? std::atoi(argv[1]) : 1;
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                            threads);
  std::vector<double> x(200000);
  std::vector<long> y(200000);
  for (size_t i = 0; i < x.size(); i++) {
    x[i] = ((i * 7919) % 100003) * 0.5;
    y[i] = (long)((i * 104729) % 99991) - 5000;
  }
  // Each extreme occurs once, so that only one thread's copy holds it: a
  // wrong combination shows with two threads or more.
  x[150001] = 123456.5;
  x[70001] = -7.5;
  y[12345] = -777777;
  // (lower(x, -30.0): no element is lower, the value before the call
  // stays; highest(0): no work item, the same.)
  std::printf("%.1f %ld %.1f %.1f %d %d\n", largest(x), smallest(y),
              lower(x, 1e9), lower(x, -30.0), highest(5000), highest(0));
  return 0;
}
// DIAG: warning: 'm' is updated by every iteration without a reduction
// DIAG: warning: 'lo' is updated by every iteration without a reduction
// DIAG: warning: 'lo' is updated by every iteration without a reduction
// DIAG: warning: 'h' is updated by every iteration without a reduction
// FIXED:      {{^}}#include <tbb/global_control.h>{{$}}
// FIXED-NEXT: {{^}}#include <tbb/combinable.h>{{$}}
// FIXED-NOT:  combinable.h
// FIXED:      {{^}}  tbb::combinable<double> privateer_m([m] { return m; });{{$}}
// FIXED-NEXT: {{^}}  tbb::parallel_for(size_t(0), x.size(), [&](size_t i) {{{$}}
// FIXED-NEXT: {{^}}    if (x[i] > privateer_m.local()){{$}}
// FIXED-NEXT: {{^}}      privateer_m.local() = x[i];{{$}}
// FIXED-NEXT: {{^}}  });{{$}}
// FIXED-NEXT: {{^}}  m = privateer_m.combine([](double a, double b) { return a < b ? b : a; });{{$}}
// FIXED:      {{^}}  tbb::combinable<long> privateer_lo([lo] { return lo; });{{$}}
// FIXED:      {{^}}                    [&](size_t i) { privateer_lo.local() = std::min(privateer_lo.local(), x[i]); });{{$}}
// FIXED-NEXT: {{^}}  lo = privateer_lo.combine([](long a, long b) { return b < a ? b : a; });{{$}}
// FIXED:      {{^}}    if (privateer_lo.local() > x[i]) {{{$}}
// FIXED-NEXT: {{^}}      privateer_lo.local() = x[i];{{$}}
// FIXED:      {{^}}  lo = privateer_lo.combine([](double a, double b) { return b < a ? b : a; });{{$}}
// FIXED:      {{^}}                    [&](int i) { privateer_h.local() = std::max((i * 7919) % 100003, privateer_h.local()); });{{$}}
// FIXED-NEXT: {{^}}  h = privateer_h.combine([](int a, int b) { return a < b ? b : a; });{{$}}
