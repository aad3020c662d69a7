// Sums, counters and histograms updated from OpenMP loops: unsynchronized
// updates, against reduction clauses, omp atomic/critical, std::mutex with
// std::lock_guard and std::atomic.
// RUN: %cxx -fplugin-arg-privateer-report-may -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <atomic>
#include <mutex>
#include <omp.h>
#include <vector>

double plain_sum(const std::vector<double> &x) {
  double sum = 0;
  int n = static_cast<int>(x.size());
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    sum += x[i]; // expected-warning {{'sum' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]}}
  return sum;
}

int plain_count(const std::vector<int> &x) {
  int hits = 0;
  int n = static_cast<int>(x.size());
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (x[i] > 0)
      ++hits; // expected-warning {{'hits' is updated by every iteration without a reduction}}
  return hits;
}

void histogram(const std::vector<int> &x, std::vector<long> &hist) {
  int n = static_cast<int>(x.size());
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    hist[x[i]]++; // expected-warning {{iterations can update 'hist' at the same element}}
}

void modulo_bins(int n, std::vector<double> &bins, const std::vector<double> &w) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    bins[i % 8] += w[i]; // expected-warning {{iterations update 'bins' at the same element without synchronization; concurrent updates are lost}}
}

void last_seen(int n, const std::vector<int> &x, int &out) {
  int last = -1;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (x[i] == 42)
      last = i; // expected-warning {{'last' is written by every iteration without synchronization}}
  out = last;
}

void lock_scope_ends_early(int n, const std::vector<double> &x, double &total, long &count) {
  std::mutex m;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    {
      std::lock_guard<std::mutex> lock(m);
      ++count;
    }
    total += x[i]; // expected-warning {{'total' is updated by every iteration without a reduction}}
  }
}

double reduction_sum(const std::vector<double> &x) {
  double sum = 0;
  int n = static_cast<int>(x.size());
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < n; i++)
    sum += x[i];
  return sum;
}

double atomic_sum(const std::vector<double> &x) {
  double sum = 0;
  int n = static_cast<int>(x.size());
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    sum += x[i];
  }
  return sum;
}

int std_atomic_count(const std::vector<int> &x) {
  std::atomic<int> hits{0};
  int n = static_cast<int>(x.size());
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (x[i] > 0)
      hits++;
  return hits.load();
}

int std_atomic_fetch_add(const std::vector<int> &x) {
  std::atomic<int> hits{0};
  int n = static_cast<int>(x.size());
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (x[i] > 0)
      hits.fetch_add(1, std::memory_order_relaxed);
  return hits;
}

double locked_sum(const std::vector<double> &x) {
  double sum = 0;
  std::mutex m;
  int n = static_cast<int>(x.size());
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double v = x[i] * x[i];
    std::lock_guard<std::mutex> lock(m);
    sum += v;
  }
  return sum;
}

void locked_push(const std::vector<int> &x, std::vector<int> &hits) {
  std::mutex m;
  int n = static_cast<int>(x.size());
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (x[i] > 0) {
      std::lock_guard<std::mutex> guard(m);
      hits.push_back(i);
    }
  }
}

void explicit_lock_unlock(const std::vector<double> &x, double &total) {
  std::mutex m;
  int n = static_cast<int>(x.size());
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    m.lock();
    total += x[i];
    m.unlock();
  }
}

void atomic_histogram(const std::vector<int> &x, std::vector<long> &hist) {
  int n = static_cast<int>(x.size());
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    hist[x[i]]++;
  }
}

void critical_bins(int n, std::vector<double> &bins, const std::vector<double> &w) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical(bins)
    bins[i % 8] += w[i];
  }
}

void array_reduction(int n, double *bins, const double *w) {
#pragma omp parallel for reduction(+ : bins[0:8])
  for (int i = 0; i < n; i++)
    bins[i % 8] += w[i];
}

void std_atomic_histogram(const std::vector<int> &x, std::vector<std::atomic<long>> &hist) {
  int n = static_cast<int>(x.size());
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    hist[x[i]].fetch_add(1);
}

void running_max(int n, const std::vector<double> &x, double &res) {
  double m = x[0];
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (x[i] > m)
      m = x[i]; // expected-warning {{'m' is updated by every iteration without a reduction}}
  res = m;
}

void max_reduction(int n, const std::vector<double> &x, double &res) {
  double m = x[0];
#pragma omp parallel for reduction(max : m)
  for (int i = 0; i < n; i++)
    if (x[i] > m)
      m = x[i];
  res = m;
}

void scoped_lock_push(int n, std::vector<int> &out, const std::vector<int> &x, int &count) {
  std::mutex m;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    std::scoped_lock lock(m);
    out.push_back(x[i]);
    count++;
  }
}

void unique_lock_push(int n, std::vector<int> &out, const std::vector<int> &x) {
  std::mutex m;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    int v = 2 * x[i];
    std::unique_lock<std::mutex> lock(m);
    out.push_back(v);
  }
}

void omp_lock_sum(int n, const std::vector<double> &x, double &total) {
  omp_lock_t l;
  omp_init_lock(&l);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    omp_set_lock(&l);
    total += x[i];
    omp_unset_lock(&l);
  }
  omp_destroy_lock(&l);
}

void ordered_push(int n, std::vector<int> &out, const std::vector<int> &x) {
#pragma omp parallel for ordered
  for (int i = 0; i < n; i++) {
    int v = x[i] * 2;
#pragma omp ordered
    out.push_back(v);
  }
}

void critical_counter_slot(int n, std::vector<int> &out, const std::vector<int> &x) {
  int tail = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (x[i] > 0) {
#pragma omp critical
      out[tail++] = x[i];
    }
  }
}
