// TBB work items that keep a thread-indexed slot across nested parallel
// work, where a buffer leased per work item (tbb-lease.cpp) would not be
// exact or could not be spelled: no edit, and a note that says why.
// RUN: rm -rf %t && mkdir -p %t && %strip-checks %s > %t/in.cpp && cp %t/in.cpp %t/orig.cpp
// RUN: %clangxx -std=c++17 -fsyntax-only -I%privateer_include -fplugin=%plugin -fplugin-arg-privateer-fix -fplugin-arg-privateer-checks=-*,privateer-threadid-index %t/in.cpp 2>&1 | FileCheck %s
// RUN: diff %t/orig.cpp %t/in.cpp
#include <privateer/runtime/privateer.hpp>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

#include <vector>

// The slot is used directly, not through a pointer the lease could set.
double ws[256][16];
void direct(int n, int m, double *out, double *sums) {
  tbb::parallel_for(0, n, [&](int i) {
    int t = tbb::this_task_arena::current_thread_index();
    for (int k = 0; k < 16; ++k)
      ws[t][k] = i * k;
    tbb::parallel_for(0, m, [&](int j) { out[i * m + j] = j; });
    sums[i] = ws[t][3];
  });
}
// CHECK: warning: 'ws' is indexed by the thread number in a task that keeps using its slot
// CHECK: note: no automatic fix: the work item does not take its slot as a pointer declared in its body

// The buffer is read after the call too: it cannot go.
double used_after(int n, int m, double *out) {
  const int N = 16;
  std::vector<double> scratch(64 * N);
  tbb::parallel_for(0, n, [&](int i) {
    double *w = &scratch[tbb::this_task_arena::current_thread_index() * N];
    for (int k = 0; k < N; ++k)
      w[k] = i + k;
    tbb::parallel_for(0, m, [&](int j) { out[i * m + j] = j; });
    out[i] += w[N - 1];
  });
  return scratch[0];
}
// CHECK: warning: 'scratch' is indexed by the thread number in a task that keeps using its slot
// CHECK: note: no automatic fix: 'scratch' is not a local buffer used for this slot alone, which the lease would replace

// An element is read that the work item did not write: a leased buffer
// would hold another work item's value.
void stale(int n, int m, double *out) {
  const int N = 16;
  std::vector<double> scratch(64 * N);
  tbb::parallel_for(0, n, [&](int i) {
    double *w = &scratch[tbb::this_task_arena::current_thread_index() * N];
    w[0] += i;
    tbb::parallel_for(0, m, [&](int j) { out[i * m + j] = j; });
    out[i] += w[0];
  });
}
// CHECK: warning: 'scratch' is indexed by the thread number in a task that keeps using its slot
// CHECK: note: no automatic fix: the work item may read an element of its slot that it did not write first, and a leased buffer holds what its last holder left

// The slot's length changes between the declaration and the call.
void moving_length(int n, int m, double *out) {
  int N = 8;
  std::vector<double> scratch(64 * 32);
  N *= 2;
  tbb::parallel_for(0, n, [&](int i) {
    double *w = &scratch[tbb::this_task_arena::current_thread_index() * N];
    for (int k = 0; k < 16; ++k)
      w[k] = i + k;
    tbb::parallel_for(0, m, [&](int j) { out[i * m + j] = j; });
    out[i] += w[15];
  });
}
// CHECK: warning: 'scratch' is indexed by the thread number in a task that keeps using its slot
// CHECK: note: no automatic fix: the slot's length is not known before the call

// A task of a task_group uses the slot: it could outlive the lease.
void group(int n, double *out) {
  double rows[256][16];
  tbb::parallel_for(0, n, [&](int i) {
    double *w = rows[tbb::this_task_arena::current_thread_index()];
    for (int k = 0; k < 16; ++k)
      w[k] = i + k;
    tbb::task_group g;
    g.run([&] { out[i] = w[3]; });
    g.wait();
    out[i] += w[4];
  });
}
// CHECK: warning: 'rows' is indexed by the thread number in a task that keeps using its slot
// CHECK: note: no automatic fix: a task the work item runs uses the slot, and could outlive a lease
