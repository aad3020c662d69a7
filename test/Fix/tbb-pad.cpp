// Thread-indexed slots of a TBB loop that are not only summed after the
// call (a weighted sum, one slot read, a maximum, a global's slots) have
// no counterpart in an object per thread; their false sharing is fixed by
// the other remedy, each element padded to whole cache lines (the same
// builder as OpenMP's padding, in the fix toolkit: lib/Clang/CXX/Edits/
// Padding.cpp). Every use of the array takes '.value'. The rewritten
// program runs with 1, 2 and 4 TBB threads and must print what the
// original prints (ThreadSanitizer is not used: Debian's oneTBB is not
// instrumented; the runs are repeated instead). A second --fix pass
// changes nothing.
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
// RUN: %t/fixed 2 | diff %t/expected -
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

// A weighted sum over the slots: not the plain sum an object per thread
// would combine into.
static long weighted(const std::vector<long> &x) {
  long part[64] = {};
  tbb::parallel_for(size_t(0), x.size(), [&](size_t i) {
    part[tbb::this_task_arena::current_thread_index()] += x[i];
  });
  long s = 0;
  for (int t = 0; t < 64; ++t)
    s += 3 * part[t];
  return s;
}

// One slot read: an object per thread has no slot per thread number.
static long read_one(const std::vector<long> &x) {
  long part[64] = {};
  tbb::parallel_for(size_t(0), x.size(), [&](size_t i) {
    part[tbb::this_task_arena::current_thread_index()] += x[i];
  });
  return part[0];
}

// A maximum over the slots (a slot no thread used counts).
static long max_slots(const std::vector<long> &x) {
  long part[64] = {};
  tbb::parallel_for(size_t(0), x.size(), [&](size_t i) {
    part[tbb::this_task_arena::current_thread_index()] += x[i];
  });
  long s = 0;
  for (int t = 0; t < 64; ++t)
    s = std::max(s, part[t]);
  return s;
}

// A global's slots, which other functions read.
long global_part[64];
static void global_slots(const std::vector<long> &x) {
  tbb::parallel_for(size_t(0), x.size(), [&](size_t i) {
    global_part[tbb::this_task_arena::current_thread_index()] += x[i];
  });
}

int main(int argc, char **argv) {
  int threads = argc > 1 ? std::atoi(argv[1]) : 1;
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                            threads);
  std::vector<long> x(200000);
  for (size_t i = 0; i < x.size(); ++i)
    x[i] = (long)(i * 7919 % 1000);
  long total = 0;
  for (long v : x)
    total += v;
  long w = weighted(x);
  // Which thread took which items changes from run to run: what is printed
  // holds whatever they were.
  long one = read_one(x), most = max_slots(x);
  global_slots(x);
  long g = 0;
  for (int t = 0; t < 64; ++t)
    g += global_part[t];
  std::printf("%ld %d %d %ld\n", w, one >= 0 && one <= total,
              most > 0 && most <= total, g);
}
// DIAG: warning: threads write 'part[tbb::this_task_arena::current_thread_index()]' in a loop
// DIAG: warning: threads write 'part[tbb::this_task_arena::current_thread_index()]' in a loop
// DIAG: warning: threads write 'part[tbb::this_task_arena::current_thread_index()]' in a loop
// DIAG: warning: threads write 'global_part[tbb::this_task_arena::current_thread_index()]' in a loop
// DIAG-NOT: no automatic fix
// FIXED:      {{^}}  struct alignas(64) { long value; } part[64] = {};{{$}}
// FIXED:      {{^}}    part[tbb::this_task_arena::current_thread_index()].value += x[i];{{$}}
// FIXED:      {{^}}    s += 3 * part[t].value;{{$}}
// FIXED:      {{^}}  return part[0].value;{{$}}
// FIXED:      {{^}}    s = std::max(s, part[t].value);{{$}}
// FIXED:      {{^}}struct alignas(64) { long value; } global_part[64];{{$}}
// FIXED:      {{^}}    g += global_part[t].value;{{$}}
