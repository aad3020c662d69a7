// Why a per-iteration allocation is not hoisted says which condition is
// missing: a block that could be reused, in an 'omp for' of a 'parallel'
// region (as a split leaves it), or an allocation of a kind that is never
// reused (calloc's zeroes would have to be made again). A std::vector
// hoisted beside a malloc block must not be followed by a note that only
// malloc and new[] are hoisted.
// RUN: %cxx -fno-caret-diagnostics %s 2>&1 | FileCheck %s --implicit-check-not="no automatic fix"
#include <cstdlib>
#include <vector>

double in_region(int n, int m) {
  double total = 0;
#pragma omp parallel
  {
#pragma omp for reduction(+ : total)
    for (int i = 0; i < n; i++) {
      // CHECK: [[@LINE+1]]:27: warning: 'v' ('m * 8' bytes) is constructed and destroyed in every iteration
      std::vector<double> v(m);
      // CHECK: [[@LINE-1]]:27: note: no automatic fix: allocations are hoisted automatically only out of a combined 'parallel for' over one loop{{$}}
      for (int j = 0; j < m; j++)
        v[j] = i + j;
      for (int j = 0; j < m; j++)
        total += v[j];
    }
  }
  return total;
}

double zeroed(int n, int m) {
  double total = 0;
#pragma omp parallel for reduction(+ : total)
  for (int i = 0; i < n; i++) {
    // CHECK: [[@LINE+1]]:17: warning: 'z' ('m * 8' bytes) is allocated and freed in every iteration
    double *z = (double *)calloc(m, sizeof(double));
    // CHECK: [[@LINE-1]]:17: note: no automatic fix: only malloc and new[] blocks, make_unique<T[]> arrays and containers sized at their construction are hoisted automatically
    z[i % m] = i;
    for (int j = 0; j < m; j++)
      total += z[j];
    free(z);
  }
  return total;
}
