// TBB findings without an exact rewrite get no fix, with the reason, and
// the file stays as it was.
// RUN: rm -rf %t && mkdir -p %t && %strip-checks %s > %t/in.cpp && cp %t/in.cpp %t/orig.cpp
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | FileCheck %s
// RUN: diff %t/orig.cpp %t/in.cpp
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <cstdlib>
#include <execution>
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

// A std::vector in an index body: kept per thread in an
// enumerable_thread_specific (tbb-thread-specific-scratch.cpp), except in
// a template (the fix would spell one instance's element type), ...
template <typename T> void vector_per_index(int n, int m, T *out) {
  std::vector<T> tmp(m);
  tbb::parallel_for(0, n, [&](int i) {
    for (int k = 0; k < m; ++k)
      tmp[k] = i + k;
    out[i] = tmp[0];
  });
}
template void vector_per_index<double>(int, int, double *);
// CHECK: warning: shared buffer 'tmp' is scratch
// CHECK: note: no automatic fix: the code is a template's, and the fix would spell one instance's types

// ... in a body that waits for nested parallel work (the waiting thread
// can run another index, which would take the same copy), ...
void nested(int n, int m, double *out) {
  std::vector<double> tmp(m);
  tbb::parallel_for(0, n, [&](int i) {
    for (int k = 0; k < m; ++k)
      tmp[k] = i + k;
    tbb::parallel_for(0, m, [&](int j) { out[i * m + j] = j; });
    out[i] += tmp[m - 1];
  });
}
// CHECK: warning: shared buffer 'tmp' is scratch
// CHECK: note: no automatic fix: the body waits for nested parallel work, and the waiting thread can run another work item that would take the same 'enumerable_thread_specific' copy; lease a buffer per work item from 'privateer::buffer_pool' instead

// ... in a standard parallel algorithm, which has no object per thread, ...
void std_each(std::vector<double> &xs, int m) {
  std::vector<double> tmp(m);
  std::for_each(std::execution::par, xs.begin(), xs.end(), [&](double &e) {
    for (int k = 0; k < m; ++k)
      tmp[k] = e + k;
    e = tmp[m - 1];
  });
}
// CHECK: warning: shared buffer 'tmp' is scratch
// CHECK: note: no automatic fix: declared in the body it would be made for every element, and a standard algorithm has no object per thread to keep it in

// ... nor where the body itself declares the name the copy would take.
void shadowed(int n, int m, double *out) {
  std::vector<double> tmp(m);
  tbb::parallel_for(0, n, [&](int i) {
    for (int k = 0; k < m; ++k)
      tmp[k] = i + k;
    out[i] = tmp[m - 1];
    double tmp = out[i] * 2;
    out[i] += tmp;
  });
}
// CHECK: warning: shared buffer 'tmp' is scratch
// CHECK: note: no automatic fix: the body declares another 'tmp'

// ... nor where the name of the object per thread is taken, ...
void name_taken(int n, int m, double *out) {
  std::vector<double> tmp(m);
  int tmp_ets = 3;
  tbb::parallel_for(0, n, [&](int i) {
    for (int k = 0; k < m; ++k)
      tmp[k] = i + k;
    out[i] = tmp[m - 1];
  });
  out[0] += tmp_ets;
}
// CHECK: warning: shared buffer 'tmp' is scratch
// CHECK: note: no automatic fix: the name 'tmp_ets' is taken

// ... nor where the copy must be made again (tmp[0] is read, never
// written) from a count that a parameter of the body hides.
constexpr int W = 4;
void hidden_count(int n, double *out) {
  std::vector<double> tmp(W, 2.5);
  tbb::parallel_for(0, n, [&](int W) {
    tmp[1] = W;
    out[W] = tmp[0] * tmp[1];
  });
}
// CHECK: warning: shared buffer 'tmp' is scratch
// CHECK: note: no automatic fix: the refill would name what a parameter of the body hides

// Thread-indexed sums become an enumerable_thread_specific
// (tbb-thread-specific.cpp) only when the slots are all zero before the
// call and only summed, over every slot, after it (other slots are padded
// to whole lines instead, tbb-pad.cpp). Slots that start at another value
// (an unused one adds it) are neither: padding keeps only numbers zeroed
// or uninitialized, ...
double start_one(const std::vector<double> &x) {
  double part[64] = {1};
  tbb::parallel_for(size_t(0), x.size(), [&](size_t i) {
    part[tbb::this_task_arena::current_thread_index()] += x[i];
  });
  double s = 0;
  for (int t = 0; t < 64; ++t)
    s += part[t];
  return s;
}
// CHECK: warning: threads write 'part[tbb::this_task_arena::current_thread_index()]' in a loop
// CHECK: note: no automatic fix: the slots of 'part' do not all start at zero

// ... nor slots counted by a call that the rewrite would drop, ...
int slot_count();
double counted(const std::vector<double> &x) {
  std::vector<double> part(slot_count());
  tbb::parallel_for(size_t(0), x.size(), [&](size_t i) {
    part[tbb::this_task_arena::current_thread_index()] += x[i];
  });
  double s = 0;
  for (size_t t = 0; t < part.size(); ++t)
    s += part[t];
  return s;
}
// CHECK: warning: threads write 'part[tbb::this_task_arena::current_thread_index()]' in a loop
// CHECK: note: no automatic fix: the number of slots of 'part' is computed by a call the rewrite would drop

// ... nor a template.
template <typename T> T tsum(const std::vector<T> &x) {
  T part[64] = {};
  tbb::parallel_for(size_t(0), x.size(), [&](size_t i) {
    part[tbb::this_task_arena::current_thread_index()] += x[i];
  });
  T s = 0;
  for (int t = 0; t < 64; ++t)
    s += part[t];
  return s;
}
template double tsum<double>(const std::vector<double> &);
// CHECK: warning: threads write 'part[tbb::this_task_arena::current_thread_index()]' in a loop
// CHECK: note: no automatic fix: the code is a template's, and the fix would spell one instance's types

// A slot kept across nested parallel work: an object per thread would be
// shared the same way, and a buffer leased per work item (tbb-lease.cpp)
// needs privateer.hpp.
double ws[256][16];
void nested_steal(int n, int m, double *out, double *sums) {
  tbb::parallel_for(0, n, [&](int i) {
    int t = tbb::this_task_arena::current_thread_index();
    for (int k = 0; k < 16; ++k)
      ws[t][k] = i * k;
    tbb::parallel_for(0, m, [&](int j) { out[i * m + j] = j; });
    sums[i] = ws[t][3];
  });
}
// CHECK: warning: 'ws' is indexed by the thread number in a task that keeps using its slot across the nested 'tbb::parallel_for'
// CHECK: note: no automatic fix: a buffer leased for the work item's lifetime needs <privateer/runtime/privateer.hpp>: include it to lease from privateer::buffer_pool ('tbb::enumerable_thread_specific' would not help: the waiting thread runs the other work item with the same copy)

// A maximum becomes a tbb::combinable (tbb-combinable-minmax.cpp), except
// when the body also reads it, ...
void maximum(int n, const double *x, double *res, double *out) {
  double m = 0;
  tbb::parallel_for(0, n, [&](int i) {
    if (x[i] > m)
      m = x[i];
    out[i] = m;
  });
  *res = m;
}
// CHECK: warning: 'm' is updated by every iteration without a reduction
// CHECK: note: no automatic fix: the body uses 'm' other than in the updates

// ... or it is not a local variable (the copies start from a lambda's copy
// of its value), ...
double gmax;
void global_max(int n, const double *x) {
  tbb::parallel_for(0, n, [&](int i) {
    if (x[i] > gmax)
      gmax = x[i];
  });
}
// CHECK: warning: 'gmax' is updated by every iteration without a reduction
// CHECK: note: no automatic fix: 'gmax' is not a local variable, whose value a lambda could copy for the copies to start from

// ... or the update comes from a macro.
#define KEEP_MAX(v, e)                                                         \
  if ((e) > v)                                                                 \
  v = (e)
void macro_max(int n, const double *x, double *res) {
  double m = 0;
  tbb::parallel_for(0, n, [&](int i) { KEEP_MAX(m, x[i]); });
  *res = m;
}
// CHECK: warning: 'm' is updated by every iteration without a reduction
// CHECK: note: no automatic fix: the code comes from a macro expansion{{$}}

// A declaration under '#if': moving it into the body would leave the
// other configuration's declaration behind.
double conditional_work(int);
void conditional_scratch(int n, double *out) {
#ifdef WIDE_SCRATCH
  double tmp[8];
#else
  double tmp[4];
#endif
  tbb::parallel_for(0, n, [&](int i) {
    for (int k = 0; k < 4; k++)
      tmp[k] = conditional_work(i + k);
    out[i] = tmp[3];
  });
}
// CHECK: warning: shared buffer 'tmp' is scratch
// CHECK: note: no automatic fix: preprocessor directives ('#if', '#define') lie between the declaration and the end of the call
