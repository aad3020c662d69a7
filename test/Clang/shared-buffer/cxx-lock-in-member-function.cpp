// Locks taken inside the program's own member functions: a method that
// holds a guard for its whole body (`std::lock_guard lk(mutex_);` first)
// changes its object under that lock, and a small lock class around
// omp_lock_t (`set()` / `unset()`) takes and releases the lock like
// omp_set_lock / omp_unset_lock.
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %cxx -fplugin-arg-privateer-report-may -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <map>
#include <mutex>
#include <omp.h>

class Histogram {
public:
  void insert(int v) {
    std::lock_guard<std::mutex> lk(mutex_);
    ++counts_[v];
  }

private:
  std::map<int, long> counts_;
  std::mutex mutex_;
};

class PlainHistogram {
public:
  void insert(int v) { ++counts_[v]; }

private:
  std::map<int, long> counts_;
};

class LateHistogram {
public:
  void insert(int v) {
    ++counts_[v];
    std::lock_guard<std::mutex> lk(mutex_);
  }

private:
  std::map<int, long> counts_;
  std::mutex mutex_;
};

class OmpLock {
public:
  OmpLock() { omp_init_lock(&l_); }
  ~OmpLock() { omp_destroy_lock(&l_); }
  void set() { omp_set_lock(&l_); }
  void unset() { omp_unset_lock(&l_); }

private:
  omp_lock_t l_;
};

class FakeLock {
public:
  void set() {}
  void unset() {}
};

// --- Silent: the lock is in the member function. ---

void histogram_locked(Histogram &h, const int *v, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    h.insert(v[i]);
}

int running_max(const int *v, int n) {
  OmpLock lock;
  int best = 0;
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    lock.set();
    if (v[i] > best)
      best = v[i];
    lock.unset();
  }
  return best;
}

// --- Firing: no lock, a lock taken too late, a lock class that locks
// nothing. ---

void histogram_unlocked(PlainHistogram &h, const int *v, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    h.insert(v[i]); // expected-warning {{'h' is written by every iteration}}
}

void histogram_locked_late(LateHistogram &h, const int *v, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i)
    h.insert(v[i]); // expected-warning {{'h' is written by every iteration}}
}

int fake_lock_sum(const int *v, int n) {
  FakeLock lock;
  int sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    lock.set();
    sum += v[i]; // expected-warning {{'sum' is updated by every iteration}}
    lock.unset();
  }
  return sum;
}
