// C++23 multidimensional and empty subscript operators (`m[i, j]`, `e[]`)
// are indexed like arrays of one dimension per index. They used to recurse
// without end (a crash on any file that used them).
// RUN: %clangxx -std=c++23 -fopenmp -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-checks=-*,privateer-shared-buffer -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

struct Matrix {
  double d[64];
  double &operator[](int i, int j) { return d[i * 8 + j]; }
};
struct Defaulted {
  double d[64];
  double &operator[](int i, int j = 0) { return d[i * 8 + j]; }
};
struct Cell {
  double d[1];
  double &operator[]() { return d[0]; }
};

void rows(Matrix &m, Defaulted &r, int n) {
  // Each iteration its own row: disjoint.
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < 8; j++)
      m[i, j] = i + j;
    r[i] = i;
  }
}

void same_cell(Matrix &m, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    m[0, i % 2] = i; // expected-warning {{'m' is written by every iteration at the same element without synchronization [privateer-shared-buffer]}}
}

void empty_subscript(Cell &c, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    c[] = i; // expected-warning {{'c' is written by every iteration at the same element without synchronization [privateer-shared-buffer]}}
}

double read_only(Matrix &m, int n) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += m[i % 8, 0];
  return s;
}
