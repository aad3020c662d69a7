// TBB scratch buffers captured by reference move into the body: before the
// range loop of a blocked_range body (one std::vector per chunk), first in
// the body of the index form (a plain array per index, no allocation). The
// rewritten program runs with 1, 2 and 4 TBB threads and matches the
// sequential result. ThreadSanitizer is not used: the Debian oneTBB is not
// instrumented and TSan reports false races inside it; the results are
// compared instead, and the 4-thread run is repeated.
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
#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

static void smooth(int n, int m, std::vector<double> &out) {
  std::vector<double> tmp(m);
  tbb::parallel_for(tbb::blocked_range<int>(0, n),
                    [&](const tbb::blocked_range<int> &r) {
                      for (int i = r.begin(); i != r.end(); ++i) {
                        for (int k = 0; k < m; ++k)
                          tmp[k] = i + k * 0.25;
                        double s = 0;
                        for (int k = 0; k < m; ++k)
                          s += tmp[k] * (k % 3);
                        out[i] = s;
                      }
                    });
}

static void window(int n, std::vector<double> &out) {
  double row[16];
  tbb::parallel_for(0, n, [&](int i) {
    for (int k = 0; k < 16; ++k)
      row[k] = (i % 7) * k;
    double s = 0;
    for (int k = 0; k < 16; ++k)
      s += row[k];
    out[i] += s;
  });
}

int main(int argc, char **argv) {
  int threads = argc > 1 ? std::atoi(argv[1]) : 1;
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                            threads);
  tbb::task_arena arena(threads);
  std::vector<double> out(20000);
  arena.execute([&] {
    smooth(20000, 64, out);
    window(20000, out);
  });
  double total = 0;
  for (int i = 0; i < 20000; ++i)
    total += out[i] * (i % 5);
  std::printf("%.2f\n", total);
}
// DIAG: warning: shared buffer 'tmp' is scratch
// DIAG: warning: shared buffer 'row' is scratch
// FIXED: {{^}}static void smooth(int n, int m, std::vector<double> &out) {{{$}}
// FIXED-NEXT: {{^}}  tbb::parallel_for(tbb::blocked_range<int>(0, n),{{$}}
// FIXED-NEXT: {{^}}                    [&](const tbb::blocked_range<int> &r) {{{$}}
// FIXED-NEXT: {{^}}                      std::vector<double> tmp(m);{{$}}
// FIXED-NEXT: {{^}}                      for (int i = r.begin(); i != r.end(); ++i) {{{$}}
// FIXED: {{^}}static void window(int n, std::vector<double> &out) {{{$}}
// FIXED-NEXT: {{^}}  tbb::parallel_for(0, n, [&](int i) {{{$}}
// FIXED-NEXT: {{^}}    double row[16];{{$}}
// FIXED-NEXT: {{^}}    for (int k = 0; k < 16; ++k){{$}}
