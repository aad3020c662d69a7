// A NOLINTBEGIN without a matching end suppresses nothing (as in clang-tidy),
// and a NOLINTBEGIN/END mentioned in prose is not a block.
// RUN: %cc %s 2>&1 | FileCheck %s

double f(int);

double after_prose(int n) {
  double sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    sum += f(i);
  return sum;
}
// CHECK: nolint-unmatched.c:[[@LINE-3]]:5: warning: 'sum' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]
