// Stores of one value in TBB bodies and C++17 parallel algorithms:
// privateer-same-value-store, advising a relaxed std::atomic (no fix is
// written). A captured variable stored with the work item's own value, or
// read by the body as well, stays privateer-shared-buffer's.
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-checks=-*,privateer-shared-buffer,privateer-same-value-store -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-checks=-*,privateer-same-value-store %s 2>&1 | FileCheck %s

#include <algorithm>
#include <execution>
#include <tbb/parallel_for.h>
#include <vector>

bool any_negative(const std::vector<double> &a) {
  bool found = false;
  tbb::parallel_for(size_t(0), a.size(), [&](size_t i) {
    if (a[i] < 0)
      found = true; // expected-warning {{'found' is written by more than one iteration with the same value ('1') without synchronization}}
  });
  return found;
}
// CHECK: note: make 'found' a 'std::atomic' (or store through 'std::atomic_ref') with 'memory_order_relaxed'

bool any_zero(const std::vector<int> &a) {
  bool zero = false;
  std::for_each(std::execution::par, a.begin(), a.end(), [&](int v) {
    if (v == 0)
      zero = true; // expected-warning {{'zero' is written by more than one iteration with the same value ('1')}}
  });
  return zero;
}

// The value differs per work item: a lost update.
size_t last_negative(const std::vector<double> &a) {
  size_t last = 0;
  tbb::parallel_for(size_t(0), a.size(), [&](size_t i) {
    if (a[i] < 0)
      last = i; // expected-warning {{'last' is written by every iteration without synchronization}}
  });
  return last;
}

// The body reads what another stores: check-then-act.
int first_flag(const std::vector<int> &a) {
  int flag = 0;
  tbb::parallel_for(size_t(0), a.size(), [&](size_t i) {
    if (!flag && a[i] > 0)
      flag = 1; // expected-warning {{'flag' is written by every iteration without synchronization}}
  });
  return flag;
}
