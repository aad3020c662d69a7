// Microsoft's __assume(e) (clang-cl, -fms-extensions) states e as
// __builtin_assume does (see stated-facts.c): the copy a[i] = a[i + k]
// reads nothing another iteration writes once k >= n. A fact about another
// variable, or one whose variable changes before the construct, says
// nothing about k.
// RUN: %cc -fms-extensions -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

void ms_assume(int n, int k, double *a) {
  __assume(k >= n);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + k];
}

void ms_assume_other(int n, int k, int m, double *a) {
  __assume(m >= n);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + k]; // expected-warning {{'a' is written by one iteration and read by another}}
}

void ms_assume_then_changed(int n, int k, double *a) {
  __assume(k >= n);
  k = 1;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + k]; // expected-warning {{'a' is written by one iteration and read by another}}
}

void no_fact(int n, int k, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + k]; // expected-warning {{'a' is written by one iteration and read by another}}
}
