// Plugin options: -w silences, a checks filter of '-*' (or one that only
// turns checks off) runs nothing and warns that it does, and
// '-*,privateer-shared-buffer' (or a glob) keeps; an unknown option is an error.
// RUN: %cc -w %s 2>&1 | count 0
// RUN: %cc -fplugin-arg-privateer-checks=-* %s 2>&1 | FileCheck %s --check-prefix=NONE --implicit-check-not='[privateer-shared-buffer]'
// NONE: warning: privateer: no checks enabled: the check list '{{[^']*}}' turns every check off
// RUN: %cc -fplugin-arg-privateer-checks=-privateer-shared-buffer %s 2>&1 | FileCheck %s --check-prefix=NONE --implicit-check-not='[privateer-shared-buffer]'
// RUN: %cc -fplugin-arg-privateer-checks=-*,privateer-shared-buffer %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %cc -fplugin-arg-privateer-checks=-*,privateer-* %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %cc -fplugin-arg-privateer-cache-line=128 %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: not %cc -fplugin-arg-privateer-bogus %s 2>&1 | FileCheck %s --check-prefix=BOGUS
// RUN: not %cc -fplugin-arg-privateer-cache-line=abc %s 2>&1 | FileCheck %s --check-prefix=BADLINE
// CHECK: options.c:[[@LINE+10]]:5: warning: 'sum' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]
// BOGUS: error: privateer: unknown option 'bogus'
// BADLINE: error: privateer: invalid cache-line size 'abc'

double f(int);

double racy_sum(int n) {
  double sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    sum += f(i);
  return sum;
}
