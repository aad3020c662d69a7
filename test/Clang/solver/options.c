// The solver's options: a short timeout never turns a hard disjoint pair into
// a report, bad values are errors, and the stats line has a fixed format.
// (1 ms is in timeout-1ms.c: z3 4.8.12 can deadlock there.)
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note -fplugin-arg-privateer-solver-timeout-ms=50 %s
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note -fplugin-arg-privateer-solver-timeout-ms=60000 %s
// RUN: %cc -fplugin-arg-privateer-solver-timeout-ms=50 -fplugin-arg-privateer-stats %s 2>&1 | FileCheck %s --check-prefix=STATS --implicit-check-not=warning:
// RUN: %cc -fplugin-arg-privateer-stats -DRACY %s 2>&1 | FileCheck %s --check-prefix=RACY
// RUN: %cc -fplugin-arg-privateer-stats -DNOTHING %s 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: %cc -fplugin-arg-privateer-stats -DPATTERNS %s 2>&1 | FileCheck %s --check-prefix=PATTERNS
// RUN: %cc -fplugin-arg-privateer-stats -DOPAQUE %s 2>&1 | FileCheck %s --check-prefix=OPAQUE --implicit-check-not=warning:
// RUN: %cc -fplugin-arg-privateer-stats -fplugin-arg-privateer-report-may -DOPAQUE %s 2>&1 | FileCheck %s --check-prefix=OPAQUEMAY
// RUN: not %cc -fplugin-arg-privateer-solver-timeout-ms=0 %s 2>&1 | FileCheck %s --check-prefix=BAD0
// RUN: not %cc -fplugin-arg-privateer-solver-timeout-ms=abc %s 2>&1 | FileCheck %s --check-prefix=BADABC
// RUN: not %cc -fplugin-arg-privateer-solver-timeout-ms= %s 2>&1 | FileCheck %s --check-prefix=BADEMPTY
// RUN: not %cc -fplugin-arg-privateer-solver-timeout-ms=-5 %s 2>&1 | FileCheck %s --check-prefix=BADNEG
// RUN: not %cc -fplugin-arg-privateer-solver-timeout-ms=60001 %s 2>&1 | FileCheck %s --check-prefix=BADBIG
// RUN: not %cc -fplugin-arg-privateer-solver-timeout-ms=10ms %s 2>&1 | FileCheck %s --check-prefix=BADUNIT
// RUN: not %cc -fplugin-arg-privateer-solver-timeout-ms %s 2>&1 | FileCheck %s --check-prefix=NOVALUE
// RUN: not %cc -fplugin-arg-privateer-stats=1 %s 2>&1 | FileCheck %s --check-prefix=STATSVALUE

// BAD0: error: privateer: invalid solver-timeout-ms '0': expected milliseconds between 1 and 60000
// BADABC: error: privateer: invalid solver-timeout-ms 'abc': expected milliseconds between 1 and 60000
// BADEMPTY: error: privateer: invalid solver-timeout-ms '': expected milliseconds between 1 and 60000
// BADNEG: error: privateer: invalid solver-timeout-ms '-5': expected milliseconds between 1 and 60000
// BADBIG: error: privateer: invalid solver-timeout-ms '60001': expected milliseconds between 1 and 60000
// BADUNIT: error: privateer: invalid solver-timeout-ms '10ms': expected milliseconds between 1 and 60000
// NOVALUE: error: privateer: unknown option 'solver-timeout-ms'; privateer's options are: {{.*}}solver-timeout-ms=<ms>, {{.*}}stats
// STATSVALUE: error: privateer: unknown option 'stats=1'

// With a 50 ms limit the nonlinear proofs time out: unknown, never a report.
// STATS: privateer stats: {{[0-9]+}} index pairs decided by patterns, {{[1-9][0-9]*}} solver queries (0 sat, {{[0-9]+}} unsat, {{[0-9]+}} unknown), {{[0-9]+}} cache hits, {{[0-9]+}} skipped, {{[0-9]+}} ms and {{[1-9][0-9]*}} resource units in the solver{{$}}

// Nothing to analyse: all zeros.
// EMPTY: privateer stats: 0 index pairs decided by patterns, 0 solver queries (0 sat, 0 unsat, 0 unknown), 0 cache hits, 0 skipped, 0 ms and 0 resource units in the solver{{$}}
// EMPTY-NOT: warning:

// Pattern-only answers leave the solver idle (two writes: four ordered pairs).
// PATTERNS: privateer stats: 4 index pairs decided by patterns, 0 solver queries (0 sat, 0 unsat, 0 unknown), 0 cache hits, 0 skipped, 0 ms and 0 resource units in the solver{{$}}
// PATTERNS-NOT: warning:

// An index loaded from memory is not sent to the solver; the finding is
// unproven ("may"), held back unless report-may asks for it.
// OPAQUE: privateer stats: 0 index pairs decided by patterns, 0 solver queries (0 sat, 0 unsat, 0 unknown), 0 cache hits, 1 skipped, 0 ms and 0 resource units in the solver{{$}}
// OPAQUE-NEXT: privateer: 1 unproven ('may') finding held back (report-may shows them)
// OPAQUEMAY: privateer stats: 0 index pairs decided by patterns, 0 solver queries (0 sat, 0 unsat, 0 unknown), 0 cache hits, 1 skipped, 0 ms and 0 resource units in the solver{{$}}
// OPAQUEMAY-NOT: held back
// OPAQUEMAY: warning: iterations can update 'h' at the same element

// A solver-found collision counts as sat.
// RACY: privateer stats: 0 index pairs decided by patterns, 1 solver queries (1 sat, 0 unsat, 0 unknown), 0 cache hits, 0 skipped, {{[0-9]+}} ms and {{[1-9][0-9]*}} resource units in the solver{{$}}
// RACY: warning: 'a' is written by every iteration at the same element
// RACY: note: iterations i=0 and i=1 both write 'a[1]' (with n=2, m=1)

#if defined(RACY)
void rows_overlap(int n, int m, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= m; j++)
      a[i * m + j] = 0;
}
#elif defined(NOTHING)
int nothing(int x) { return x + 1; }
#elif defined(PATTERNS)
void stride_pairs(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    a[2 * i] = 0;
    a[2 * i + 1] = 1;
  }
}
#elif defined(OPAQUE)
void histogram(int n, const int *key, int *h) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    h[key[i]]++;
}
#else
// expected-no-diagnostics

// Disjoint pairs that only the solver proves, some of them hard (nonlinear):
// with any timeout they stay silent.
void swap_mirrored(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n / 2; i++) {
    double t = a[i];
    a[i] = a[n - 1 - i];
    a[n - 1 - i] = t;
  }
}

void packed_lower(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= i; j++)
      a[i * (i + 1) / 2 + j] = i + j;
}

void squares(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i * i] = i;
}

void lower_triangle(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++)
      a[i * n + j] = 0;
}

void row_from_one(int n, int m, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 1; j <= m; j++)
      a[i * m + j] = 0;
}

void transpose_upper(double *a) {
#pragma omp parallel for
  for (int i = 0; i < 16; i++)
    for (int j = i + 1; j < 16; j++) {
      double t = a[i * 16 + j];
      a[i * 16 + j] = a[j * 16 + i];
      a[j * 16 + i] = t;
    }
}
#endif
