// Rewrites that would have changed results or broken the build, found by
// review: each is declined (or made safe), and the rewritten file still
// compiles.
// RUN: %verify-setup
// RUN: %cc -I%privateer_include -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: %clang -x c -fopenmp -fsyntax-only -Werror=implicit-function-declaration %t/in.c
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

// A case reached by falling through, or a loop that may run zero times,
// does not pass the write before the read: no scratch, no private(t).
int fallthrough(const int *a, int *out) {
  int t = 0;
#pragma omp parallel for
  for (int i = 0; i < 100; i++) {
    switch (a[i]) {
    case 0:
      t = i * 2;
      /* fallthrough */
    case 1:
      out[i] = t;
      break;
    default:
      out[i] = 0;
    }
  }
  return t;
}

int zero_trip(const int *a, int *out) {
  int t = 0;
#pragma omp parallel for
  for (int i = 0; i < 100; i++) {
    if (a[i] > 0) {
      for (int j = 0; j < a[i] % 3; j++)
        t = j + i;
      out[i] = t;
    } else
      out[i] = 0;
  }
  return 0;
}

// The slot escapes through a pointer that a callee uses: no local
// accumulator.
static long *slot[8];
static void bump(int t) { *slot[t] += 2; }
long escaped(const int *x) {
  long mine[8] = {0};
  for (int t = 0; t < 8; t++)
    slot[t] = &mine[t];
#pragma omp parallel num_threads(8)
  {
    int t = omp_get_thread_num();
    for (int i = t; i < 100000; i += 8) {
      mine[t] += x[i];
      bump(t);
    }
  }
  return mine[0];
}

// An update under '?:' is not taken out of it; two updates in one
// statement are not captured; two statements on one line get two names.
void counters(const int *x, int *a, int *b, int *c) {
  int n = 0, m = 0, k = 0;
#pragma omp parallel for
  for (int i = 0; i < 1000; i++)
    x[i] % 2 ? (c[k++] = x[i]) : 0;
#pragma omp parallel for
  for (int i = 0; i < 1000; i++)
    a[n++] = b[m++] + x[i];
  int p = 0, q = 0;
#pragma omp parallel for
  for (int i = 0; i < 1000; i++) {
    // clang-format off
    a[p++] = x[i]; b[q++] = x[i];
    // clang-format on
  }
}

// Padding: a name that shares its declaration, or is declared twice.
extern long twice[64];
long twice[64];
long shared_decl(void) {
  long other[64], part[64];
  for (int t = 0; t < 64; t++)
    other[t] = part[t] = 0;
#pragma omp parallel for
  for (int i = 0; i < 100000; i++) {
    part[omp_get_thread_num()] += i;
    twice[omp_get_thread_num()] += i;
  }
  return other[0] + part[0] + twice[0];
}

// A split needs a '#pragma': _Pragma keeps its loop.
void pragma_split(int n, double *out) {
  _Pragma("omp parallel for schedule(static)")
  for (int i = 0; i < n; i++) {
    double *t = malloc(8 * sizeof *t);
    for (int k = 0; k < 8; k++)
      t[k] = i + k;
    out[i] = t[7];
    free(t);
  }
}

// Read again by the next round of an enclosing loop: the value left by the
// loop is used, so lastprivate, not private.
double next_round(const double *a, double *b) {
  double t = -1;
  for (int rep = 0; rep < 3; rep++) {
    b[0] = t;
#pragma omp parallel for
    for (int i = 0; i < 100; i++) {
      t = a[i] * 2 + rep;
      b[i] += t + 1;
    }
  }
  return b[0];
}

// A nonmonotonic dynamic schedule loses lastprivate values in libomp.
double dynamic_last(const double *a, double *b) {
  double t = 0;
#pragma omp parallel for schedule(dynamic)
  for (int i = 0; i < 100; i++) {
    t = a[i] * 2;
    b[i] = t;
  }
  return t;
}
// DIAG-NOT: 't' is scratch
// DIAG: warning: threads write 'mine[t]' in a loop
// DIAG: note: no automatic fix: the loop uses the buffer otherwise, changes the slot's index, or calls code that could reach the buffer
// DIAG: warning: shared counter 'k'
// DIAG: note: no automatic fix: the append is not a statement 'q[n++] = v;' of its own
// DIAG: warning: shared counter 'n'
// DIAG: note: no automatic fix: the statement makes more than one update
// DIAG: warning: threads write 'part[omp_get_thread_num()]' in a loop
// DIAG: note: no automatic fix: the declaration declares more than one name
// DIAG: warning: threads write 'twice[omp_get_thread_num()]' in a loop
// DIAG: note: no automatic fix: 'twice' is declared more than once
// DIAG: warning: 't' (64 bytes) is allocated and freed in every iteration
// DIAG: note: no automatic fix: only a '#pragma omp' directive written in the code is split
// DIAG: warning: shared buffer 't' is scratch
// DIAG: warning: shared buffer 't' is scratch
// DIAG: note: no automatic fix: 'lastprivate(t)' would be exact, but LLVM's libomp can lose lastprivate values under a nonmonotonic 'schedule(dynamic)'
// FIXED-LABEL: int fallthrough(
// FIXED-NEXT:    int t = 0;
// FIXED-NEXT:  #pragma omp parallel for{{$}}
// FIXED-LABEL: int zero_trip(
// FIXED-NEXT:    int t = 0;
// FIXED-NEXT:  #pragma omp parallel for{{$}}
// FIXED-LABEL: long escaped(
// FIXED:         mine[t] += x[i];
// FIXED-LABEL: void counters(
// FIXED:         x[i] % 2 ? (c[k++] = x[i]) : 0;
// FIXED:         a[n++] = b[m++] + x[i];
// FIXED:         int privateer_slot_{{[0-9]+}};
// FIXED:         int privateer_slot_{{[0-9]+}}_{{[0-9]+}};
// FIXED-LABEL: long shared_decl(
// FIXED-NEXT:    long other[64], part[64];
// FIXED-LABEL: void pragma_split(
// FIXED-NEXT:    _Pragma("omp parallel for schedule(static)")
// FIXED-NEXT:    for (int i = 0; i < n; i++) {
// FIXED-NEXT:      double *t = malloc(8 * sizeof *t);
// FIXED-LABEL: double next_round(
// FIXED:       #pragma omp parallel for lastprivate(t){{$}}
// FIXED-LABEL: double dynamic_last(
// FIXED:       #pragma omp parallel for schedule(dynamic){{$}}
