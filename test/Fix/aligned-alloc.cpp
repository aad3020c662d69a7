// In C++ the per-thread block from malloc keeps its cast; only the call
// becomes a line-aligned, line-rounded aligned_alloc. A block from new[]
// has no fix: a line-aligned new[] would need a matching aligned delete[].
// RUN: rm -rf %t && mkdir -p %t && %strip-checks %s > %t/in.cpp
// RUN: %cxx -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.cpp
// RUN: cp %t/in.cpp %t/once.cpp && %cxx -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | FileCheck %s --check-prefix=AGAIN && diff %t/once.cpp %t/in.cpp
// RUN: %clangxx -std=c++17 -O1 -fopenmp %s -o %t/before && env OMP_NUM_THREADS=4 %t/before > %t/expected
// RUN: %clangxx -std=c++17 -O1 -fopenmp %t/in.cpp -o %t/after
// RUN: env OMP_NUM_THREADS=1 %t/after | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/after | diff %t/expected -
#include <cstdio>
#include <cstdlib>
#include <omp.h>

int main() {
  double results[64] = {0};
  long counts[64] = {0};
#pragma omp parallel num_threads(4)
  {
    double *ws = (double *)std::malloc(12 * sizeof(double));
    long *bins = new long[5];
    for (int k = 0; k < 12; k++)
      ws[k] = 0;
    for (int k = 0; k < 5; k++)
      bins[k] = 0;
    for (int r = 0; r < 20000; r++) {
      ws[r % 12] += r * 0.5;
      bins[r % 5]++;
    }
    double s = 0;
    for (int k = 0; k < 12; k++)
      s += ws[k];
    results[omp_get_thread_num()] = s;
    counts[omp_get_thread_num()] = bins[3];
    std::free(ws);
    delete[] bins;
  }
  std::printf("%.1f %.1f %ld\n", results[0], results[3], counts[2]);
  return 0;
}
// DIAG: warning: per-thread block 'ws' of 96 bytes
// DIAG: warning: per-thread block 'bins' of 40 bytes
// DIAG: note: no automatic fix: a line-aligned new[] needs a matching aligned delete[]
// FIXED: double *ws = (double *)aligned_alloc(64, 128 /* 12 * sizeof(double), rounded up to whole lines */);
// FIXED: long *bins = new long[5];
// AGAIN-NOT: 'ws'
// AGAIN: warning: per-thread block 'bins'
// AGAIN-NOT: 'ws'
