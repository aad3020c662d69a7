// Padding in C++ with <privateer/runtime/privateer.hpp> included: the
// array becomes privateer::padded<T>, and every use names its value (a
// padded<T> passed to printf would not be a long). Here the array is a
// static local, which the loop's call could reach: no local accumulator.
// RUN: rm -rf %t && mkdir -p %t && %strip-checks %s > %t/in.cpp
// RUN: %cxx -I%privateer_include -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.cpp
// RUN: cp %t/in.cpp %t/once.cpp && %cxx -I%privateer_include -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | count 0 && diff %t/once.cpp %t/in.cpp
// RUN: %clangxx -std=c++17 -O1 -fopenmp -I%privateer_include %s -o %t/before && env OMP_NUM_THREADS=1 %t/before > %t/expected
// RUN: %clangxx -std=c++17 -O1 -fopenmp -I%privateer_include %t/in.cpp -o %t/after
// RUN: env OMP_NUM_THREADS=4 %t/after | diff %t/expected -
// With another line size than the header's, the unnamed struct is used.
// RUN: %strip-checks %s > %t/line128.cpp
// RUN: %cxx -I%privateer_include -fplugin-arg-privateer-cache-line=128 -fplugin-arg-privateer-fix %t/line128.cpp 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=LINE128 --input-file=%t/line128.cpp
#include <cstdio>
#include <omp.h>
#include <privateer/runtime/privateer.hpp>

static long weight(int i) { return i % 7 == 0; }

int main() {
  static long counts[16];
  for (int t = 0; t < 16; t++)
    counts[t] = 0;
#pragma omp parallel for num_threads(4) schedule(static)
  for (int i = 0; i < 100000; i++)
    counts[omp_get_thread_num()] += weight(i);
  long s = 0;
  for (int c = 0; c < 4; c++)
    s += counts[c];
  std::printf("%ld %ld\n", s, counts[0]);
}
// DIAG: warning: threads write 'counts[omp_get_thread_num()]' in a loop
// FIXED: static privateer::padded<long> counts[16];
// FIXED: counts[t].value = 0;
// FIXED: counts[omp_get_thread_num()].value += weight(i);
// FIXED: s += counts[c].value;
// FIXED: std::printf("%ld %ld\n", s, counts[0].value);
// LINE128: static struct alignas(128) { long value; } counts[16];
