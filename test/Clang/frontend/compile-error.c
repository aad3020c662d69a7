// A file with a compile error: only the error is reported, never a race,
// neither in the function with the error nor in a correct one beside it.
// The negative patterns name diagnostics, never a word that the file's own
// path (in the error line) can contain, such as the checkout's 'privateer'.
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
