// Combined constructs with host semantics: 'target teams distribute parallel
// for' and 'parallel for simd' behave like 'parallel for'; a pure 'simd' loop is one thread.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#define N 16

void target_scratch(double *out, const double *in, int n) {
  double row[N];
#pragma omp target teams distribute parallel for map(to : in[0:n]) map(from : out[0:n])
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < N; j++)
      row[j] = in[i] * j; // expected-warning {{shared buffer 'row' is scratch that every iteration overwrites;}}
    out[i] = row[N - 1];
  }
}

void target_per_element(double *out, const double *in, int n) {
#pragma omp target teams distribute parallel for map(to : in[0:n]) map(from : out[0:n])
  for (int i = 0; i < n; i++)
    out[i] = 2 * in[i];
}

double target_sum(const double *in, int n) {
  double sum = 0;
#pragma omp target teams distribute parallel for map(to : in[0:n]) map(tofrom : sum)
  for (int i = 0; i < n; i++)
    sum += in[i]; // expected-warning {{'sum' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]}}
  return sum;
}

double target_sum_reduction(const double *in, int n) {
  double sum = 0;
#pragma omp target teams distribute parallel for reduction(+ : sum) map(to : in[0:n])
  for (int i = 0; i < n; i++)
    sum += in[i];
  return sum;
}

void for_simd_scratch(double *out, const double *in, int n) {
  double row[N];
#pragma omp parallel for simd
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < N; j++)
      row[j] = in[i] * j; // expected-warning {{shared buffer 'row' is scratch that every iteration overwrites;}}
    out[i] = row[N - 1];
  }
}

void for_simd_per_element(double *out, const double *in, int n) {
#pragma omp parallel for simd
  for (int i = 0; i < n; i++)
    out[i] = in[i] + 1;
}

double for_simd_sum(const double *in, int n) {
  double sum = 0;
#pragma omp parallel for simd
  for (int i = 0; i < n; i++)
    sum += in[i]; // expected-warning {{'sum' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]}}
  return sum;
}

void simd_only_scratch(double *out, const double *in, int n) {
  double t = 0;
#pragma omp simd
  for (int i = 0; i < n; i++) {
    t = in[i] * 2;
    out[i] = t;
  }
}

double simd_only_reduction(const double *in, int n) {
  double sum = 0;
#pragma omp simd reduction(+ : sum)
  for (int i = 0; i < n; i++)
    sum += in[i];
  return sum;
}

void simd_in_parallel_for(double *a, const double *b, int n, int m) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double t;
#pragma omp simd
    for (int j = 0; j < m; j++) {
      t = b[i * m + j] * 2;
      a[i * m + j] = t;
    }
  }
}
