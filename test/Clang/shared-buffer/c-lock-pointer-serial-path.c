// A helper that takes a pointer to a lock runs its unlocked branch only
// when there is no lock: the serial path (callers pass none when they run
// on one thread). Under the lock, or on the serial path, nothing races;
// an update outside the lock, or a null lock passed by parallel code
// (every thread takes the unlocked path), still does.
// RUN: %cc -fplugin-arg-privateer-report-may -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <omp.h>
#include <pthread.h>
#include <stddef.h>

typedef struct {
  double sum;
  long count;
} acc_t;

static void add_serial_first(acc_t *a, double v, omp_lock_t *lock) {
  if (lock == NULL) { /* serial path */
    a->sum += v;
    a->count++;
    return;
  }
  omp_set_lock(lock);
  a->sum += v;
  a->count++;
  omp_unset_lock(lock);
}

static void add_lock_if_any(acc_t *a, double v, omp_lock_t *lock) {
  if (lock)
    omp_set_lock(lock);
  a->sum += v;
  if (lock)
    omp_unset_lock(lock);
}

static void add_either(acc_t *a, double v, pthread_mutex_t *m) {
  if (!m) {
    a->sum += v;
  } else {
    pthread_mutex_lock(m);
    a->sum += v;
    pthread_mutex_unlock(m);
  }
}

static void add_count_outside(acc_t *a, double v, omp_lock_t *lock) {
  if (lock)
    omp_set_lock(lock);
  a->sum += v;
  if (lock)
    omp_unset_lock(lock);
  a->count++;
}

void with_locks(acc_t *a, const double *x, int n) {
  omp_lock_t lk;
  pthread_mutex_t m;
  omp_init_lock(&lk);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    add_serial_first(a, x[i], &lk);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    add_lock_if_any(a, x[i], &lk);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    add_either(a, x[i], &m);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    add_count_outside(a, x[i], &lk); // expected-warning {{iterations update 'a' at the same element without synchronization}}
  omp_destroy_lock(&lk);
}

// A lock from the caller's own caller: the serial path is still not
// compared.
void with_unknown_lock(acc_t *a, const double *x, int n, omp_lock_t *lk) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    add_serial_first(a, x[i], lk);
}

// No lock passed from parallel code: every thread takes the serial path.
void without_lock(acc_t *a, const double *x, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    add_serial_first(a, x[i], NULL); // expected-warning {{iterations update 'a' at the same element without synchronization}}
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    add_lock_if_any(a, x[i], 0); // expected-warning {{iterations update 'a' at the same element without synchronization}}
}

// A test of a pointer that is no lock decides nothing.
void not_a_lock(acc_t *a, const double *x, int n, double *scale) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (scale == NULL)
      a->sum += x[i]; // expected-warning {{iterations update 'a' at the same element without synchronization}}
  }
}
