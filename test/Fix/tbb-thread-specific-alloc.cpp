// A std::vector or std::string made as (count) or (count, value) in every
// work item of a TBB loop (privateer-loop-alloc): one allocation per index.
// It becomes one container per thread, a tbb::enumerable_thread_specific
// declared before the call, and the body takes its thread's copy (`auto &v
// = v_ets.local();`) and makes its contents those of a new one in place:
// `v.assign(n, x)` (`T()` for (count)), or `v.resize(n)` where every
// element read is written first (what the thread's previous work item left
// is then never seen). No allocation after a thread's first work item.
// The rewritten program runs with 1, 2 and 4 TBB threads and must print
// what the original prints (ThreadSanitizer is not used: Debian's oneTBB is
// not instrumented and TSan reports false races inside it; the runs are
// repeated instead). A refill that kept the last work item's values (the
// accumulating bodies below) or a copy shared by two threads would change
// the sums. A second --fix pass changes nothing.
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
// RUN: %t/fixed 2 | diff %t/expected -
#include <tbb/blocked_range.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_for_each.h>

#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

// Reads the zeros it starts with: refilled with assign.
static void histogram(int n, int m, std::vector<double> &out) {
  tbb::parallel_for(0, n, [&](int i) {
    std::vector<double> bins(m * 64);
    for (int k = 0; k < 3 * m; ++k)
      bins[(i * 7 + k * 13) % (m * 64)] += k;
    double s = 0;
    for (int k = 0; k < m * 64; ++k)
      s += bins[k] * (k + 1);
    out[i] += s;
  });
}

// A value to start from.
static void from_value(int n, std::vector<double> &out) {
  tbb::parallel_for(0, n, [&](int i) {
    std::vector<long> w(1024, 3);
    w[i % 1024] += i;
    long s = 0;
    for (long x : w)
      s += x;
    out[i] += s;
  });
}

// Every element read is written first: resize keeps the capacity and,
// for the same count, does nothing.
static void written_first(int n, int m, std::vector<double> &out) {
  tbb::parallel_for(0, n, [&](int i) {
    std::vector<double> row(m * 64);
    for (int k = 0; k < m * 64; ++k)
      row[k] = i + k;
    double s = 0;
    for (int k = 0; k < m * 64; ++k)
      s += row[k];
    out[i] += s;
  });
}

static void each_element(std::vector<double> &xs) {
  tbb::parallel_for_each(xs.begin(), xs.end(), [&](double &e) {
    std::string tag(2048, 'a');
    tag[static_cast<long>(e) % 2048] = 'b';
    int bs = 0;
    for (char c : tag)
      bs += c == 'b';
    e += bs;
  });
}

// In a blocked_range body, made for every index of the chunk's loop.
static void ranges(int n, std::vector<double> &out) {
  tbb::parallel_for(tbb::blocked_range<int>(0, n),
                    [&](const tbb::blocked_range<int> &r) {
                      for (int i = r.begin(); i != r.end(); ++i) {
                        std::vector<int> c(4096);
                        c[i % 4096] += i;
                        out[i] += c[i % 4096] + c[(i + 1) % 4096];
                      }
                    });
}

// A new[] block: its elements indeterminate, so the thread's vector is
// only resized (a program that read one before writing it would have no
// meaning to keep); the delete[] goes with the block.
static void new_block(int n, int m, std::vector<double> &out) {
  tbb::parallel_for(0, n, [&](int i) {
    double *t = new double[m * 256];
    for (int k = 0; k < m * 256; ++k)
      t[k] = i * 0.5 + k;
    out[i] += t[i % (m * 256)];
    delete[] t;
  });
}

// A zeroed new[] block that is read before it is written: assign.
static void zeroed_block(int n, std::vector<double> &out) {
  tbb::parallel_for(0, n, [&](int i) {
    long *c = new long[2048]();
    c[i % 2048] += i;
    c[(i * 3) % 2048] += 1;
    out[i] += c[i % 2048] + c[(i + 5) % 2048];
    delete[] c;
  });
}

// Another variable of that name in a block of the body: the fix starts
// from the container's declaration, not from its name, and the inner one
// keeps hiding the thread's copy where it did.
static void two_named(int n, std::vector<double> &out) {
  tbb::parallel_for(0, n, [&](int i) {
    std::vector<double> t(1024);
    for (int k = 0; k < 1024; ++k)
      t[k] = i + k;
    {
      double t = 2;
      out[i] += t;
    }
    out[i] += t[1023];
  });
}

int main(int argc, char **argv) {
  int threads = argc > 1 ? std::atoi(argv[1]) : 1;
  tbb::global_control limit(tbb::global_control::max_allowed_parallelism,
                            threads);
  std::vector<double> out(2000);
  for (int rep = 0; rep < 3; ++rep) {
    histogram(2000, 4, out);
    from_value(2000, out);
    written_first(2000, 4, out);
    each_element(out);
    ranges(2000, out);
    new_block(2000, 4, out);
    zeroed_block(2000, out);
    two_named(2000, out);
  }
  double t = 0;
  for (double v : out)
    t += v;
  std::printf("%.1f\n", t);
}
// DIAG-NOT: note: no automatic fix
// DIAG: warning: 'bins' {{.*}} [privateer-loop-alloc]
// DIAG: warning: 'w' {{.*}} [privateer-loop-alloc]
// DIAG: warning: 'row' {{.*}} [privateer-loop-alloc]
// DIAG: warning: 'tag' {{.*}} [privateer-loop-alloc]
// DIAG: warning: 'c' {{.*}} [privateer-loop-alloc]
// DIAG: warning: 't' {{.*}} [privateer-loop-alloc]
// DIAG: warning: 'c' {{.*}} [privateer-loop-alloc]
// DIAG: warning: 't' {{.*}} [privateer-loop-alloc]
// DIAG-NOT: note: no automatic fix
// FIXED:      {{^}}#include <tbb/blocked_range.h>{{$}}
// FIXED-NEXT: {{^}}#include <tbb/enumerable_thread_specific.h>{{$}}
// FIXED-NEXT: {{^}}#include <tbb/global_control.h>{{$}}
// FIXED-NOT:  enumerable_thread_specific.h
// FIXED:      {{^}}static void histogram(int n, int m, std::vector<double> &out) {{{$}}
// FIXED-NEXT: {{^}}  tbb::enumerable_thread_specific<std::vector<double>, tbb::cache_aligned_allocator<std::vector<double>>, tbb::ets_key_per_instance> bins_ets;{{$}}
// FIXED-NEXT: {{^}}  tbb::parallel_for(0, n, [&](int i) {{{$}}
// FIXED-NEXT: {{^}}    auto &bins = bins_ets.local();{{$}}
// FIXED-NEXT: {{^}}    bins.assign(m * 64, double());{{$}}
// FIXED:      {{^}}  tbb::enumerable_thread_specific<std::vector<long>, tbb::cache_aligned_allocator<std::vector<long>>, tbb::ets_key_per_instance> w_ets;{{$}}
// FIXED:      {{^}}    auto &w = w_ets.local();{{$}}
// FIXED-NEXT: {{^}}    w.assign(1024, 3);{{$}}
// FIXED:      {{^}}    auto &row = row_ets.local();{{$}}
// FIXED-NEXT: {{^}}    row.resize(m * 64);{{$}}
// FIXED:      {{^}}  tbb::enumerable_thread_specific<std::string, tbb::cache_aligned_allocator<std::string>, tbb::ets_key_per_instance> tag_ets;{{$}}
// FIXED:      {{^}}    auto &tag = tag_ets.local();{{$}}
// FIXED-NEXT: {{^}}    tag.assign(2048, 'a');{{$}}
// FIXED:      {{^}}  tbb::enumerable_thread_specific<std::vector<int>, tbb::cache_aligned_allocator<std::vector<int>>, tbb::ets_key_per_instance> c_ets;{{$}}
// FIXED-NEXT: {{^}}  tbb::parallel_for(tbb::blocked_range<int>(0, n),{{$}}
// FIXED:      {{^}}                        auto &c = c_ets.local();{{$}}
// FIXED-NEXT: {{^}}                        c.assign(4096, int());{{$}}
// FIXED:      {{^}}  tbb::enumerable_thread_specific<std::vector<double>, tbb::cache_aligned_allocator<std::vector<double>>, tbb::ets_key_per_instance> t_ets;{{$}}
// FIXED-NEXT: {{^}}  tbb::parallel_for(0, n, [&](int i) {{{$}}
// FIXED-NEXT: {{^}}    auto &t_buf = t_ets.local();{{$}}
// FIXED-NEXT: {{^}}    t_buf.resize(m * 256);{{$}}
// FIXED-NEXT: {{^}}    double *t = t_buf.data();{{$}}
// FIXED-NEXT: {{^}}    for (int k = 0; k < m * 256; ++k){{$}}
// FIXED-NEXT: {{^}}      t[k] = i * 0.5 + k;{{$}}
// FIXED-NEXT: {{^}}    out[i] += t[i % (m * 256)];{{$}}
// FIXED-NEXT: {{^}}  });{{$}}
// FIXED:      {{^}}    auto &c_buf = c_ets.local();{{$}}
// FIXED-NEXT: {{^}}    c_buf.assign(2048, long());{{$}}
// FIXED-NEXT: {{^}}    long *c = c_buf.data();{{$}}
// FIXED-NOT:  delete
// FIXED:      {{^}}  tbb::enumerable_thread_specific<std::vector<double>, tbb::cache_aligned_allocator<std::vector<double>>, tbb::ets_key_per_instance> t_ets;{{$}}
// FIXED-NEXT: {{^}}  tbb::parallel_for(0, n, [&](int i) {{{$}}
// FIXED-NEXT: {{^}}    auto &t = t_ets.local();{{$}}
// FIXED-NEXT: {{^}}    t.resize(1024);{{$}}
// FIXED-NOT:  delete
