// One input, three front ends (plugin, clang-tidy, CLI), one expectation:
// privateer-threadid-index.
// RUN: rm -rf %t && mkdir -p %t/plugin %t/tidy %t/cli
// RUN: %strip-checks %s > %t/plugin/in.c && cp %t/plugin/in.c %t/tidy/in.c && cp %t/plugin/in.c %t/cli/in.c
// RUN: %clang -fopenmp -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-fix -fplugin-arg-privateer-report-may %t/plugin/in.c 2>&1 | %findings > %t/plugin.txt
// RUN: %tidy --checks=-*,privateer-* --config='{CheckOptions: {ReportMay: true}}' --fix %t/tidy/in.c -- -fopenmp 2>&1 | %findings > %t/tidy.txt
// RUN: not %privateer --fix --report-may %t/cli/in.c -- -fopenmp 2>&1 | %findings > %t/cli.txt
// RUN: FileCheck %s --input-file=%t/plugin.txt
// RUN: diff %t/plugin.txt %t/tidy.txt
// RUN: diff %t/plugin.txt %t/cli.txt
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/plugin/in.c
// RUN: diff %t/plugin/in.c %t/tidy/in.c
// RUN: diff %t/plugin/in.c %t/cli/in.c
#include <omp.h>
long hits[64];
void counters(int n, const int *x) {
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    for (int i = 0; i < n; i++)
      if (x[i] == t)
        hits[t]++;
  }
}
double part[8];
void small(const double *x) {
#pragma omp parallel num_threads(16)
  part[omp_get_thread_num()] = x[0];
}
// CHECK: in.c:11:9: warning: 'hits' has 64 elements but is indexed by the thread number, and the team of this 'omp parallel' may have more threads (OMP_NUM_THREADS, the number of cores) [privateer-threadid-index]
// CHECK: in.c:11:9: warning: threads write 'hits[t]' in a loop, and 8 slots of 8 bytes share each 64-byte cache line
// CHECK: in.c:11:9: note: threads 0 and 1 write 'hits[0]' and 'hits[1]' in one 64-byte line
// CHECK: in.c:17:3: warning: 'part' has 8 elements but is indexed by the thread number, and 'num_threads(16)' makes thread 8 access past its end [privateer-threadid-index]
// FIXED: long privateer_hits_11 = hits[t];
// FIXED: privateer_hits_11++;
// FIXED-NEXT: hits[t] = privateer_hits_11;
