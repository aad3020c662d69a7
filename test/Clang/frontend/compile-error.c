// A compile error: only the error is reported, never a race, in its function
// or beside it. (Not --implicit-check-not=privateer: the path may hold it.)
// RUN: not %cc %s 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=note: --implicit-check-not='[privateer-'
// CHECK: compile-error.c:[[@LINE+10]]:{{[0-9]+}}: error: use of undeclared identifier 'undeclared'

double f(int);

double racy_with_error(int n) {
  double sum = 0;
  double tmp[4];
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 4; k++)
      tmp[k] = f(i) + undeclared;
    sum += tmp[3];
  }
  return sum;
}

double racy_no_error(int n) {
  double sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    sum += f(i);
  return sum;
}
