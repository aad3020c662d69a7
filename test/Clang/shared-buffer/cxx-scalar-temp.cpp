// Scalars declared before an OpenMP loop and used as per-iteration temporaries
// or flags (shared, so a race), against private/lastprivate clauses, locals,
// and writes made by one iteration only.
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <cmath>
#include <vector>

void shared_temp(int n, std::vector<double> &out, const std::vector<double> &x) {
  double t;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    t = x[i] * x[i]; // expected-warning {{shared buffer 't' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]}}
    out[i] = std::sqrt(t + 1.0);
  }
}

void shared_inner_index(int n, int m, std::vector<double> &a) {
  int j; // C-style declaration of the inner loop variable: shared in C++ too
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (j = 0; j < m; j++) // expected-warning {{shared buffer 'j' is scratch}}
      a[i * m + j] = 0.0;
}

void shared_flag(int n, const std::vector<int> &x, bool &found) {
  bool hit = false;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (x[i] == 7)
      hit = true; // every store writes true: privateer-same-value-store's
  found = hit;
}

void pointer_to_total(int n, const std::vector<double> &x, double &res) {
  double total = 0;
  double *p = &total;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    *p += x[i]; // expected-warning {{is updated by every iteration without a reduction}}
  res = total;
}

void private_temp(int n, std::vector<double> &out, const std::vector<double> &x) {
  double t;
#pragma omp parallel for private(t)
  for (int i = 0; i < n; i++) {
    t = x[i] * x[i];
    out[i] = std::sqrt(t + 1.0);
  }
}

void private_inner_index(int n, int m, std::vector<double> &a) {
  int j;
#pragma omp parallel for private(j)
  for (int i = 0; i < n; i++)
    for (j = 0; j < m; j++)
      a[i * m + j] = 0.0;
}

void lastprivate_temp(int n, std::vector<double> &out, double &last) {
  double t;
#pragma omp parallel for lastprivate(t)
  for (int i = 0; i < n; i++) {
    t = i * 2.0;
    out[i] = t;
  }
  last = t;
}

void first_iteration_only(int n, const std::vector<int> &x, bool &flag) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (i == 0)
      flag = x[i] > 0;
}

void read_only_scalars(int n, std::vector<double> &out, const std::vector<double> &x) {
  double scale = 2.0, shift = 0.5;
  int stride = 3;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = scale * x[(i * stride) % n] + shift;
}
