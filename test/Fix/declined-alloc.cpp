// In C++ the per-thread block from malloc is not rewritten to aligned_alloc
// (its void * would need a cast); the warning stays, the file does not
// change.
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/in.cpp
// RUN: %cxx -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | FileCheck %s
// RUN: diff %s %t/in.cpp
#include <cstdlib>

void work(int n) {
#pragma omp parallel
  {
    double *ws = (double *)std::malloc(12 * sizeof(double));
    for (int r = 0; r < n; r++)
      for (int k = 0; k < 12; k++)
        ws[k] += r + k;
    std::free(ws);
  }
}
// CHECK: warning: per-thread block 'ws' of 96 bytes
