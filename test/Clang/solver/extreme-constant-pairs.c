// Index pairs whose constants are at the ends of the 64-bit range. The
// oracle's arithmetic on them used to trap (`INT64_MIN % -1`: SIGFPE, clang
// crashed); overflow is now unknown, and the solver decides. Every index
// variable is a 64-bit integer, so a collision that needs an iteration 2^63
// after another does not exist: such pairs are silent. Pairs that collide
// within the range are still reported.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc -fplugin-arg-privateer-stats %s 2>&1 | FileCheck %s
// CHECK-NOT: Stack dump
// CHECK: privateer stats:
#define MIN64 (-9223372036854775807L - 1)
#define MAX64 9223372036854775807L
long *p;

// The acceptance case: -i + INT64_MIN and -i differ by 2^63.
void differ_by_min(long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    p[-i + MIN64] = p[-i];
}

// 2^62 - i and -2^62 - i: the difference of the constants overflows.
void difference_overflows(long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    p[4611686018427387904L - i] = p[-4611686018427387904L - i];
}

// The first iteration alone writes p[INT64_MIN]: the others would need
// i = 2^63 to read it.
void pinned_to_the_first(long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) {
    if (i == 0)
      p[-i + MIN64] = 1;
    p[-i] += 2;
  }
}

// A step of 2^63 (INT64_MIN as a 64-bit pattern) has no magnitude in the
// model: not a loop shape it knows, and no crash.
void step_of_2_63(unsigned long n) {
#pragma omp parallel for
  for (unsigned long i = 0; i < n; i += 9223372036854775808UL)
    p[i] = 1;
}

// Next to each other at the bottom of the range: a carried dependence.
void neighbours_at_the_bottom(long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    p[i + MIN64] = p[i + MIN64 + 1]; // expected-warning {{'p' is written by one iteration and read by another: the loop carries a dependence and is not parallel as written [privateer-shared-buffer]}}
}

// Three apart at the top of the range, counted downwards.
void three_apart_at_the_top(long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    p[MAX64 - i] = p[MAX64 - i - 3]; // expected-warning {{'p' is written by one iteration and read by another: the loop carries a dependence and is not parallel as written [privateer-shared-buffer]}}
}
