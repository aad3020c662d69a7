// Index pairs that no pattern decides and z3 must: proofs of disjointness
// and collisions, with the stats line showing the solver's answers.
// A generous timeout keeps the nonlinear proofs deterministic on a busy machine.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note -fplugin-arg-privateer-solver-timeout-ms=20000 %s
// RUN: %cc -fplugin-arg-privateer-stats -DONE=1 %s 2>&1 | FileCheck %s --check-prefix=SWAP
// RUN: %cc -fplugin-arg-privateer-stats -DONE=2 %s 2>&1 | FileCheck %s --check-prefix=UNSAT1
// RUN: %cc -fplugin-arg-privateer-stats -DONE=3 %s 2>&1 | FileCheck %s --check-prefix=TRANSPOSE
// RUN: %cc -fplugin-arg-privateer-stats -DONE=4 %s 2>&1 | FileCheck %s --check-prefix=UNSAT1
// RUN: %cc -fplugin-arg-privateer-stats -DONE=5 %s 2>&1 | FileCheck %s --check-prefix=UNSAT1
// RUN: %cc -fplugin-arg-privateer-stats -fplugin-arg-privateer-solver-timeout-ms=20000 -DONE=6 %s 2>&1 | FileCheck %s --check-prefix=UNSAT1
// RUN: %cc -fplugin-arg-privateer-stats -fplugin-arg-privateer-solver-timeout-ms=20000 -DONE=7 %s 2>&1 | FileCheck %s --check-prefix=UNSAT1
// RUN: %cc -fplugin-arg-privateer-stats -fplugin-arg-privateer-solver-timeout-ms=20000 -DONE=8 %s 2>&1 | FileCheck %s --check-prefix=UNSAT1
// RUN: %cc -fplugin-arg-privateer-stats -DONE=9 %s 2>&1 | FileCheck %s --check-prefix=SAT1
// RUN: %cc -fplugin-arg-privateer-stats -DONE=10 %s 2>&1 | FileCheck %s --check-prefix=SAT1
// RUN: %cc -fplugin-arg-privateer-stats -DONE=11 %s 2>&1 | FileCheck %s --check-prefix=SAT1
// RUN: %cc -fplugin-arg-privateer-stats -DONE=12 %s 2>&1 | FileCheck %s --check-prefix=UNSAT1

// Two solver proofs (a[i] against a[n-1-i], both ways), answered again from
// the cache for the second read/write pair; nothing reported.
// SWAP: privateer stats: {{[0-9]+}} index pairs decided by patterns, 2 solver queries (0 sat, 2 unsat, 0 unknown), 2 cache hits, 0 skipped,
// SWAP-NOT: warning:
// One query, proven disjoint.
// UNSAT1: privateer stats: {{[0-9]+}} index pairs decided by patterns, 1 solver queries (0 sat, 1 unsat, 0 unknown), 0 cache hits, 0 skipped,
// UNSAT1-NOT: warning:
// TRANSPOSE: privateer stats: {{[0-9]+}} index pairs decided by patterns, [[Q:[1-9][0-9]*]] solver queries (0 sat, [[Q]] unsat, 0 unknown)
// TRANSPOSE-NOT: warning:
// One query, a collision.
// SAT1: privateer stats: {{[0-9]+}} index pairs decided by patterns, 1 solver queries (1 sat, 0 unsat, 0 unknown)
// SAT1: warning:

#if !defined(ONE) || ONE == 1
// Swapping mirrored pairs, i < n/2: i and n-1-j never meet for i != j.
void swap_mirrored(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n / 2; i++) {
    double t = a[i];
    a[i] = a[n - 1 - i];
    a[n - 1 - i] = t;
  }
}
#endif

#if !defined(ONE) || ONE == 2
// Mirrored copy between halves: writes [n, 2n-1], reads [0, n-1].
void mirror_to_upper_half(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[2 * n - 1 - i] = a[i];
}
#endif

#if !defined(ONE) || ONE == 3
// In-place transpose of the strict upper triangle: iteration i owns the
// pairs (i, j) and (j, i) with j > i.
void transpose_upper(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < 16; i++)
    for (int j = i + 1; j < 16; j++) {
      double t = a[i * 16 + j];
      a[i * 16 + j] = a[j * 16 + i];
      a[j * 16 + i] = t;
    }
}
#endif

#if !defined(ONE) || ONE == 4
// i/2 over the even numbers.
void halve_even(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i += 2)
    a[i / 2] = i;
}
#endif

#if !defined(ONE) || ONE == 5
// Even elements from the front written, odd elements from the back read:
// 2*i == 2*(n-1-j) + 1 has no integer solution.
void even_from_odd_reversed(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[2 * i] = a[2 * (n - 1 - i) + 1];
}
#endif

#if !defined(ONE) || ONE == 6
// Packed lower-triangular storage: row i starts at i*(i+1)/2 and has i+1
// elements (nonlinear, injective).
void packed_lower(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      a[i * (i + 1) / 2 + j] = i + j;
}
#endif

#if !defined(ONE) || ONE == 7
// i*i is injective for i >= 0.
void squares(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i * i] = i;
}
#endif

#if !defined(ONE) || ONE == 8
// The strict lower triangle of a row-major n x n matrix: j < i < n.
void lower_triangle(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      a[i * n + j] = 0;
}
#endif

#if !defined(ONE) || ONE == 9
// In-place reversal.
void reverse(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[n - 1 - i]; // expected-warning {{'a' is written by one iteration and read by another}}
}
#endif

#if !defined(ONE) || ONE == 10
// A packed triangle whose rows are one element too long: i=1 j=2 and i=2 j=0
// both give 3.
void packed_lower_overlap(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i + 1; j++)
      a[i * (i + 1) / 2 + j] = 1; // expected-warning {{'a' is written by every iteration at the same element}}
}
#endif

#if !defined(ONE) || ONE == 11
// i*i over negative and positive i: -1 and 1 meet.
void squares_signed(int n, double *a) {
#pragma omp parallel for
  for (int i = -n; i < n; i++)
    a[i * i] = i; // expected-warning {{'a' is written by every iteration at the same element}}
}
#endif

#if !defined(ONE) || ONE == 12
// i*m: every iteration would write a[0] only if m == 0. A size that
// multiplies a loop variable is a stride, and strides are assumed non-zero
// (BLAS-style `y[i*incy]` must not be reported): silent.
void scaled(int n, int m, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i * m] = i;
}
#endif
