// OpenMP 5 range-based for loops as the parallel loop over a std::vector: the
// element reference is private to its iteration; state declared outside is not.
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <vector>

void scale_in_place(std::vector<double> &v) {
#pragma omp parallel for
  for (auto &x : v)
    x *= 2;
}

void clamp_in_place(std::vector<int> &v, int lo, int hi) {
#pragma omp parallel for
  for (int &x : v) {
    int y = x < lo ? lo : x;
    x = y > hi ? hi : y;
  }
}

double range_reduction(const std::vector<double> &v) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (const double &x : v)
    s += x;
  return s;
}

double range_shared_sum(const std::vector<double> &v) {
  double s = 0;
#pragma omp parallel for
  for (double x : v)
    s += x; // expected-warning {{'s' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]}}
  return s;
}

void range_shared_scratch(std::vector<std::vector<double>> &rows, int m) {
  std::vector<double> tmp(m);
#pragma omp parallel for
  for (auto &row : rows) {
    for (int j = 0; j < m; j++)
      tmp[j] = row[j] * row[j]; // expected-warning {{shared buffer 'tmp' is scratch}}
    for (int j = 0; j < m; j++)
      row[j] = tmp[m - 1 - j];
  }
}

void range_local_scratch(std::vector<std::vector<double>> &rows, int m) {
#pragma omp parallel for
  for (auto &row : rows) {
    std::vector<double> tmp(m);
    for (int j = 0; j < m; j++)
      tmp[j] = row[j] * row[j];
    for (int j = 0; j < m; j++)
      row[j] = tmp[m - 1 - j];
  }
}

void range_inner_loop_over_row(std::vector<std::vector<double>> &rows) {
#pragma omp parallel for
  for (auto &row : rows)
    for (auto &e : row)
      e += 1.0;
}
