// Every work item storing one value into a shared variable is a data race
// that loses nothing: privateer-same-value-store, not
// privateer-shared-buffer. The value must be the same in every work item
// (a constant, what the construct does not write read at a position every
// work item computes alike, the team size) and nothing else may meet the
// stores: a read between them, an update, or a store of another value
// makes it a race that can lose data (privateer-shared-buffer's).
// RUN: %cc -fplugin-arg-privateer-checks=-*,privateer-same-value-store,privateer-shared-buffer -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc -fplugin-arg-privateer-checks=-*,privateer-same-value-store %s 2>&1 | FileCheck %s
// RUN: %cc -fplugin-arg-privateer-checks=privateer-*,-privateer-same-value-store %s 2>&1 | FileCheck %s --check-prefix=OFF

#include <omp.h>

// A flag that only ever becomes true.
int any_negative(int n, const double *a) {
  int found = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (a[i] < 0)
      found = 1; // expected-warning {{'found' is written by more than one iteration with the same value ('1') without synchronization: a data race, undefined behaviour in C and C++, though no store loses anything}}
  return found;
}
// CHECK: :[[@LINE-3]]:7: warning: 'found' is written by more than one iteration
// CHECK: note: iterations i=0 and i=1 both write 'found'
// CHECK: note: make the store '#pragma omp atomic write', or make it once, in 'single' or 'masked' before a barrier the code already has

// Each thread reads the bound it shares, then waits for the others.
void bounded(int nb, const int *bnd, double *x, int n) {
  int lo = 0;
#pragma omp parallel
  {
    lo = bnd[nb]; // expected-warning {{'lo' is written by every thread with the same value ('bnd[nb]')}}
#pragma omp barrier
#pragma omp for
    for (int i = lo; i < n; i++)
      x[i] = 0;
  }
}

// The team's size, through a pointer parameter.
void team_size(int *nthreads) {
#pragma omp parallel
  *nthreads = omp_get_num_threads(); // expected-warning {{'*nthreads' is written by every thread with the same value ('omp_get_num_threads()')}}
}

struct stats {
  int done;
  double sum;
};

// A member, arithmetic of values every thread shares.
void mark_done(struct stats *s, int n, int m) {
#pragma omp parallel
  s->done = n * m + 1; // expected-warning {{'s->done' is written by every thread with the same value ('n * m + 1')}}
}

// Silent: the value differs between work items (a lost update, reported as
// such).
int last_index(int n) {
  int v = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    v = i; // expected-warning {{'v' is written by every iteration without synchronization}}
  return v;
}

// Silent for this check: a work item reads the variable where another's
// store can meet the read.
int read_between(int n, double *a) {
  int flag = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    flag = 1; // expected-warning {{shared buffer 'flag' is scratch that every iteration overwrites}}
    a[i] = flag;
  }
  return flag;
}

// Silent for this check: two stores of different values.
void two_values(int n, const double *a, int *state) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (a[i] < 0)
      *state = 1; // expected-warning {{'state' is written by every iteration at the same element without synchronization}}
    else
      *state = 2;
  }
}

// Silent: an update is no store of one value.
void counted(int n, int *count) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    *count += 1; // expected-warning {{iterations update 'count' at the same element without synchronization}}
}

// Silent: the stores are made once, atomically, or ordered.
void synchronized(int n, int *done, int *ready, int *stage) {
#pragma omp parallel
  {
#pragma omp single
    *done = 1;
#pragma omp atomic write
    *ready = 1;
#pragma omp masked
    *stage = 2;
  }
}

// Silent: a store of a value a thread computes on its own.
void own_value(int *who) {
#pragma omp parallel
  *who = omp_get_thread_num(); // expected-warning {{'who' is written by every thread at the same element without synchronization}}
}

// Silent: one work item (constant bounds).
void one_item(int *done) {
#pragma omp parallel for
  for (int i = 0; i < 1; i++)
    *done = 1;
}

// OFF-NOT: {{\[}}privateer-same-value-store]
// OFF-NOT: warning: 'found'
