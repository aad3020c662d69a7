// Heap scratch owned by std::unique_ptr<double[]> (and std::make_unique) that
// is allocated once before an OpenMP loop and reused by every iteration,
// against the per-iteration and per-thread allocations.
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <memory>
#include <vector>

void shared_unique_buffer(int n, int m, std::vector<double> &out, const std::vector<double> &in) {
  std::unique_ptr<double[]> work(new double[m]);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      work[j] = in[i] - j; // expected-warning {{shared buffer 'work' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]}}
    out[i] = work[0] * work[m - 1];
  }
}

void shared_make_unique_raw(int n, int m, std::vector<double> &out, const std::vector<double> &in) {
  auto work = std::make_unique<double[]>(m);
  double *w = work.get();
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < m; j++)
      w[j] = in[i] * j; // expected-warning {{scratch}}
    out[i] = w[m / 2];
  }
}

void per_iteration_unique_buffer(int n, int m, std::vector<double> &out, const std::vector<double> &in) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    auto work = std::make_unique<double[]>(m);
    for (int j = 0; j < m; j++)
      work[j] = in[i] - j;
    out[i] = work[0] * work[m - 1];
  }
}

void per_thread_unique_buffer(int n, int m, std::vector<double> &out, const std::vector<double> &in) {
#pragma omp parallel
  {
    std::unique_ptr<double[]> work(new double[m]);
#pragma omp for
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < m; j++)
        work[j] = in[i] - j;
      out[i] = work[0] * work[m - 1];
    }
  }
}

void unique_output(int n, const double *in, std::unique_ptr<double[]> &out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = in[i] + 1.0;
}

void unique_slice_per_iteration(int n, int m, const double *in, double *out) {
  std::unique_ptr<double[]> work(new double[n * m]);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *mine = &work[i * m]; // each iteration owns its own slice
    for (int j = 0; j < m; j++)
      mine[j] = in[i] * j;
    out[i] = mine[m - 1];
  }
}
