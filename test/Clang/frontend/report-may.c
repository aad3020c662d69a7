// Unproven findings ("may") are held back by default in every front end,
// counted, and shown with report-may (plugin), ReportMay (.clang-tidy) or
// --report-may (CLI). Proven races are reported either way.
// RUN: rm -rf %t && mkdir -p %t && %strip-checks %s > %t/in.c
// RUN: %cc -fplugin-arg-privateer-stats %t/in.c 2>&1 | FileCheck %s --check-prefixes=PROVEN,HELD --implicit-check-not=warning:
// RUN: %cc -fplugin-arg-privateer-report-may %t/in.c 2>&1 | FileCheck %s --check-prefixes=PROVEN,MAY
// RUN: %tidy --checks=-*,privateer-* %t/in.c -- -fopenmp 2>&1 | FileCheck %s --check-prefix=PROVEN --implicit-check-not='warning:'
// RUN: %tidy --checks=-*,privateer-* --config='{CheckOptions: {ReportMay: true}}' %t/in.c -- -fopenmp 2>&1 | FileCheck %s --check-prefixes=PROVEN,MAY
// RUN: %tidy --checks=-*,privateer-* --config='{CheckOptions: {ReportMay: false}}' %t/in.c -- -fopenmp 2>&1 | FileCheck %s --check-prefix=PROVEN --implicit-check-not='warning:'
// RUN: not %privateer %t/in.c -- -fopenmp 2>&1 | FileCheck %s --check-prefixes=PROVEN,CLIHELD --implicit-check-not=warning:
// RUN: not %privateer --report-may %t/in.c -- -fopenmp 2>&1 | FileCheck %s --check-prefixes=PROVEN,MAY,CLIALL
// A file with only an unproven finding passes CI by default.
// RUN: %strip-checks %s | sed -e '/BEGIN PROVEN/,/END PROVEN/d' > %t/only-may.c
// RUN: %privateer %t/only-may.c -- -fopenmp 2>&1 | FileCheck %s --check-prefix=ONLYMAY

// HELD: privateer: 1 unproven ('may') finding held back (report-may shows them)
// PROVEN: warning: 's' is updated by every iteration without a reduction
// MAY: warning: iterations can update 'h' at the same element without synchronization; concurrent updates may be lost
// CLIHELD: privateer: 1 translation unit, 1 finding, 1 unproven ('may') held back (--report-may shows them)
// CLIALL: privateer: 1 translation unit, 2 findings{{$}}
// ONLYMAY: privateer: 1 translation unit, 0 findings, 1 unproven ('may') held back (--report-may shows them)

// BEGIN PROVEN
double sum(int n, const double *x) {
  double s = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
}
// END PROVEN

// Whether two iterations load one key is up to the data.
void histogram(int n, const int *key, int *h) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    h[key[i]]++;
}
