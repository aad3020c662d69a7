// Data-sharing clauses and attributes: default(none) with shared(...),
// default(firstprivate), threadprivate, lastprivate, linear, ordered and collapse.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#define N 16

double f(int);

void default_none_shared(double *out, int n) {
  double tmp;
#pragma omp parallel for default(none) shared(tmp, out, n)
  for (int i = 0; i < n; i++) {
    tmp = f(i); // expected-warning {{shared buffer 'tmp' is scratch that every iteration overwrites;}}
    out[i] = tmp;
  }
}

void default_none_private(double *out, int n) {
  double tmp;
#pragma omp parallel for default(none) private(tmp) shared(out, n)
  for (int i = 0; i < n; i++) {
    tmp = f(i);
    out[i] = tmp;
  }
}

void default_firstprivate(double *out, int n) {
  double tmp = 0;
  double row[N];
#pragma omp parallel for default(firstprivate) shared(out)
  for (int i = 0; i < n; i++) {
    tmp = f(i);
    for (int k = 0; k < N; k++)
      row[k] = tmp + k;
    out[i] = row[N - 1];
  }
}

void default_shared(double *out, int n) {
  double tmp = 0;
#pragma omp parallel for default(shared)
  for (int i = 0; i < n; i++) {
    tmp = f(i); // expected-warning {{shared buffer 'tmp' is scratch that every iteration overwrites;}}
    out[i] = tmp;
  }
}

static double tp_row[N];
#pragma omp threadprivate(tp_row)

void threadprivate_scratch(double *out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < N; k++)
      tp_row[k] = f(i + k);
    out[i] = tp_row[N - 1];
  }
}

static double global_row[N];

void global_scratch(double *out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < N; k++)
      global_row[k] = f(i + k); // expected-warning {{shared buffer 'global_row' is scratch that every iteration overwrites;}}
    out[i] = global_row[N - 1];
  }
}

double lastprivate_last(double *out, int n) {
  double last = 0;
#pragma omp parallel for lastprivate(last)
  for (int i = 0; i < n; i++) {
    last = f(i);
    out[i] = last;
  }
  return last;
}

void linear_index(double *out, const double *in, int n) {
  int j = 0;
#pragma omp parallel for linear(j : 2)
  for (int i = 0; i < n; i++) {
    out[j] = in[i];
    j += 2;
  }
}

void ordered_shift(double *a, int n) {
#pragma omp parallel for ordered
  for (int i = 1; i < n; i++) {
    double v = f(i);
#pragma omp ordered
    a[i] = a[i - 1] + v;
  }
}

double ordered_sum(int n) {
  double sum = 0;
#pragma omp parallel for ordered
  for (int i = 0; i < n; i++) {
    double v = f(i);
#pragma omp ordered
    sum += v;
  }
  return sum;
}

void collapse_2d(double a[N][N]) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = f(i * N + j);
}

void collapse_2d_row(double a[N][N], double *row) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      row[j] = a[i][j]; // expected-warning {{'row' is written by every iteration}}
}

void collapse_2d_outer_index(double a[N][N], double *sums) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      sums[i] = a[i][j]; // expected-warning {{'sums' is written by every iteration}}
}

void loop_carried(double *a, int n) {
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    a[i] = a[i - 1] + 1; // expected-warning {{'a' is written by one iteration and read by another:}}
}

int counter_race(const int *keys, int *out, int n) {
  int count = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (keys[i] > 0)
      out[count++] = keys[i]; // expected-warning {{shared counter 'count' is updated by every iteration and its value used without synchronization;}}
  return count;
}
