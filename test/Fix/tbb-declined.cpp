// TBB findings without an exact rewrite get no fix, with the reason, and
// the file stays as it was.
// RUN: rm -rf %t && mkdir -p %t && %strip-checks %s > %t/in.cpp && cp %t/in.cpp %t/orig.cpp
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | FileCheck %s
// RUN: diff %t/orig.cpp %t/in.cpp
#include <tbb/parallel_for.h>

#include <cstdlib>
#include <vector>

void named_in_capture(int n, double *out) {
  double row[16];
  tbb::parallel_for(0, n, [&row, out](int i) {
    for (int k = 0; k < 16; ++k)
      row[k] = i + k;
    out[i] = row[3];
  });
}
// CHECK: warning: shared buffer 'row' is scratch
// CHECK: note: no automatic fix: 'row' is named in the capture list

void used_after(int n, double *out) {
  double row[16];
  tbb::parallel_for(0, n, [&](int i) {
    for (int k = 0; k < 16; ++k)
      row[k] = i + k;
    out[i] = row[3];
  });
  out[0] = row[0];
}
// CHECK: warning: shared buffer 'row' is scratch
// CHECK: note: no automatic fix: 'row' is also used outside the body

void vector_per_index(int n, int m, double *out) {
  std::vector<double> tmp(m);
  tbb::parallel_for(0, n, [&](int i) {
    for (int k = 0; k < m; ++k)
      tmp[k] = i + k;
    out[i] = tmp[0];
  });
}
// CHECK: warning: shared buffer 'tmp' is scratch
// CHECK: note: no automatic fix: declared in the body it would be made for every index

// A maximum: tbb::combinable is built for +, -, *, | and ^ only (see
// tbb-combinable.cpp).
void maximum(int n, const double *x, double *res) {
  double m = 0;
  tbb::parallel_for(0, n, [&](int i) {
    if (x[i] > m)
      m = x[i];
  });
  *res = m;
}
// CHECK: warning: 'm' is updated by every iteration without a reduction
// CHECK: note: no automatic fix: tbb::combinable is built only for a scalar updated with +, -, *, | or ^
