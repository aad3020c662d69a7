// TBB bodies with a shared scalar each work item reads and then writes, or
// writes on one path and reads on another first: the advice names a mutex
// or compare-exchange, or a copy per lambda only where the read-first path
// cannot be taken; never an atomic write alone.
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-checks=-*,privateer-shared-buffer %s 2>&1 | FileCheck %s --implicit-check-not=warning:

#include <tbb/parallel_for.h>

double best_other(int n, const double *a, const double *b) {
  double m = 0;
  tbb::parallel_for(0, n, [&](int i) {
    if (a[i] > m)
      m = b[i];
  });
  return m;
}
// CHECK: check-then-act.cpp:[[@LINE-4]]:7: warning: 'm' is written by every iteration without synchronization
// CHECK: note: 'm' is shared by this 'tbb::parallel_for'; no automatic fix: each iteration reads 'm' and then writes it, and an atomic write would not keep the two together: hold one mutex around both, or make it a 'std::atomic' updated with compare_exchange

void read_first_path(int n, int mode, double *out) {
  int flag = 7;
  tbb::parallel_for(0, n, [&](int i) {
    if (mode < 10) {
      flag = 1;
      out[i] = flag;
    } else {
      out[i] = flag;
    }
  });
}
// CHECK: check-then-act.cpp:[[@LINE-7]]:7: warning: 'flag' is written by every iteration without synchronization
// CHECK: note: 'flag' is shared by this 'tbb::parallel_for'; no automatic fix: a path of each iteration reads 'flag' where no write of its own comes first, and a private copy would change what that read sees; if that path cannot be taken, give each thread its own copy: declare 'flag' inside the lambda body
