// A value written by one thread of the team ('master', 'masked', 'single
// nowait') and used by all threads with no barrier between: the others may
// read it before or while it is written. Silent: a barrier between (written
// or the one a 'single' ends with), a use by one thread only, a use in the
// same construct.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc %s 2>&1 | FileCheck %s

#include <omp.h>

int compute(int);
void use(int);

void master_then_use(void) {
  int init = 0;
#pragma omp parallel
  {
#pragma omp master
    init = compute(0);
    use(init); // expected-warning {{'init' is written by one thread (in 'single', 'master' or 'masked') and read by the others with no barrier between: they may access it before or while it is written}}
  }
}
// CHECK: note: thread 1 reads 'init' here while thread 0 writes 'init'
// CHECK: note: the write is here; put '#pragma omp barrier' after the construct that makes it (a 'single' without 'nowait' ends with one)

void single_nowait_then_read(int *out) {
  int best = 0;
#pragma omp parallel
  {
#pragma omp single nowait
    best = compute(1);
    // (No call between: an unseen one could hold a barrier; see
    // barrier-in-callee.c.)
    out[omp_get_thread_num()] = 2 * omp_get_thread_num();
    out[omp_get_thread_num()] += best; // expected-warning {{'best' is written by one thread (in 'single', 'master' or 'masked') and read by the others}}
  }
}

void masked_fill(int *table, int n) {
#pragma omp parallel
  {
#pragma omp masked
    for (int i = 0; i < n; i++)
      table[i] = compute(i);
    use(table[omp_get_thread_num() % n]); // expected-warning {{'table' is written by one thread}}
  }
}

void barrier_between(void) {
  int init = 0;
#pragma omp parallel
  {
#pragma omp master
    init = compute(0);
#pragma omp barrier
    use(init);
  }
}

void single_ends_with_barrier(void) {
  int nthreads = 0;
#pragma omp parallel
  {
#pragma omp single
    nthreads = omp_get_num_threads();
    use(nthreads);
  }
}

void same_construct(int *out) {
  int v = 0;
#pragma omp parallel
  {
#pragma omp single nowait
    {
      v = compute(3);
      out[0] = v;
    }
    use(out[1 + omp_get_thread_num()]);
  }
}

void by_the_master_only(void) {
  int t0 = 0;
#pragma omp parallel
  {
#pragma omp master
    t0 = compute(4);
    if (omp_get_thread_num() == 0)
      use(t0);
  }
}

// --- A worksharing loop right after the one-thread construct. ---

void single_nowait_then_loop(int *a, int n) {
  int init = 0;
#pragma omp parallel
  {
#pragma omp single nowait
    init = compute(0);
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = init * i; // expected-warning {{'init' is written by the 'omp single' before this loop, which one thread runs with no barrier after it, and read here: the other threads start the loop while it runs}}
  }
}
// CHECK: note: the 'omp single' writes 'init' here
// CHECK: note: this 'omp single' ends with 'nowait': without it, the barrier at its end would order it before the loop

void masked_then_loop(int *a, int *table, int n) {
#pragma omp parallel
  {
#pragma omp masked
    for (int k = 0; k < 16; k++)
      table[k] = compute(k);
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = table[i % 16]; // expected-warning {{'table' is written by the 'omp masked' before this loop}}
  }
}
// CHECK: note: this 'omp masked' has no barrier at its end: put '#pragma omp barrier' after it, or use 'single', which ends with one

void single_then_loop(int *a, int n) {
  int init = 0;
#pragma omp parallel
  {
#pragma omp single
    init = compute(0);
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = init * i;
  }
}

void master_barrier_then_loop(int *a, int n) {
  int init = 0;
#pragma omp parallel
  {
#pragma omp master
    init = compute(0);
#pragma omp barrier
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = init * i;
  }
}

// The loop touches other elements than the single's.
void other_elements(int *a, int n) {
#pragma omp parallel
  {
#pragma omp single nowait
    a[0] = compute(0);
#pragma omp for
    for (int i = 1; i < n; i++)
      a[i] = compute(i);
  }
}

// The master is thread 0: its a[0] and a[tid] of thread 0 are one thread's.
void master_and_thread_slots(int *a) {
#pragma omp parallel
  {
#pragma omp master
    a[0] = compute(0);
    a[omp_get_thread_num()] += 1;
  }
}

// A read by the others before the master's write, with no barrier between,
// races as much as one after it; with a barrier between it does not.
void read_before_master(int *out) {
  int x = 0;
#pragma omp parallel
  {
    out[omp_get_thread_num()] = x; // expected-warning {{'x' is written by one thread (in 'single', 'master' or 'masked') and read by the others}}
#pragma omp master
    x = compute(1);
  }
}

void read_before_barrier_master(int *out) {
  int x = 0;
#pragma omp parallel
  {
    out[omp_get_thread_num()] = x;
#pragma omp barrier
#pragma omp master
    x = compute(1);
  }
}
