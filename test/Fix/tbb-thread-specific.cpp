// Slots of a buffer indexed by tbb::this_task_arena::current_thread_index()
// that only accumulate sums (`part[t] += x`, `hits[t]++`), zero before the
// call and summed over every slot after it, become a
// tbb::enumerable_thread_specific: each thread adds to its own local(), and
// the loop that summed the slots (by index or a range-for) becomes one
// combine. Its elements are
// found through a native thread-local key (tbb::ets_key_per_instance):
// local() is called for every index. No thread shares a
// cache line with another (each element is cache aligned), and none can
// index past the buffer's end. A local index variable used only for the
// slot goes with it. The header is included once, after the file's first
// TBB include. The rewritten program runs with 1, 2 and 4 TBB threads and
// matches the sequential result (sums of halves are exact in double,
// whatever the order). ThreadSanitizer is not used: the Debian oneTBB is
// not instrumented; the results are compared instead, and the 4-thread run
// is repeated.
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
#include <tbb/task_arena.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

double sums(const std::vector<double> &x) {
  double part[64] = {};
  tbb::parallel_for(size_t(0), x.size(), [&](size_t i) {
    part[tbb::this_task_arena::current_thread_index()] += x[i];
  });
  double s = 0.5;
  for (int t = 0; t < 64; ++t)
    s += part[t];
  return s;
}

long counts(const std::vector<double> &x, double above) {
  std::vector<long> hits(tbb::this_task_arena::max_concurrency());
  tbb::parallel_for(size_t(0), x.size(), [&](size_t i) {
    int t = tbb::this_task_arena::current_thread_index();
    if (x[i] > above)
      hits[t]++;
  });
  long n = 0;
  for (size_t t = 0; t < hits.size(); t++) {
    n += hits[t];
  }
  return n;
}

int odd(int n) {
  std::vector<int> hits(64);
  tbb::parallel_for(0, n, [&](int i) {
    if (i % 2)
      hits[tbb::this_task_arena::current_thread_index()] += 1;
  });
  int c = 0;
  for (const int &h : hits)
    c += h;
  return c;
}

int main(int argc, char **argv) {
  int threads = argc > 1 ? std::atoi(argv[1]) : 1;
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                            threads);
  std::vector<double> x(200000);
  for (size_t i = 0; i < x.size(); i++)
    x[i] = (i % 10) * 0.5;
  std::printf("%.1f %ld %d\n", sums(x), counts(x, 2.0), odd(100001));
  return 0;
}
// DIAG: warning: threads write 'part[tbb::this_task_arena::current_thread_index()]' in a loop
// DIAG: warning: threads write 'hits[t]' in a loop
// DIAG: warning: threads write 'hits[tbb::this_task_arena::current_thread_index()]' in a loop
// FIXED:      {{^}}#include <tbb/global_control.h>{{$}}
// FIXED-NEXT: {{^}}#include <tbb/enumerable_thread_specific.h>{{$}}
// FIXED-NEXT: {{^}}#include <tbb/parallel_for.h>{{$}}
// FIXED-NOT:  enumerable_thread_specific.h
// FIXED:      {{^}}  tbb::enumerable_thread_specific<double, tbb::cache_aligned_allocator<double>, tbb::ets_key_per_instance> part_ets;{{$}}
// FIXED-NEXT: {{^}}  tbb::parallel_for(size_t(0), x.size(), [&](size_t i) {{{$}}
// FIXED-NEXT: {{^}}    part_ets.local() += x[i];{{$}}
// FIXED-NEXT: {{^}}  });{{$}}
// FIXED-NEXT: {{^}}  double s = 0.5;{{$}}
// FIXED-NEXT: {{^}}  s += part_ets.combine([](double a, double b) { return a + b; });{{$}}
// FIXED-NEXT: {{^}}  return s;{{$}}
// FIXED:      {{^}}  tbb::enumerable_thread_specific<long, tbb::cache_aligned_allocator<long>, tbb::ets_key_per_instance> hits_ets;{{$}}
// FIXED-NEXT: {{^}}  tbb::parallel_for(size_t(0), x.size(), [&](size_t i) {{{$}}
// FIXED-NEXT: {{^}}    if (x[i] > above){{$}}
// FIXED-NEXT: {{^}}      hits_ets.local()++;{{$}}
// FIXED-NEXT: {{^}}  });{{$}}
// FIXED-NEXT: {{^}}  long n = 0;{{$}}
// FIXED-NEXT: {{^}}  n += hits_ets.combine([](long a, long b) { return a + b; });{{$}}
// FIXED-NEXT: {{^}}  return n;{{$}}
// FIXED:      {{^}}  tbb::enumerable_thread_specific<int, tbb::cache_aligned_allocator<int>, tbb::ets_key_per_instance> hits_ets;{{$}}
// FIXED:      {{^}}      hits_ets.local() += 1;{{$}}
// FIXED:      {{^}}  int c = 0;{{$}}
// FIXED-NEXT: {{^}}  c += hits_ets.combine([](int a, int b) { return a + b; });{{$}}
// FIXED-NEXT: {{^}}  return c;{{$}}
