// C++ rewrites declined where they would not compile or would change the
// program: a pool for a task with 'default(none)', for a parallel
// construct that is a loop's unbraced body, for a buffer named in a
// clause; and fixes that spell a type inside a template, whose instances
// differ.
// RUN: rm -rf %t && mkdir -p %t && %strip-checks %s > %t/in.cpp
// RUN: %cxx -I%privateer_include -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %strip-checks %s | diff - %t/in.cpp
#include <omp.h>
#include <privateer/runtime/privateer.hpp>
#include <vector>

double with_default_none(int n, std::vector<double> &res) {
  const int N = 64;
  std::vector<double> scratch(omp_get_max_threads() * N);
#pragma omp parallel
#pragma omp single
  for (int b = 0; b < n; b++) {
#pragma omp task untied default(none) shared(scratch, res) firstprivate(b, N)
    {
      double *w = &scratch[omp_get_thread_num() * N];
      w[0] = b;
#pragma omp taskyield
      res[b] = w[0];
    }
  }
  return res[0];
}

double unbraced_parallel(int n, std::vector<double> &res) {
  const int N = 64;
  std::vector<double> scratch(omp_get_max_threads() * N);
  for (int rep = 0; rep < 2; rep++)
#pragma omp parallel
#pragma omp single
    for (int b = 0; b < n; b++) {
#pragma omp task untied firstprivate(b)
      {
        double *w = &scratch[omp_get_thread_num() * N];
        w[0] = b;
#pragma omp taskyield
        res[b] = w[0];
      }
    }
  return res[0];
}

double named_in_clause(int n, std::vector<double> &res) {
  const int N = 64;
  std::vector<double> scratch(omp_get_max_threads() * N);
#pragma omp parallel shared(scratch)
#pragma omp single
  for (int b = 0; b < n; b++) {
#pragma omp task untied firstprivate(b)
    {
      double *w = &scratch[omp_get_thread_num() * N];
      w[0] = b;
#pragma omp taskyield
      res[b] = w[0];
    }
  }
  return res[0];
}

template <typename C> int fill(int *next, const int *adj, int n) {
  C tail = 0;
#pragma omp parallel for
  for (int v = 0; v < n; v++)
    if (adj[v])
      next[tail++] = v;
  return (int)tail;
}

int both(int *next, const int *adj) {
  return fill<long>(next, adj, 100) + fill<int>(next, adj, 100);
}
// A container made in every iteration of a range-based 'parallel for':
// the split that would make it once per thread rewrites a 'for' loop with
// an index only, and the note says so.
void range_rows(std::vector<std::vector<double>> &rows, int m) {
#pragma omp parallel for
  for (auto &row : rows) {
    std::vector<double> tmp(m);
    for (int j = 0; j < m; j++)
      tmp[j] = row[j] * row[j];
    for (int j = 0; j < m; j++)
      row[j] = tmp[m - 1 - j];
  }
}
// DIAG: warning: 'scratch' is indexed by the thread number in an untied task
// DIAG: note: no automatic fix: no parallel construct around the task in this function, or a 'default' clause on the way
// DIAG: warning: 'scratch' is indexed by the thread number in an untied task
// DIAG: note: no automatic fix: the parallel construct is not a statement of a block
// DIAG: warning: 'scratch' is indexed by the thread number in an untied task
// DIAG: note: no automatic fix: 'scratch' is named in a clause
// DIAG: warning: shared counter 'tail'
// DIAG: note: no automatic fix: the code is a template's, and the fix would spell one instance's types
// DIAG: warning: 'tmp' ('m * 8' bytes) is constructed and destroyed in every iteration
// DIAG: note: no automatic fix: only a combined 'parallel for' over one 'for' loop is split
