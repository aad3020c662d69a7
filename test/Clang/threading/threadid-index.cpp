// privateer-threadid-index in C++: vectors of per-thread counters, padded
// structs, and workspaces sized by omp_get_max_threads().
// RUN: %cxx -fplugin-arg-privateer-report-may -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
#include <omp.h>
#include <vector>

void counts(int n, const int *keys, std::vector<int> &per_thread) {
#pragma omp parallel num_threads(4)
  {
    int t = omp_get_thread_num();
    for (int i = 0; i < n; i++)
      per_thread[t] += keys[i] & 1; // expected-warning {{threads write 'per_thread[t]' in a loop, and 16 slots of 4 bytes share each 64-byte cache line}}
  }
}

struct alignas(64) Slot {
  double sum;
};

void counts_padded(int n, const double *x, std::vector<Slot> &slots) {
#pragma omp parallel num_threads(4)
  {
    int t = omp_get_thread_num();
    for (int i = 0; i < n; i++)
      slots[t].sum += x[i];
  }
}

struct Workspace {
  double data[12]; // 96 bytes: not a whole line
};

void workspaces(int n, Workspace *ws) {
#pragma omp parallel num_threads(4)
  {
    int t = omp_get_thread_num();
    for (int i = 0; i < n; i++)
      ws[t].data[i % 12] += i; // expected-warning {{its 96-byte slots are not whole cache lines and straddle them}}
  }
}

void sized_by_max_threads(const double *x) {
  std::vector<double> part(omp_get_max_threads());
#pragma omp parallel num_threads(64)
  part[omp_get_thread_num()] = x[0]; // expected-warning {{'part' has omp_get_max_threads() elements but 'num_threads(64)' may ask for more threads than that}}
}

void sized_by_max_threads_ok(const double *x) {
  std::vector<double> part(omp_get_max_threads());
#pragma omp parallel
  part[omp_get_thread_num()] = x[0];
}
