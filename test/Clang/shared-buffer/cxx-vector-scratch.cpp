// A std::vector declared before an OpenMP loop and refilled by every iteration
// as a temporary (a row, a stencil window), against the per-iteration and
// firstprivate versions and vectors written at the iteration's own element.
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <algorithm>
#include <cstddef>
#include <vector>

void shared_row(int n, int m, std::vector<double> &out, const std::vector<double> &in) {
  std::vector<double> row(m);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      row[j] = in[i] * j; // expected-warning {{shared buffer 'row' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]}}
    double s = 0;
    for (int j = 0; j < m; j++)
      s += row[j];
    out[i] = s;
  }
}

void shared_row_at(int n, int m, std::vector<double> &out, const std::vector<double> &in) {
  std::vector<double> row(m);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      row.at(j) = in[i] + j; // expected-warning {{shared buffer 'row' is scratch that every iteration overwrites}}
    out[i] = row.at(m - 1);
  }
}

void shared_row_filled(int n, int m, std::vector<double> &out, const std::vector<double> &in) {
  std::vector<double> tmp(m);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    std::fill(tmp.begin(), tmp.end(), 0.0); // expected-warning {{shared buffer 'tmp' is scratch that every iteration overwrites}}
    for (int j = 0; j < m; j++)
      tmp[j] += in[i];
    out[i] = tmp[0];
  }
}

void shared_window(int n, std::vector<double> &out, const std::vector<double> &in) {
  std::vector<double> w(3);
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++) {
    w[0] = in[i - 1]; // expected-warning {{shared buffer 'w' is scratch}}
    w[1] = in[i];
    w[2] = in[i + 1];
    std::sort(w.begin(), w.end());
    out[i] = w[1];
  }
}

void local_row(int n, int m, std::vector<double> &out, const std::vector<double> &in) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    std::vector<double> row(m);
    for (int j = 0; j < m; j++)
      row[j] = in[i] * j;
    double s = 0;
    for (int j = 0; j < m; j++)
      s += row[j];
    out[i] = s;
  }
}

void firstprivate_row(int n, int m, std::vector<double> &out, const std::vector<double> &in) {
  std::vector<double> row(m);
#pragma omp parallel for firstprivate(row)
  for (int i = 0; i < n; i++) {
    std::fill(row.begin(), row.end(), 0.0);
    for (int j = 0; j < m; j++)
      row.at(j) = in[i] * j;
    out[i] = row[m - 1];
  }
}

void per_thread_row(int n, int m, std::vector<double> &out, const std::vector<double> &in) {
#pragma omp parallel
  {
    std::vector<double> row(m); // one per thread, reused by its iterations
#pragma omp for
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < m; j++)
        row[j] = in[i] * j;
      out[i] = row[m - 1];
    }
  }
}

std::vector<double> own_element(const std::vector<double> &in) {
  int n = static_cast<int>(in.size());
  std::vector<double> out(n);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = 2.0 * in[i];
  return out;
}

void own_element_at(std::vector<double> &out, const std::vector<double> &in) {
#pragma omp parallel for
  for (std::size_t i = 0; i < in.size(); i++)
    out.at(i) = in.at(i) * in.at(i);
}

void own_row_of_matrix(int n, int m, std::vector<double> &a, const std::vector<double> &x) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i * m + j] = x[i] * x[j];
}
