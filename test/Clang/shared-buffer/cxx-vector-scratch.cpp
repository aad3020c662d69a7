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

void shared_sorted_copy(int n, std::vector<double> &med, const std::vector<std::vector<double>> &rows) {
  std::vector<double> row;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    row = rows[i]; // expected-warning {{shared buffer 'row' is scratch}}
    std::sort(row.begin(), row.end());
    med[i] = row[row.size() / 2];
  }
}

void shared_copy_window(int n, std::vector<double> &out, const std::vector<double> &x) {
  std::vector<double> win(8);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    std::copy(x.begin() + i, x.begin() + i + 8, win.begin()); // expected-warning {{shared buffer 'win' is scratch}}
    out[i] = win[0] + win[7];
  }
}

void shared_row_range_for(int n, std::vector<double> &out) {
  std::vector<double> row(8);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (double &e : row)
      e = i; // expected-warning {{shared buffer 'row' is scratch}}
    out[i] = row[0];
  }
}

void shared_row_iterator(int n, std::vector<double> &out) {
  std::vector<double> row(8);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (auto it = row.begin(); it != row.end(); ++it)
      *it = i; // expected-warning {{shared buffer 'row' is scratch}}
    out[i] = row[0];
  }
}

void shared_row_data(int n, std::vector<double> &out) {
  std::vector<double> row(8);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *p = row.data();
    for (int j = 0; j < 8; j++)
      p[j] = i + j; // expected-warning {{shared buffer 'row' is scratch}}
    out[i] = p[7];
  }
}

void shared_pair_front_back(int n, std::vector<double> &out) {
  std::vector<double> pair(2);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    pair.front() = i; // expected-warning {{shared buffer 'pair' is scratch}}
    pair.back() = 2.0 * i;
    out[i] = pair.front() + pair.back();
  }
}

void time_steps(int steps, int n, std::vector<double> &out) {
  for (int s = 0; s < steps; s++) {
    std::vector<double> tmp(4); // one per time step, shared by the inner parallel loop
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < 4; j++)
        tmp[j] = s + i + j; // expected-warning {{shared buffer 'tmp' is scratch}}
      out[i] += tmp[3];
    }
  }
}

void own_element_iterator_loop(std::vector<double> &v) {
#pragma omp parallel for
  for (auto it = v.begin(); it < v.end(); ++it)
    *it *= 2.0;
}

void own_element_data(int n, std::vector<double> &v) {
  double *p = v.data();
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    p[i] = i;
}

void own_element_dynamic(int n, std::vector<double> &out, const std::vector<double> &x) {
#pragma omp parallel for schedule(dynamic, 16)
  for (int i = 0; i < n; i++) {
    std::vector<double> tmp(x.begin(), x.begin() + (i % 8) + 1);
    out[i] = tmp.back();
  }
}
