// Padding in C++: an unnamed alignas struct, which needs no header. The
// loop calls a function that could reach the global array, so the slot
// cannot be kept in a local across the loop: padding is the fix.
// RUN: rm -rf %t && mkdir -p %t && %strip-checks %s > %t/in.cpp
// RUN: %cxx -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.cpp
// RUN: cp %t/in.cpp %t/once.cpp && %cxx -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | count 0 && diff %t/once.cpp %t/in.cpp
// RUN: %clangxx -x c++ -std=c++17 -O1 -fopenmp %s -o %t/before && env OMP_NUM_THREADS=1 %t/before > %t/expected
// RUN: %clangxx -x c++ -std=c++17 -O1 -fopenmp %t/in.cpp -o %t/after
// RUN: env OMP_NUM_THREADS=4 %t/after | diff %t/expected -
#include <cstdio>
#include <omp.h>

long counts[32];

static long weight(int i) { return i % 7 == 0; }

int main() {
#pragma omp parallel for num_threads(4) schedule(static)
  for (int i = 0; i < 100000; i++)
    counts[omp_get_thread_num()] += weight(i);
  long s = 0;
  for (int c = 0; c < 4; c++)
    s += counts[c];
  std::printf("%ld\n", s);
}
// DIAG: warning: threads write 'counts[omp_get_thread_num()]' in a loop
// FIXED: struct alignas(64) { long value; } counts[32];
// FIXED: counts[omp_get_thread_num()].value += weight(i);
// FIXED: s += counts[c].value;
