// A racy loop in a template instantiated with two types is reported once, at
// the spelled source; a correct template is silent for every instantiation.
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %cxx %s 2>&1 | grep 'warning:' | count 3

template <typename T> T racy_sum(const T *x, int n) {
  T sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    sum += x[i]; // expected-warning {{'sum' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]}}
  return sum;
}

template <typename T, int N> void racy_scratch(T *out, const T *in, int n) {
  T tmp[N];
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < N; k++)
      tmp[k] = in[i] + k; // expected-warning {{shared buffer 'tmp' is scratch that every iteration overwrites;}}
    out[i] = tmp[N - 1];
  }
}

template <typename T> T good_sum(const T *x, int n) {
  T sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < n; i++)
    sum += x[i];
  return sum;
}

// Racy only for S == 0: reported once, whichever instantiation comes first.
template <int S> void strided_fill(double *a, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i * S] = i; // expected-warning {{'a' is written by every iteration at the same element without synchronization [privateer-shared-buffer]}}
}

double use(const int *xi, const double *xd, float *of, double *od, int n) {
  strided_fill<1>(od, n);
  strided_fill<0>(od, n);
  strided_fill<2>(od, n);
  racy_scratch<float, 4>(of, (const float *)xd, n);
  racy_scratch<double, 8>(od, xd, n);
  return racy_sum(xi, n) + racy_sum(xd, n) + good_sum(xi, n) + good_sum(xd, n);
}
