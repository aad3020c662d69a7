// A test that leaves the rest of a block (`if (c) continue;`, break,
// return, or a block that ends in one) holds negated on the rest of it:
// after `if (i != 0) continue;` only iteration 0 writes. A condition that
// many iterations pass (i % 2 == 0, data) leaves the race; a label or case
// further on, where control enters without the test, ends the fact.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

void only_first(int n, int *x) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    if (i != 0)
      continue;
    *x = 1;
  }
}

void only_first_block(int n, int *x) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    if (i > 0) {
      x[1] = 0; // expected-warning {{'x' is written by every iteration}}
      continue;
    }
    *x = i;
  }
}

void evens(int n, int *x) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    if (i % 2)
      continue;
    *x = i; // expected-warning {{'x' is written by every iteration}}
  }
}

void matches(int n, const int *key, int k, int *x) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    if (key[i] != k)
      continue;
    *x = i; // expected-warning {{'x' is written by every iteration}}
  }
}

void label_after(int n, int *x) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    if (i != 0)
      goto store;
    ;
  store:
    *x = i; // expected-warning {{'x' is written by every iteration}}
  }
}

void case_after(int n, int *x) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    switch (i % 3) {
    case 0:
      if (i != 0)
        break;
      ;
    case 1:
      *x = i; // expected-warning {{'x' is written by every iteration}}
      break;
    default:
      break;
    }
  }
}
