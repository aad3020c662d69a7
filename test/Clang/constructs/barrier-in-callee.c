// A barrier in a function the team's code calls orders what comes before
// the call with what comes after it, two calls deep too. A call whose body
// is not visible here (another file, a pointer) may hold one: a race
// across it is only "may" (held back unless report-may is given), as is a
// race across a barrier that only some paths pass. The call's arguments
// are evaluated before any barrier in it.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc -fplugin-arg-privateer-report-may -Xclang -verify=expected,may -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc -fplugin-arg-privateer-report-may %s 2>&1 | FileCheck %s

#include <math.h>
#include <omp.h>
#include <stdlib.h>

void use(int);
void sync_elsewhere(int); // defined in another file

static void sync_here(void) {
#pragma omp barrier
}
static void sync_deep(int error) {
  sync_here();
  if (error)
    exit(EXIT_FAILURE);
}
static void bail_out(int error) {
  if (error)
    return;
#pragma omp barrier
}
static int square(int x) { return x * x; }
static void (*volatile sync_ptr)(int) = sync_deep;

void visible_callee(long *total) {
  int n = 0;
#pragma omp parallel
  {
#pragma omp master
    n = omp_get_num_threads();
    sync_here();
    total[omp_get_thread_num()] = 840 / n;
  }
}

void two_calls_deep(long *total) {
  int n = 0;
#pragma omp parallel
  {
#pragma omp master
    n = omp_get_num_threads();
    sync_deep(0);
    total[omp_get_thread_num()] = 840 / n;
  }
}

void unseen_callee(long *total) {
  int n = 0;
#pragma omp parallel
  {
#pragma omp master
    n = omp_get_num_threads();
    sync_elsewhere(0);
    total[omp_get_thread_num()] = 840 / n; // may-warning {{'n' is written by one thread (in 'single', 'master' or 'masked') and read by the others with no barrier known to lie between}}
  }
}
// CHECK: [[@LINE-3]]:{{.*}}note: a barrier may lie between the two accesses (in a function whose body is not visible here, or on some paths only): the race is not proven

void through_pointer(long *total) {
  int n = 0;
#pragma omp parallel
  {
#pragma omp master
    n = omp_get_num_threads();
    sync_ptr(0);
    total[omp_get_thread_num()] = 840 / n; // may-warning {{'n' is written by one thread}}
  }
}

// The argument is read before the call can wait.
void argument_of_unseen_callee(void) {
  int n = 0;
#pragma omp parallel
  {
#pragma omp master
    n = omp_get_num_threads();
    sync_elsewhere(n); // expected-warning {{'n' is written by one thread}}
  }
}

// Functions with no barrier, seen here or from the C library, order
// nothing.
void no_barrier_in_callees(long *total) {
  int n = 0;
#pragma omp parallel
  {
#pragma omp master
    n = omp_get_num_threads();
    total[omp_get_thread_num()] = square(3) + (long)sqrt(2.0);
    total[omp_get_thread_num()] += 840 / n; // expected-warning {{'n' is written by one thread}}
  }
}

// A barrier on one path only.
void callee_on_one_path(long *total, int c) {
  int n = 0;
#pragma omp parallel
  {
#pragma omp master
    n = omp_get_num_threads();
    if (c)
      sync_here();
    total[omp_get_thread_num()] = 840 / n; // may-warning {{'n' is written by one thread}}
  }
}

void callee_on_both_paths(long *total, int c) {
  int n = 0;
#pragma omp parallel
  {
#pragma omp master
    n = omp_get_num_threads();
    if (c)
      sync_here();
    else
      sync_deep(0);
    total[omp_get_thread_num()] = 840 / n;
  }
}

// After an early return in the callee, some paths skip its barrier.
void barrier_after_return(long *total, int error) {
  int n = 0;
#pragma omp parallel
  {
#pragma omp master
    n = omp_get_num_threads();
    bail_out(error);
    total[omp_get_thread_num()] = 840 / n; // may-warning {{'n' is written by one thread}}
  }
}

// A loop that surely runs passes its barrier; one that may not run may not.
void barrier_in_loops(long *total, int steps) {
  int n = 0, m = 0;
#pragma omp parallel
  {
#pragma omp master
    n = omp_get_num_threads();
    for (int s = 0; s < 4; s++)
      sync_here();
    total[omp_get_thread_num()] = 840 / n;
#pragma omp master
    m = omp_get_num_threads();
    for (int s = 0; s < steps; s++)
      sync_here();
    total[omp_get_thread_num()] += 840 / m; // may-warning {{'m' is written by one thread}}
  }
}

// A barrier of a nested team orders only that team.
void nested_team_barrier(long *total) {
  int n = 0;
#pragma omp parallel
  {
#pragma omp master
    n = omp_get_num_threads();
#pragma omp parallel num_threads(2)
    {
#pragma omp barrier
    }
    total[omp_get_thread_num()] = 840 / n; // expected-warning {{'n' is written by one thread}}
  }
}

// What every thread writes races whatever may lie between.
void every_thread_writes(long *total) {
  int n = 0;
#pragma omp parallel
  {
    n = omp_get_thread_num(); // expected-warning {{shared buffer 'n' is scratch that every thread overwrites}}
    sync_elsewhere(0);
    total[omp_get_thread_num()] = n;
  }
}

// A branch or loop body that passes a barrier after the write on every way
// out of it orders the write before what follows (an iterative solver:
// 'omp for', then 'single' that swaps and measures, then a test that
// leaves the loop).
void solver_loop(double *a, double *b, int n, int steps, double *out) {
  double err = 0;
#pragma omp parallel
  {
    for (int it = 0; it < steps; it++) {
#pragma omp for
      for (int i = 1; i < n - 1; i++)
        b[i] = 0.5 * (a[i - 1] + a[i + 1]);
#pragma omp single
      {
        double *t = a;
        a = b;
        b = t;
        err = a[1];
      }
      if (err < 1e-6)
        break;
    }
    out[omp_get_thread_num()] = err;
  }
}

void single_on_one_path(double *out, int c) {
  double x = 0;
#pragma omp parallel
  {
    if (c) {
#pragma omp single
      x = 3;
    }
    out[omp_get_thread_num()] = x;
  }
}

// A way out before the barrier: only "may".
void leaves_before_barrier(double *out, const int *stop, int steps) {
  double err = 1;
#pragma omp parallel
  {
    for (int it = 0; it < steps; it++) {
      if (stop[it])
        break;
#pragma omp master
      err = err / 2;
#pragma omp barrier
    }
    out[omp_get_thread_num()] = err; // may-warning {{'err' is written by one thread}}
  }
}

void continues_before_barrier(double *out, int steps) {
  double x = 1;
#pragma omp parallel
  {
    for (int it = 0; it < steps; it++) {
#pragma omp master
      x = it;
      if (it % 2)
        continue;
      sync_here();
    }
    out[omp_get_thread_num()] = x; // may-warning {{'x' is written by one thread}}
  }
}

// The flag read at the top of an iteration and written by the master
// later in the same one, with no barrier between: a race (and threads may
// disagree on leaving the loop).
void flag_read_before_master_write(double *out, int steps) {
  double err = 1;
#pragma omp parallel
  {
    for (int it = 0; it < steps; it++) {
      if (err < 1e-6) // expected-warning {{'err' is written by one thread}}
        break;
#pragma omp master
      err = err / 2;
#pragma omp barrier
    }
    out[omp_get_thread_num()] = err;
  }
}

// Recursion without a barrier orders nothing; a barrier deeper than the
// calls the analysis follows (three) may be passed.
static long depth_sum(int d) { return d <= 0 ? 0 : d + depth_sum(d - 1); }
static void level5(void) { sync_here(); }
static void level4(void) { level5(); }
static void level3(void) { level4(); }
static void level2(void) { level3(); }
static void level1(void) { level2(); }

void recursive_callee(long *total) {
  int n = 0;
#pragma omp parallel
  {
#pragma omp master
    n = omp_get_num_threads();
    total[omp_get_thread_num()] = depth_sum(4);
    total[omp_get_thread_num()] += 840 / n; // expected-warning {{'n' is written by one thread}}
  }
}

void barrier_five_calls_deep(long *total) {
  int n = 0;
#pragma omp parallel
  {
#pragma omp master
    n = omp_get_num_threads();
    level1();
    total[omp_get_thread_num()] = 840 / n; // may-warning {{'n' is written by one thread}}
  }
}
