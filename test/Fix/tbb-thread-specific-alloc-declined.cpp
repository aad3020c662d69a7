// Containers and blocks made in every work item of a TBB loop that keep
// their per-index allocation: each finding says why there is no fix, and
// the file stays as it was.
// RUN: rm -rf %t && mkdir -p %t && %strip-checks %s > %t/in.cpp && cp %t/in.cpp %t/orig.cpp
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-checks=-*,privateer-loop-alloc -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: diff %t/orig.cpp %t/in.cpp
#include <tbb/parallel_for.h>

#include <algorithm>
#include <cstdlib>
#include <execution>
#include <functional>
#include <string>
#include <vector>

// The body waits for nested work: the waiting thread can run another index
// that would take the same copy.
void nested(int n, int m, double *out) {
  tbb::parallel_for(0, n, [&](int i) {
    std::vector<double> t(1024);
    tbb::parallel_for(0, m, [&](int j) { out[i * m + j] = j; });
    for (int k = 0; k < 1024; ++k)
      t[k] = out[i * m] + k;
    out[i * m] = t[1023];
  });
}
// CHECK: warning: 't' {{.*}} [privateer-loop-alloc]
// CHECK: note: no automatic fix: the body waits for nested parallel work

// A function whose code is not seen could run nested work too.
void step(double *t, int n);
void opaque_call(int n, double *out) {
  tbb::parallel_for(0, n, [&](int i) {
    std::vector<double> t(1024);
    step(t.data(), 1024);
    out[i] = t[7];
  });
}
// CHECK: warning: 't' {{.*}} [privateer-loop-alloc]
// CHECK: note: no automatic fix: the body calls 'step', whose code is not seen, which may run nested parallel work

// What a std::function holds is chosen at run time.
void callback(int n, double *out, const std::function<void(double *)> &f) {
  tbb::parallel_for(0, n, [&](int i) {
    std::vector<double> t(1024);
    f(t.data());
    out[i] = t[7];
  });
}
// CHECK: warning: 't' {{.*}} [privateer-loop-alloc]
// CHECK: note: no automatic fix: the body calls a std::function, which may run nested parallel work

// Captured by copy, the copy per thread would be the body's own copy.
void by_copy(int n, double *out) {
  tbb::parallel_for(0, n, [=](int i) {
    std::vector<double> t(1024);
    for (int k = 0; k < 1024; ++k)
      t[k] = i + k;
    out[i] = t[1023];
  });
}
// CHECK: warning: 't' {{.*}} [privateer-loop-alloc]
// CHECK: note: no automatic fix: the body is not a lambda with a '[&]' capture, which the copy per thread would need

// Elements that T() does not make as plain values.
void strings(int n, std::vector<std::size_t> &out) {
  tbb::parallel_for(0, n, [&](int i) {
    std::vector<std::string> names(512);
    names[i % 512] = "x";
    out[i] = names[i % 512].size();
  });
}
// CHECK: warning: 'names' {{.*}} [privateer-loop-alloc]
// CHECK: note: no automatic fix: the elements are not plain values

// A standard algorithm has no object per thread to keep it in.
void std_par(std::vector<double> &xs) {
  std::for_each(std::execution::par, xs.begin(), xs.end(), [&](double &e) {
    std::vector<double> t(1024);
    for (int k = 0; k < 1024; ++k)
      t[k] = e + k;
    e = t[1023];
  });
}
// CHECK: warning: 't' {{.*}} [privateer-loop-alloc]
// CHECK: note: no automatic fix: a standard algorithm has no object per thread to keep it in

// malloc in a TBB body: not kept per thread yet.
void malloc_block(int n, double *out) {
  tbb::parallel_for(0, n, [&](int i) {
    double *t = static_cast<double *>(std::malloc(1024 * sizeof(double)));
    for (int k = 0; k < 1024; ++k)
      t[k] = i + k;
    out[i] = t[1023];
    std::free(t);
  });
}
// CHECK: warning: 't' {{.*}} [privateer-loop-alloc]
// CHECK: note: no automatic fix: only new[] blocks and a std::vector or std::string sized at its construction are kept per thread automatically

// new[] released on one path only.
void released_in_branch(int n, double *out) {
  tbb::parallel_for(0, n, [&](int i) {
    double *t = new double[1024];
    for (int k = 0; k < 1024; ++k)
      t[k] = i + k;
    out[i] = t[1023];
    if (i >= 0)
      delete[] t;
  });
}
// CHECK: warning: 't' {{.*}} [privateer-loop-alloc]
// CHECK: note: no automatic fix: the new[] block is not released by one 'delete[] t;' in the block that declares it

// The pointer moves along the block.
void pointer_moves(int n, double *out) {
  tbb::parallel_for(0, n, [&](int i) {
    double *t = new double[1024];
    double *p = t;
    for (int k = 0; k < 1024; ++k)
      *p++ = i + k;
    t += 0;
    out[i] = t[1023];
    delete[] t;
  });
}
// CHECK: warning: 't' {{.*}} [privateer-loop-alloc]
// CHECK: note: no automatic fix: 't' is changed or its address taken
