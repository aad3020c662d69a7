// The lanes of a 'simd' loop (alone, or nested in a worksharing loop) are
// the work items of one thread: they share everything the thread has (its
// locals, what the loop around privatizes or reduces) except what the simd
// directive's own clauses privatize, and they race only through a value
// one lane writes and another reads or updates. A scalar each lane sets
// before reading it is the lane's register: silent. The finding speaks of
// SIMD lanes, and where the loop around reduces the variable, says that
// the 'simd' directive needs the reduction too.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc -fplugin-arg-privateer-checks=privateer-* %s 2>&1 | FileCheck %s --implicit-check-not=warning:

#include <omp.h>

double row_sums(int n, int m, const double *a) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++) {
#pragma omp simd
    for (int j = 0; j < m; j++)
      s += a[i * m + j]; // expected-warning {{'s' is updated by every SIMD lane without a reduction; concurrent updates are lost}}
  }
  return s;
}
// CHECK: simd-lanes.c:[[@LINE-4]]:7: warning: 's' is updated by every SIMD lane without a reduction
// CHECK: note: 's' is declared here, outside the SIMD loop, so all SIMD lanes share it
// CHECK: note: iterations j=0 and j=1 both update 's'
// CHECK: note: 's' is shared by this 'omp simd'; 's' is a reduction variable of the loop around, but that gives each thread one copy, which its SIMD lanes share: add 'reduction(+: s)' to the 'simd' directive

double alone(int m, const double *a) {
  double s = 0;
#pragma omp simd
  for (int j = 0; j < m; j++)
    s += a[j]; // expected-warning {{'s' is updated by every SIMD lane without a reduction}}
  return s;
}
// CHECK: simd-lanes.c:[[@LINE-3]]:5: warning: 's' is updated by every SIMD lane
// CHECK: note: 's' is shared by this 'omp simd'; use 'reduction(+: s)' on the directive

// A value carried from one lane to the next.
void shifted(int m, double *a) {
#pragma omp simd
  for (int j = 0; j < m - 1; j++)
    a[j + 1] = a[j] * 0.5; // expected-warning {{'a' is written by one iteration and read by another: the loop carries a dependence, and SIMD lanes run those iterations together}}
}
// CHECK: simd-lanes.c:[[@LINE-2]]:5: warning: 'a' is written by one iteration and read by another: the loop carries a dependence, and SIMD lanes run those iterations together

// Silent: lanes run in lockstep, so a lane reads a[j + 1] before the next
// lane writes it, as the sequential loop does (an anti-dependence).
void shifted_left(int m, double *a) {
#pragma omp simd
  for (int j = 0; j < m - 1; j++)
    a[j] = a[j + 1] * 0.5;
}

// Silent: the simd directive reduces, each lane has its element, a
// scalar every lane sets before it reads it, a local of the thread's
// iteration used as the lanes' scratch, the loop around's private.
double reduced(int n, int m, const double *a, double *out) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++) {
#pragma omp simd reduction(+ : s)
    for (int j = 0; j < m; j++)
      s += a[i * m + j];
  }
  double t, u;
#pragma omp parallel for private(t, u)
  for (int i = 0; i < n; i++) {
    double scale = a[i];
#pragma omp simd
    for (int j = 0; j < m; j++) {
      t = a[i * m + j];
      u = t * scale;
      out[i * m + j] = u + t;
    }
  }
  return s;
}

// Silent for the thread checks: the lanes of one thread share its number.
void by_thread(int m, double *slots, const double *a) {
#pragma omp parallel
  {
    int id = omp_get_thread_num();
#pragma omp simd
    for (int j = 0; j < m; j++)
      slots[id * m + j] = a[j];
  }
}
