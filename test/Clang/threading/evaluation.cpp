// Cases a blind evaluation of the threading checks found misreported.
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %cxx %s 2>&1 | FileCheck %s
#include <omp.h>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

// A vector whose storage leaves the iteration is not a per-iteration
// allocation to hoist.
void moved_out(int n, int m, std::vector<std::vector<double>> &rows) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    std::vector<double> r(m);
    for (int k = 0; k < m; k++)
      r[k] = i + k;
    rows[i] = std::move(r);
  }
}

void swapped_out(int n, int m, std::vector<std::vector<double>> &rows) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    std::vector<double> r(m);
    rows[i].swap(r);
  }
}

// Nothing is allocated for short strings and empty vectors.
void short_strings(int n, char *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    std::string s(8, 'x');
    std::vector<int> none(0);
    out[i] = s[i % 8];
  }
}

// A team bounded by num_threads with a run-time value.
long part[256];
void clamped(int n) {
  int nt = omp_get_max_threads();
  if (nt > 256)
    nt = 256;
#pragma omp parallel num_threads(nt)
  part[omp_get_thread_num()] = n;
}

// An initialization loop writes each slot element once: not hot.
double acc[16][4];
void init_once() {
#pragma omp parallel num_threads(16)
  {
    int t = omp_get_thread_num();
    for (int k = 0; k < 4; k++)
      acc[t][k] = 0;
  }
}

// A whole line, but malloc's alignment: the message says which.
void one_line(int iters) {
#pragma omp parallel
  {
    double *ws = static_cast<double *>(std::malloc(64)); // expected-warning {{per-thread block 'ws' of 64 bytes is whole cache lines but aligned to 16 bytes only}}
    for (int it = 0; it < iters; it++)
      ws[it % 8] += it;
    std::free(ws);
  }
}
// CHECK: note: allocate whole, line-aligned lines: 'privateer_aligned_alloc(64)' from <privateer/runtime/privateer.h>, or 'aligned_alloc(64, 64)'

// The advice fits the construct.
void inner_for(int n, int m, double *out) {
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++) {
      double *t = static_cast<double *>(std::malloc(m * sizeof(double))); // expected-warning {{'t' ('m * 8' bytes) is allocated and freed in every iteration}}
      t[0] = i;
      out[i] = t[0];
      std::free(t);
    }
  }
}
// CHECK: note: allocate it once per thread in the enclosing parallel region, before this 'omp for', and reuse it in every iteration

// Blocks owned by smart pointers or inner vectors live apart from their
// 8- or 24-byte slots: writing them is no false sharing of the slots.
#include <memory>
void owned_blocks(int n, std::vector<std::unique_ptr<double[]>> &ws,
                  std::vector<std::vector<double>> &vs, double *y) {
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    double *w = ws[t].get();
#pragma omp for
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < 1024; k++) {
        w[k] = i * k;
        ws[t][k] += 1;
        vs[t][k] = i;
      }
      y[i] = w[1023];
    }
  }
}
