// Accumulations in TBB bodies: a captured scalar or histogram updated by
// every work item races; parallel_reduce's own accumulator,
// enumerable_thread_specific and combinable slots, atomics and locks do not.
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-checks=-*,privateer-shared-buffer -fplugin-arg-privateer-report-may -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <tbb/blocked_range.h>
#include <tbb/combinable.h>
#include <tbb/concurrent_hash_map.h>
#include <tbb/concurrent_queue.h>
#include <tbb/concurrent_vector.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>
#include <tbb/spin_mutex.h>

#include <atomic>
#include <execution>
#include <algorithm>
#include <functional>
#include <mutex>
#include <vector>

double captured_sum(int n, const double *x) {
  double s = 0;
  tbb::parallel_for(0, n, [&](int i) {
    s += x[i]; // expected-warning {{'s'}}
  });
  return s;
}

void captured_histogram(const std::vector<int> &keys, std::vector<int> &hist) {
  tbb::parallel_for(tbb::blocked_range<size_t>(0, keys.size()),
                    [&](const tbb::blocked_range<size_t> &r) {
                      for (size_t i = r.begin(); i != r.end(); ++i)
                        hist[keys[i] % 16]++; // expected-warning {{'hist'}}
                    });
}

double std_par_sum(const std::vector<double> &v) {
  double s = 0;
  std::for_each(std::execution::par, v.begin(), v.end(),
                [&](const double &x) {
                  s += x; // expected-warning {{'s'}}
                });
  return s;
}

double reduce_into_capture(int n, const double *x) {
  double s = 0;
  tbb::parallel_reduce(
      tbb::blocked_range<int>(0, n), 0.0,
      [&](const tbb::blocked_range<int> &r, double init) {
        for (int i = r.begin(); i != r.end(); ++i)
          s += x[i]; // expected-warning {{'s'}}
        return init;
      },
      std::plus<double>());
  return s;
}

// Silent.

double reduce_lambda(int n, const double *x) {
  return tbb::parallel_reduce(
      tbb::blocked_range<int>(0, n), 0.0,
      [&](const tbb::blocked_range<int> &r, double init) {
        for (int i = r.begin(); i != r.end(); ++i)
          init += x[i];
        return init;
      },
      std::plus<double>());
}

struct SumBody {
  const double *x;
  double sum = 0;
  SumBody(const double *x) : x(x) {}
  SumBody(SumBody &o, tbb::split) : x(o.x) {}
  void operator()(const tbb::blocked_range<int> &r) {
    for (int i = r.begin(); i != r.end(); ++i)
      sum += x[i];
  }
  void join(const SumBody &o) { sum += o.sum; }
};

double reduce_body_class(int n, const double *x) {
  SumBody b(x);
  tbb::parallel_reduce(tbb::blocked_range<int>(0, n), b);
  return b.sum;
}

double thread_specific(int n, const double *x) {
  tbb::enumerable_thread_specific<double> partial(0.0);
  tbb::parallel_for(0, n, [&](int i) { partial.local() += x[i]; });
  double s = 0;
  for (double p : partial)
    s += p;
  return s;
}

double thread_specific_ref(int n, const double *x) {
  tbb::enumerable_thread_specific<std::vector<double>> scratch(
      std::vector<double>(8));
  tbb::enumerable_thread_specific<double> partial(0.0);
  tbb::parallel_for(0, n, [&](int i) {
    std::vector<double> &t = scratch.local();
    for (int k = 0; k < 8; ++k)
      t[k] = x[i] * k;
    double &p = partial.local();
    p += t[7];
  });
  return partial.combine(std::plus<double>());
}

double combinable_sum(int n, const double *x) {
  tbb::combinable<double> partial([] { return 0.0; });
  tbb::parallel_for(0, n, [&](int i) { partial.local() += x[i]; });
  return partial.combine(std::plus<double>());
}

long atomic_count(int n, const int *x) {
  std::atomic<long> c{0};
  tbb::parallel_for(0, n, [&](int i) {
    if (x[i] > 0)
      c++;
  });
  return c;
}

double locked_sum(int n, const double *x) {
  double s = 0;
  tbb::spin_mutex m;
  std::mutex sm;
  tbb::parallel_for(0, n, [&](int i) {
    {
      tbb::spin_mutex::scoped_lock lock(m);
      s += x[i];
    }
    std::lock_guard<std::mutex> g(sm);
    s += 1;
  });
  return s;
}

// TBB's concurrent containers synchronize their own operations.
void concurrent_containers(int n, tbb::concurrent_vector<int> &cv,
                           tbb::concurrent_queue<int> &q,
                           tbb::concurrent_hash_map<int, int> &m) {
  tbb::parallel_for(0, n, [&](int i) {
    cv.push_back(i);
    q.push(i);
    tbb::concurrent_hash_map<int, int>::accessor a;
    m.insert(a, i % 7);
    a->second += 1;
  });
}
