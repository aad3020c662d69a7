// Code in a '#pragma omp parallel' region runs once per thread: shared
// scalars written by every thread race, thread-id-indexed and guarded writes do not.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <omp.h>

double sum_race(const double *x) {
  double sum = 0;
#pragma omp parallel
  {
    sum += x[omp_get_thread_num()]; // expected-warning {{'sum' is updated by every thread without a reduction; concurrent updates are lost [privateer-shared-buffer]}}
  }
  return sum;
}

double sum_atomic(const double *x) {
  double sum = 0;
#pragma omp parallel
  {
#pragma omp atomic
    sum += x[omp_get_thread_num()];
  }
  return sum;
}

double sum_reduction(const double *x) {
  double sum = 0;
#pragma omp parallel reduction(+ : sum)
  sum += x[omp_get_thread_num()];
  return sum;
}

void partial_by_tid(double *partial, const double *x) {
#pragma omp parallel
  partial[omp_get_thread_num()] = x[0] * 2;
}

void tid_variable(double *a, const double *x) {
#pragma omp parallel
  {
    int tid = omp_get_thread_num();
    a[tid] = x[tid] + 1;
  }
}

void only_thread_zero(double *out) {
  double x = 0;
#pragma omp parallel
  {
    int tid = omp_get_thread_num();
    if (tid == 0)
      x = 3;
  }
  *out = x;
}

int num_threads_race(void) {
  int nthreads = 0;
#pragma omp parallel
  {
    nthreads = omp_get_num_threads(); // one value: privateer-same-value-store's
  }
  return nthreads;
}

int num_threads_single(void) {
  int nthreads = 0;
#pragma omp parallel
  {
#pragma omp single
    nthreads = omp_get_num_threads();
  }
  return nthreads;
}

int num_threads_master(void) {
  int nthreads = 0;
#pragma omp parallel
  {
#pragma omp master
    nthreads = omp_get_num_threads();
  }
  return nthreads;
}

int num_threads_masked(void) {
  int nthreads = 0;
#pragma omp parallel
  {
#pragma omp masked
    nthreads = omp_get_num_threads();
  }
  return nthreads;
}

int count_critical(void) {
  int count = 0;
#pragma omp parallel
  {
#pragma omp critical
    count++;
  }
  return count;
}

int count_race(void) {
  int count = 0;
#pragma omp parallel
  count++; // expected-warning {{'count' is updated by every thread without a reduction; concurrent updates are lost [privateer-shared-buffer]}}
  return count;
}

void scratch_per_thread(double *out, const double *in) {
  double tmp[4];
#pragma omp parallel
  {
    int tid = omp_get_thread_num();
    for (int k = 0; k < 4; k++)
      tmp[k] = in[tid] + k; // expected-warning {{shared buffer 'tmp' is scratch that every thread overwrites;}}
    out[tid] = tmp[3];
  }
}

void all_but_thread_zero(double *out) {
  double x = 0;
#pragma omp parallel
  {
    if (omp_get_thread_num() != 0)
      x = 1; // one value: privateer-same-value-store's
  }
  *out = x;
}

void single_nowait(double *out) {
  double x = 0;
#pragma omp parallel
  {
#pragma omp single nowait
    x = 1;
  }
  *out = x;
}

void lock_guarded(double *out, omp_lock_t *lock) {
  double x = 0;
#pragma omp parallel
  {
    omp_set_lock(lock);
    x += 1;
    omp_unset_lock(lock);
  }
  *out = x;
}
