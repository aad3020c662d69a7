// A write made in a critical section, under a lock or as an atomic update
// excludes only the other writes made the same way: an access of another
// work item outside that exclusion races with it. Silent: every access
// under the exclusion, the pre-check of a double-checked update, a barrier
// between, flags written with 'atomic write', std::atomic-free reads of
// data nobody writes.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc %s 2>&1 | FileCheck %s
#include <omp.h>
double work(int);

void max_then_read(int n, double *out) {
  double best = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double v = work(i);
#pragma omp critical
    best = v > best ? v : best;
    out[i] = best; // expected-warning {{'best' is written in a critical section but read outside it: that access races with the writes of other iterations}}
  }
}
// CHECK: note: iteration i=1 reads 'best' here while iteration i=0 writes 'best'
// CHECK: note: the write in a critical section is here; make the other access under the same synchronization

void atomic_count_then_read(int n, int *out) {
  int cnt = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp atomic
    cnt++;
    out[i] = cnt; // expected-warning {{'cnt' is written atomically but read outside it}}
  }
}

void lock_then_read(int n, omp_lock_t *l, double *out) {
  double tot = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    omp_set_lock(l);
    tot += work(i);
    omp_unset_lock(l);
    out[i] = tot; // expected-warning {{'tot' is written under a lock but read outside it}}
  }
}

void critical_then_plain_write(int n, double *out) {
  double last = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical
    last += work(i);
    if (i == 0)
      last = 0; // expected-warning {{'last' is written in a critical section but written outside it}}
  }
  *out = last;
}

void all_inside(int n, double *out) {
  double best = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double v = work(i);
#pragma omp critical
    {
      best = v > best ? v : best;
      out[i] = best;
    }
  }
}

void double_checked(int n, double *out) {
  double best = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double v = work(i);
    if (v > best) {
#pragma omp critical
      if (v > best)
        best = v;
    }
  }
  *out = best;
}

void after_barrier(double *out) {
  double total = 0;
#pragma omp parallel
  {
#pragma omp critical
    total += 1;
#pragma omp barrier
    out[omp_get_thread_num()] = total;
  }
}

void atomic_write_flag(int *data, int *out) {
  int ready = 0;
#pragma omp parallel sections
  {
#pragma omp section
    {
#pragma omp atomic write
      ready = 1;
    }
#pragma omp section
    {
      int r;
      do {
#pragma omp atomic read
        r = ready;
      } while (!r);
      out[0] = r;
    }
  }
}

void named_sections_read_inside(int n, const int *key, int *counts, int *seen) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp critical(counts)
    {
      counts[key[i] & 7]++;
      seen[i] = counts[key[i] & 7];
    }
  }
}
