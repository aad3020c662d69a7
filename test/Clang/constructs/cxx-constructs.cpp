// OpenMP constructs in C++: member functions, references, std::vector
// scratch, range-based for, and templates instantiated with several types.
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <omp.h>
#include <vector>

double f(int);

struct Accumulator {
  double total = 0;
  std::vector<double> per_thread;
  double row[8];

  void add_race(int n) {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      total += f(i); // expected-warning {{'total' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]}}
  }

  void member_scratch(double *out, int n) {
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
      for (int k = 0; k < 8; k++)
        row[k] = f(i + k); // expected-warning {{shared buffer 'row' is scratch that every iteration overwrites;}}
      out[i] = row[7];
    }
  }

  void add_per_thread() {
#pragma omp parallel
    per_thread[omp_get_thread_num()] += f(0);
  }
};

void vector_scratch(std::vector<double> &out, int n) {
  std::vector<double> tmp(8);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 8; k++)
      tmp[k] = f(i + k); // expected-warning {{shared buffer 'tmp' is scratch that every iteration overwrites;}}
    out[i] = tmp[7];
  }
}

void vector_scratch_firstprivate(std::vector<double> &out, int n) {
  std::vector<double> tmp(8);
#pragma omp parallel for firstprivate(tmp)
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 8; k++)
      tmp[k] = f(i + k);
    out[i] = tmp[7];
  }
}

void reference_scalar(double &result, int n) {
#pragma omp parallel
  result = f(n); // expected-warning {{'result' is written by every thread without synchronization [privateer-shared-buffer]}}
}

void reference_scalar_single(double &result, int n) {
#pragma omp parallel
  {
#pragma omp single
    result = f(n);
  }
}

void range_for(std::vector<double> &v) {
#pragma omp parallel for
  for (double &x : v)
    x = 2 * x;
}

template <typename T> T tsum(const T *x, int n) {
  T s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += x[i];
  return s;
}

template int tsum<int>(const int *, int);
template double tsum<double>(const double *, int);

void lambda_in_region(double *out, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    auto g = [&](int k) { return f(k) * 2; };
    out[i] = g(i);
  }
}
