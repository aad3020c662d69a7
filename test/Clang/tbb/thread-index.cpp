// Buffers indexed by tbb::this_task_arena::current_thread_index() in TBB
// bodies: a thread that waits for nested parallel work can steal another
// outer work item, which takes the same slot while the first still uses
// it (unless the nested work runs under this_task_arena::isolate); small
// slots written in a loop share cache lines.
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-checks=-*,privateer-threadid-index -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>
#include <tbb/task_group.h>

double ws[256][16];

void nested_steal(int n, int m, double *out, double *sums) {
  tbb::parallel_for(0, n, [&](int i) {
    int t = tbb::this_task_arena::current_thread_index();
    for (int k = 0; k < 16; ++k)
      ws[t][k] = i * k; // expected-warning {{'ws' is indexed by the thread number in a task that keeps using its slot across the nested 'tbb::parallel_for'}}
    tbb::parallel_for(0, m, [&](int j) { out[i * m + j] = j; });
    sums[i] = ws[t][3];
  });
}

void nested_isolated(int n, int m, double *out, double *sums) {
  tbb::parallel_for(0, n, [&](int i) {
    int t = tbb::this_task_arena::current_thread_index();
    for (int k = 0; k < 16; ++k)
      ws[t][k] = i * k;
    tbb::this_task_arena::isolate([&] {
      tbb::parallel_for(0, m, [&](int j) { out[i * m + j] = j; });
    });
    sums[i] = ws[t][3];
  });
}

void no_nesting(int n, double *sums) {
  tbb::parallel_for(0, n, [&](int i) {
    int t = tbb::this_task_arena::current_thread_index();
    for (int k = 0; k < 16; ++k)
      ws[t][k] = i * k;
    sums[i] = ws[t][3];
  });
}

double partial[64];

void small_slots(int n, const double *x) {
  tbb::parallel_for(0, n, [&](int i) {
    partial[tbb::this_task_arena::current_thread_index()] += x[i]; // expected-warning {{false sharing}}
  });
}

void nested_task_group(int n, double *sums) {
  tbb::parallel_for(0, n, [&](int i) {
    int t = tbb::this_task_arena::current_thread_index();
    for (int k = 0; k < 16; ++k)
      ws[t][k] = i * k; // expected-warning {{across 'tbb::task_group::wait'}}
    tbb::task_group g;
    g.run([&] { sums[i] = 1; });
    g.wait();
    sums[i] += ws[t][3];
  });
}
