// The serial path of a helper that takes a pointer to a C++ mutex: locked
// when there is one, unlocked only when there is none.
// RUN: %cxx -fplugin-arg-privateer-report-may -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <mutex>
#include <vector>

struct Stats {
  double sum = 0;
  long count = 0;
};

static void add(Stats &s, double v, std::mutex *m) {
  if (m)
    m->lock();
  s.sum += v;
  s.count++;
  if (m)
    m->unlock();
}

static void add_guarded(Stats &s, double v, std::mutex *m) {
  if (m == nullptr) {
    s.sum += v;
    return;
  }
  std::lock_guard<std::mutex> hold(*m);
  s.sum += v;
}

void accumulate(Stats &s, const std::vector<double> &x) {
  std::mutex m;
  int n = static_cast<int>(x.size());
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    add(s, x[i], &m);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    add_guarded(s, x[i], &m);
}

void accumulate_without_lock(Stats &s, const std::vector<double> &x) {
  int n = static_cast<int>(x.size());
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    add_guarded(s, x[i], nullptr); // expected-warning {{'sum' of 's' is updated by every iteration without a reduction}}
}
