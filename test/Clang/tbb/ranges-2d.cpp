// blocked_range2d and blocked_range3d: the perfectly nested loops over
// r.rows(), r.cols() (and r.pages()) together name one work item, since
// chunks split rows as well as columns.
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-checks=-*,privateer-shared-buffer -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <tbb/blocked_range2d.h>
#include <tbb/blocked_range3d.h>
#include <tbb/parallel_for.h>

void scratch_2d(int n, int m, double *a) {
  double t[8];
  tbb::parallel_for(tbb::blocked_range2d<int>(0, n, 0, m),
                    [&](const tbb::blocked_range2d<int> &r) {
                      for (int i = r.rows().begin(); i != r.rows().end(); ++i)
                        for (int j = r.cols().begin(); j != r.cols().end(); ++j) {
                          for (int k = 0; k < 8; ++k)
                            t[k] = i + j + k; // expected-warning {{shared buffer 't' is scratch}}
                          a[i * m + j] = t[7];
                        }
                    });
}

void row_sums_2d(int n, int m, const double *a, double *sum) {
  tbb::parallel_for(tbb::blocked_range2d<int>(0, n, 0, m),
                    [&](const tbb::blocked_range2d<int> &r) {
                      for (int i = r.rows().begin(); i != r.rows().end(); ++i)
                        for (int j = r.cols().begin(); j != r.cols().end(); ++j)
                          sum[i] += a[i * m + j]; // expected-warning {{'sum'}}
                    });
}

// Silent: every (i, j) writes its own element; a chunk-local buffer.
void disjoint_2d(int n, int m, double *a) {
  tbb::parallel_for(tbb::blocked_range2d<int>(0, n, 0, m),
                    [&](const tbb::blocked_range2d<int> &r) {
                      double t[8];
                      for (int i = r.rows().begin(); i != r.rows().end(); ++i)
                        for (int j = r.cols().begin(); j != r.cols().end(); ++j) {
                          for (int k = 0; k < 8; ++k)
                            t[k] = i + j + k;
                          a[i * m + j] = t[7];
                        }
                    });
}

void disjoint_3d(int p, int n, int m, double *a) {
  tbb::parallel_for(tbb::blocked_range3d<int>(0, p, 0, n, 0, m),
                    [&](const tbb::blocked_range3d<int> &r) {
                      for (int z = r.pages().begin(); z != r.pages().end(); ++z)
                        for (int i = r.rows().begin(); i != r.rows().end(); ++i)
                          for (int j = r.cols().begin(); j != r.cols().end(); ++j)
                            a[(z * n + i) * m + j] = z + i + j;
                    });
}
