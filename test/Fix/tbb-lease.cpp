// A TBB work item that takes its thread's slot of a scratch buffer
// (`&scratch[current_thread_index() * N]`, a row `ws[t]` of a 2-D array)
// and keeps it across nested parallel work, where the waiting thread can
// steal another work item of the same call that takes the same slot, gets
// a buffer leased from a privateer::buffer_pool for its lifetime instead:
// the pool is made before the call (no bound: a bounded pool could make the
// thread wait for a release only the suspended work item can make), the
// lease is taken where the slot was, and the buffer, now unused, goes
// (with the thread's index when nothing else uses it). An
// enumerable_thread_specific would not do: it is the thread's, and the
// stolen work item would take it too. The rewritten program runs with 1, 2
// and 4 TBB threads and matches the sequential result.
// RUN: rm -rf %t && mkdir -p %t && %strip-checks %s > %t/in.cpp
// RUN: %clangxx -std=c++17 -fsyntax-only -I%privateer_include -fplugin=%plugin -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.cpp
// RUN: cp %t/in.cpp %t/once.cpp && %clangxx -std=c++17 -fsyntax-only -I%privateer_include -fplugin=%plugin -fplugin-arg-privateer-fix -fplugin-arg-privateer-checks=-*,privateer-threadid-index,privateer-shared-buffer %t/in.cpp 2>&1 | count 0 && diff %t/once.cpp %t/in.cpp
// RUN: %clangxx -std=c++17 -O1 -I%privateer_include %s -o %t/orig -ltbb && %t/orig 1 > %t/expected
// RUN: %clangxx -std=c++17 -O1 -I%privateer_include %t/in.cpp -o %t/fixed -ltbb
// RUN: %t/fixed 1 | diff %t/expected -
// RUN: %t/fixed 2 | diff %t/expected -
// RUN: %t/fixed 4 | diff %t/expected -
// RUN: %t/fixed 4 | diff %t/expected -
// Without privateer.hpp there is no pool to lease from: no fix, and why.
// RUN: %strip-checks %s | sed '/privateer.hpp/d' > %t/bare.cpp
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-fix %t/bare.cpp 2>&1 | FileCheck %s --check-prefix=BARE
// RUN: %strip-checks %s | sed '/privateer.hpp/d' | diff - %t/bare.cpp
#include <privateer/runtime/privateer.hpp>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

static double blocks(int n, int m) {
  const int N = 64;
  std::vector<double> scratch(tbb::this_task_arena::max_concurrency() * N);
  std::vector<double> res(n);
  tbb::parallel_for(0, n, [&](int i) {
    double *w = &scratch[tbb::this_task_arena::current_thread_index() * N];
    for (int k = 0; k < N; ++k)
      w[k] = i + k;
    std::vector<double> out(m);
    tbb::parallel_for(0, m, [&](int j) { out[j] = j * 0.5; });
    double s = out[m - 1];
    for (int k = 0; k < N; ++k)
      s += w[k];
    res[i] = s;
  });
  double t = 0;
  for (int i = 0; i < n; ++i)
    t += res[i];
  return t;
}

static double rows(int n, int m) {
  double ws[256][16];
  std::vector<double> res(n);
  tbb::parallel_for(0, n, [&](int i) {
    int t = tbb::this_task_arena::current_thread_index();
    double *w = ws[t];
    for (int k = 0; k < 16; ++k)
      w[k] = i * k;
    std::vector<double> out(m);
    tbb::parallel_for(0, m, [&](int j) { out[j] = j; });
    res[i] = w[3] + out[m - 1];
  });
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += res[i];
  return s;
}

int main(int argc, char **argv) {
  int threads = argc > 1 ? std::atoi(argv[1]) : 1;
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                            threads);
  std::printf("%.1f %.1f\n", blocks(2000, 100), rows(2000, 50));
}
// DIAG: warning: 'scratch' is indexed by the thread number in a task that keeps using its slot across the nested 'tbb::parallel_for'
// DIAG: warning: 'ws' is indexed by the thread number in a task that keeps using its slot across the nested 'tbb::parallel_for'
// FIXED:      {{^}}  const int N = 64;{{$}}
// FIXED-NEXT: {{^}}  std::vector<double> res(n);{{$}}
// FIXED-NEXT: {{^}}  privateer::buffer_pool<double> privateer_scratch_pool(N, privateer::unbounded);{{$}}
// FIXED-NEXT: {{^}}  tbb::parallel_for(0, n, [&](int i) {{{$}}
// FIXED-NEXT: {{^}}    auto privateer_w_lease = privateer_scratch_pool.acquire();{{$}}
// FIXED-NEXT: {{^}}    double *w = privateer_w_lease.data();{{$}}
// FIXED:      {{^}}static double rows(int n, int m) {{{$}}
// FIXED-NEXT: {{^}}  std::vector<double> res(n);{{$}}
// FIXED-NEXT: {{^}}  privateer::buffer_pool<double> privateer_ws_pool(16, privateer::unbounded);{{$}}
// FIXED-NEXT: {{^}}  tbb::parallel_for(0, n, [&](int i) {{{$}}
// FIXED-NEXT: {{^}}    auto privateer_w_lease = privateer_ws_pool.acquire();{{$}}
// FIXED-NEXT: {{^}}    double *w = privateer_w_lease.data();{{$}}
// BARE: warning: 'scratch' is indexed by the thread number
// BARE: note: no automatic fix: a buffer leased for the work item's lifetime needs <privateer/runtime/privateer.hpp>
// BARE: warning: 'ws' is indexed by the thread number
// BARE: note: no automatic fix: a buffer leased for the work item's lifetime needs <privateer/runtime/privateer.hpp>
