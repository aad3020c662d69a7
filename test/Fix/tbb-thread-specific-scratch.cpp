// A std::vector used as scratch by the index form of tbb::parallel_for or
// by parallel_for_each, declared before the call: declared in the body it
// would be allocated for every index. It becomes a
// tbb::enumerable_thread_specific made with the declaration's own
// arguments, and the body takes its thread's copy (`auto &v =
// v_ets.local();`): one allocation per thread. A body that reads an
// element it does not write (`tmp[0]`, still 2.5 from the declaration)
// gets the copy made again in place first (`assign`: the contents of a new
// one, no allocation); one that writes every element it reads does not.
// A blocked_range body keeps the move into the body (one per chunk; see
// tbb-move-into-body.cpp). The rewritten program runs with 1, 2 and 4 TBB
// threads and matches the sequential result.
// RUN: rm -rf %t && mkdir -p %t && %strip-checks %s > %t/in.cpp
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.cpp
// RUN: cp %t/in.cpp %t/once.cpp && %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | count 0 && diff %t/once.cpp %t/in.cpp
// RUN: %clangxx -std=c++17 -O1 %s -o %t/orig -ltbb && %t/orig 1 > %t/expected
// RUN: %clangxx -std=c++17 -O1 %t/in.cpp -o %t/fixed -ltbb
// RUN: %t/fixed 1 | diff %t/expected -
// RUN: %t/fixed 2 | diff %t/expected -
// RUN: %t/fixed 4 | diff %t/expected -
// RUN: %t/fixed 4 | diff %t/expected -
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_for_each.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

static void constant_read(int n, int m, std::vector<double> &out) {
  std::vector<double> tmp(m, 2.5);
  std::vector<double> scale(n, 1.0);
  tbb::parallel_for(0, n, [&](int i) {
    tmp[1] = i * scale[i];
    out[i] += tmp[0] * tmp[1];
  });
}

static void fixed_count(int n, std::vector<double> &out) {
  std::vector<double> w(8);
  tbb::parallel_for(0, n, [&](int i) {
    w[3] = i;
    out[i] += w[3] + w[5];
  });
}

static void each(std::vector<double> &xs) {
  std::vector<double> row(16);
  tbb::parallel_for_each(xs.begin(), xs.end(), [&](double &e) {
    for (int k = 0; k < 16; ++k)
      row[k] = e * k;
    double s = 0;
    for (int k = 0; k < 16; ++k)
      s += row[k];
    e = s;
  });
}

int main(int argc, char **argv) {
  int threads = argc > 1 ? std::atoi(argv[1]) : 1;
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                            threads);
  std::vector<double> out(1000);
  constant_read(1000, 4, out);
  fixed_count(1000, out);
  each(out);
  double t = 0;
  for (double v : out)
    t += v;
  std::printf("%.1f\n", t);
}
// DIAG: warning: shared buffer 'tmp' is scratch
// DIAG: warning: shared buffer 'w' is scratch
// DIAG: warning: shared buffer 'row' is scratch
// FIXED:      {{^}}#include <tbb/global_control.h>{{$}}
// FIXED-NEXT: {{^}}#include <tbb/enumerable_thread_specific.h>{{$}}
// FIXED-NEXT: {{^}}#include <tbb/parallel_for.h>{{$}}
// FIXED-NOT:  enumerable_thread_specific.h
// FIXED:      {{^}}  tbb::enumerable_thread_specific<std::vector<double>, tbb::cache_aligned_allocator<std::vector<double>>, tbb::ets_key_per_instance> tmp_ets(m, 2.5);{{$}}
// FIXED-NEXT: {{^}}  std::vector<double> scale(n, 1.0);{{$}}
// FIXED-NEXT: {{^}}  tbb::parallel_for(0, n, [&](int i) {{{$}}
// FIXED-NEXT: {{^}}    auto &tmp = tmp_ets.local();{{$}}
// FIXED-NEXT: {{^}}    tmp.assign(tmp.size(), 2.5);{{$}}
// FIXED-NEXT: {{^}}    tmp[1] = i * scale[i];{{$}}
// FIXED:      {{^}}  tbb::enumerable_thread_specific<std::vector<double>, tbb::cache_aligned_allocator<std::vector<double>>, tbb::ets_key_per_instance> w_ets(8);{{$}}
// FIXED-NEXT: {{^}}  tbb::parallel_for(0, n, [&](int i) {{{$}}
// FIXED-NEXT: {{^}}    auto &w = w_ets.local();{{$}}
// FIXED-NEXT: {{^}}    w.assign(8, double());{{$}}
// FIXED-NEXT: {{^}}    w[3] = i;{{$}}
// FIXED:      {{^}}  tbb::enumerable_thread_specific<std::vector<double>, tbb::cache_aligned_allocator<std::vector<double>>, tbb::ets_key_per_instance> row_ets(16);{{$}}
// FIXED-NEXT: {{^}}  tbb::parallel_for_each(xs.begin(), xs.end(), [&](double &e) {{{$}}
// FIXED-NEXT: {{^}}    auto &row = row_ets.local();{{$}}
// FIXED-NEXT: {{^}}    for (int k = 0; k < 16; ++k){{$}}
