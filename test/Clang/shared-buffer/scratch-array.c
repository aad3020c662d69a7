// A fixed-size array declared before a parallel loop and reused as a
// per-iteration temporary: every iteration overwrites it.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#define N 32

void scratch_row(int n, double *out, const double *in) {
  double row[N];
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < N; j++)
      row[j] = in[i] * j; // expected-warning {{shared buffer 'row' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]}}
    double s = 0;
    for (int j = 0; j < N; j++)
      s += row[j];
    out[i] = s;
  }
}

void private_row(int n, double *out, const double *in) {
  double row[N];
#pragma omp parallel for private(row)
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < N; j++)
      row[j] = in[i] * j;
    out[i] = row[N - 1];
  }
}

void local_row(int n, double *out, const double *in) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double row[N];
    for (int j = 0; j < N; j++)
      row[j] = in[i] * j;
    out[i] = row[N - 1];
  }
}

void firstprivate_row(int n, double *out, const double *in) {
  double row[N] = {0};
#pragma omp parallel for firstprivate(row)
  for (int i = 0; i < n; i++) {
    row[i % N] += in[i];
    out[i] = row[0];
  }
}

void thread_private_in_region(int n, double *out, const double *in) {
#pragma omp parallel
  {
    double row[N]; // one per thread: the loop's iterations on a thread share it
#pragma omp for
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < N; j++)
        row[j] = in[i] * j;
      out[i] = row[3];
    }
  }
}

void shared_row_in_region(int n, double *out, const double *in) {
  double row[N];
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++) {
      for (int j = 0; j < N; j++)
        row[j] = in[i] * j; // expected-warning {{shared buffer 'row' is scratch}}
      out[i] = row[3];
    }
  }
}
