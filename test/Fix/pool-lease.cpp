// A task that takes its thread's slot of a shared scratch buffer and keeps
// it across a point where it can be suspended gets a buffer leased from a
// privateer::buffer_pool for its lifetime instead; the pool is made before
// the parallel construct, and the buffer, now unused, goes. The pool has
// no bound: a bounded pool could make a thread wait for a release that
// only a task suspended on that same thread can make.
// RUN: rm -rf %t && mkdir -p %t && %strip-checks %s > %t/in.cpp
// RUN: %cxx -I%privateer_include -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.cpp
// RUN: cp %t/in.cpp %t/once.cpp && %cxx -I%privateer_include -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | count 0 && diff %t/once.cpp %t/in.cpp
// RUN: %clangxx -x c++ -std=c++17 -O1 -Wno-unknown-pragmas -I%privateer_include %s -o %t/seq && %t/seq > %t/expected
// RUN: %clangxx -std=c++17 -O1 -fopenmp -I%privateer_include %t/in.cpp -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
// ThreadSanitizer+Archer runs the tied kernel only. libomp recycles task
// descriptors through a free list ThreadSanitizer cannot see; an untied
// task keeps its locals in its descriptor, so any untied task is reported
// against the one that used the memory before. For tied tasks only the
// copy into a new descriptor at the task's pragma is, which the filter
// drops (see Inputs/tsan-task-filter.py).
// RUN: %clangxx -std=c++17 -O1 -g -fopenmp -fsanitize=thread -I%privateer_include %t/in.cpp -o %t/fixed
// RUN: %tsan-env:exitcode=0 %t/fixed rows 2>&1 | python3 %S/Inputs/tsan-task-filter.py %t/in.cpp | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
// Without privateer.hpp there is no pool to lease from: no fix, and why.
// RUN: %strip-checks %s | sed '/privateer.hpp/d' > %t/bare.cpp
// RUN: %cxx -fplugin-arg-privateer-fix %t/bare.cpp 2>&1 | FileCheck %s --check-prefix=BARE
// RUN: %strip-checks %s | sed '/privateer.hpp/d' | diff - %t/bare.cpp
#include <cstdio>
#include <privateer/runtime/privateer.hpp>
#include <string>
#include <vector>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num() { return 0; }
static int omp_get_max_threads() { return 1; }
#endif

#define WIDTH 96

static double leaf(int id) {
  double s = 0;
  for (int j = 0; j < 500; j++)
    s += (id * 17 + j) % 7;
  return s;
}

// A slot of a flat vector, in untied tasks that yield.
double blocks(int n) {
  const int N = 512;
  std::vector<double> scratch(omp_get_max_threads() * N);
  std::vector<double> res(n);
#pragma omp parallel
#pragma omp single
  for (int b = 0; b < n; b++) {
#pragma omp task untied firstprivate(b)
    {
      double *w = &scratch[omp_get_thread_num() * N];
      for (int j = 0; j < N; j++)
        w[j] = b + j * 0.5;
#pragma omp taskyield
      double s = 0;
      for (int j = 0; j < N; j++)
        s += w[j];
      res[b] = s;
    }
  }
  double total = 0;
  for (int b = 0; b < n; b++)
    total += res[b] * (b % 7 + 1);
  return total;
}

// A row of a two-dimensional array, in tied tasks whose children take
// slots too.
double rows(int n) {
  double ws[256][WIDTH];
  std::vector<double> res(n), side(n);
#pragma omp parallel
  {
#pragma omp single
    for (int r = 0; r < n; r++) {
#pragma omp task firstprivate(r)
      {
        int t = omp_get_thread_num();
        double *w = ws[t];
        for (int j = 0; j < WIDTH; j++)
          w[j] = r - j;
#pragma omp task
        side[r] = leaf(r + omp_get_thread_num() * 0);
#pragma omp taskwait
        double s = 0;
        for (int j = 0; j < WIDTH; j++)
          s += w[j] * w[j];
        res[r] = s + side[r];
      }
    }
  }
  double total = 0;
  for (int r = 0; r < n; r++)
    total += res[r];
  return total;
}

// A slot of a block from new[], taken as `b + t * N`: the block and its
// delete[] go.
double heap_blocks(int n) {
  const int N = 128;
  double *scratch = new double[omp_get_max_threads() * N];
  std::vector<double> res(n);
#pragma omp parallel
#pragma omp single
  for (int b = 0; b < n; b++) {
#pragma omp task untied firstprivate(b)
    {
      int t = omp_get_thread_num();
      double *w = scratch + t * N;
      for (int j = 0; j < N; j++)
        w[j] = b * 0.25 + j;
#pragma omp taskyield
      double s = 0;
      for (int j = 0; j < N; j++)
        s += w[j];
      res[b] = s;
    }
  }
  delete[] scratch;
  double total = 0;
  for (int b = 0; b < n; b++)
    total += res[b] * (b % 3 + 1);
  return total;
}

int main(int argc, char **argv) {
  std::string only = argc > 1 ? argv[1] : "";
  if (only.empty() || only == "blocks")
    std::printf("%.1f\n", blocks(200));
  if (only.empty() || only == "rows")
    std::printf("%.1f\n", rows(150));
  if (only.empty() || only == "heap")
    std::printf("%.1f\n", heap_blocks(120));
  return 0;
}
// DIAG: warning: 'scratch' is indexed by the thread number in an untied task
// DIAG: warning: 'ws' is indexed by the thread number in a task that keeps using its slot
// DIAG: warning: 'scratch' is indexed by the thread number in an untied task
// FIXED-LABEL: double blocks(int n) {
// FIXED-NEXT:    const int N = 512;
// FIXED-NEXT:    std::vector<double> res(n);
// FIXED-NEXT:    privateer::buffer_pool<double> privateer_scratch_pool(N, privateer::unbounded);
// FIXED-NEXT:  #pragma omp parallel
// FIXED:         auto privateer_w_lease = privateer_scratch_pool.acquire();
// FIXED-NEXT:    double *w = privateer_w_lease.data();
// FIXED-LABEL: double rows(int n) {
// FIXED-NEXT:    std::vector<double> res(n), side(n);
// FIXED-NEXT:    privateer::buffer_pool<double> privateer_ws_pool(WIDTH, privateer::unbounded);
// FIXED-NEXT:  #pragma omp parallel
// FIXED:         int t = omp_get_thread_num();
// FIXED-NEXT:    auto privateer_w_lease = privateer_ws_pool.acquire();
// FIXED-NEXT:    double *w = privateer_w_lease.data();
// FIXED-LABEL: double heap_blocks(int n) {
// FIXED-NEXT:    const int N = 128;
// FIXED-NEXT:    std::vector<double> res(n);
// FIXED-NEXT:    privateer::buffer_pool<double> privateer_scratch_pool(N, privateer::unbounded);
// FIXED:         int t = omp_get_thread_num();
// FIXED-NEXT:    auto privateer_w_lease = privateer_scratch_pool.acquire();
// FIXED-NEXT:    double *w = privateer_w_lease.data();
// FIXED:         res[b] = s;
// FIXED-NEXT:      }
// FIXED-NEXT:    }
// FIXED-NEXT:    double total = 0;
// CLEAN: {{^[0-9]+\.[0-9]}}
// BARE: warning: 'scratch' is indexed by the thread number in an untied task
// BARE: note: no automatic fix: a pool needs C++ and <privateer/runtime/privateer.hpp>
