// std::vector loops that are not parallel as written (prefix sums, recurrences,
// stencils updated in place), against the same computations split into
// independent iterations.
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <vector>

void prefix_sum_in_place(std::vector<long> &a) {
  int n = static_cast<int>(a.size());
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    a[i] += a[i - 1]; // expected-warning {{'a' is written by one iteration and read by another: the loop carries a dependence and is not parallel as written [privateer-shared-buffer]}}
}

void in_place_stencil(std::vector<double> &u) {
  int n = static_cast<int>(u.size());
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    u[i] = 0.5 * (u[i - 1] + u[i + 1]); // expected-warning {{'u' is written by one iteration and read by another}}
}

void shift_left(std::vector<int> &a) {
  int n = static_cast<int>(a.size());
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    a[i] = a[i + 1]; // expected-warning {{'a' is written by one iteration and read by another}}
}

void all_write_first(std::vector<int> &a, const std::vector<int> &b) {
  int n = static_cast<int>(b.size());
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[0] = b[i]; // expected-warning {{'a' is written by every iteration at the same element without synchronization}}
}

void stencil_two_buffers(std::vector<double> &unew, const std::vector<double> &u) {
  int n = static_cast<int>(u.size());
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    unew[i] = 0.5 * (u[i - 1] + u[i + 1]);
}

void even_odd_halves(std::vector<double> &a) {
  int h = static_cast<int>(a.size()) / 2;
#pragma omp parallel for
  for (int i = 0; i < h; i++)
    a[2 * i] = a[2 * i + 1] * 2.0; // writes even, reads odd: disjoint
}

void swap_halves(std::vector<int> &a) {
  int h = static_cast<int>(a.size()) / 2;
#pragma omp parallel for
  for (int i = 0; i < h; i++) {
    int t = a[i];
    a[i] = a[i + h];
    a[i + h] = t;
  }
}

void transpose_out_of_place(int n, std::vector<double> &t, const std::vector<double> &m) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      t[j * n + i] = m[i * n + j];
}
