// -fplugin-arg-privateer-werror turns privateer's warnings into errors and
// fails the compile; without it the compile succeeds with a warning.
// RUN: not %cc -fplugin-arg-privateer-werror %s 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: %cc %s 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %cc -fplugin-arg-privateer-werror -fplugin-arg-privateer-checks=-* %s 2>&1 | FileCheck %s --check-prefix=OFF --implicit-check-not=error:
// OFF: warning: privateer: no checks enabled
// ERR: werror.c:[[@LINE+11]]:5: error: 'sum' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]
// ERR: 1 error generated.
// WARN: werror.c:[[@LINE+9]]:5: warning: 'sum' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]
// WARN: 1 warning generated.

double f(int);

double racy_sum(int n) {
  double sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    sum += f(i);
  return sum;
}
