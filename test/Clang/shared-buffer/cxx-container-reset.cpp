// A container is the iteration's scratch, and private(v) its exact fix,
// only when every iteration starts by resetting it (clear, assign, an
// assignment: test/Fix/private-container.cpp). Where an iteration can see
// what another left, no private copy is offered: a push_back first builds
// on the elements already there (a shared accumulation, no automatic fix),
// a resize() or a std::fill keeps the old size or elements (a copy of
// them, firstprivate), and a clear() on some paths only leaves the others
// reading the old contents.
// RUN: %cxx -fno-caret-diagnostics %s 2>&1 | FileCheck %s --implicit-check-not="private(acc)" --implicit-check-not="private(some)"
// RUN: %cxx -fdiagnostics-parseable-fixits %s 2>&1 | FileCheck %s --check-prefix=FIXIT
#include <algorithm>
#include <vector>

void accumulating(int n, std::vector<double> &out) {
  std::vector<int> acc;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    // CHECK: [[@LINE+1]]:5: warning: shared container 'acc' is modified by every iteration without synchronization ('acc.push_back(i)')
    acc.push_back(i);
    out[i] = acc.size() + acc[0];
  }
}

void resized(int n, std::vector<double> &out) {
  std::vector<int> keep(5, 1);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    // CHECK: [[@LINE+1]]:5: warning: shared buffer 'keep' is scratch
    keep.resize(8);
    for (int j = 5; j < 8; j++)
      keep[j] = i;
    double s = 0;
    for (int j = 0; j < 8; j++)
      s += keep[j];
    out[i] = s;
  }
}
// CHECK: note: 'keep' is shared by this 'omp parallel for'; give each thread its own copy: declare 'keep' inside the loop body or add 'firstprivate(keep)'
// FIXIT: fix-it:"{{.*}}":{[[@LINE-13]]:25-[[@LINE-13]]:25}:" firstprivate(keep)"

void filled(int n, std::vector<double> &out, std::vector<double> &tmp) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    // CHECK: [[@LINE+1]]:5: warning: shared buffer 'tmp' is scratch
    std::fill(tmp.begin(), tmp.end(), 0.0);
    for (std::size_t j = 0; j < tmp.size(); j++)
      tmp[j] += i;
    out[i] = tmp[0];
  }
}
// CHECK: note: 'tmp' is shared by this 'omp parallel for'; {{.*}}'firstprivate(tmp)'

void sometimes(int n, std::vector<double> &out, const std::vector<int> &c) {
  std::vector<int> some;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    // CHECK: [[@LINE+2]]:7: warning: shared container 'some' is modified
    if (c[i])
      some.clear();
    some.push_back(i);
    out[i] = some.size();
  }
}
// CHECK-NOT: warning:
