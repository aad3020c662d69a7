// A container sized at its construction in every iteration of a parallel
// loop (the naive fix of a shared scratch buffer) becomes one per thread,
// declared in the region, refilled in each iteration by assign(), which
// keeps the capacity: the contents are what a new container would hold,
// so nothing carries over from the iteration before, and the allocation
// is made once per thread instead of once per iteration.
// RUN: rm -rf %t && mkdir -p %t && %strip-checks %s > %t/in.cpp
// RUN: %cxx -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.cpp
// RUN: cp %t/in.cpp %t/once.cpp && %cxx -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | FileCheck %s --check-prefix=AGAIN && diff %t/once.cpp %t/in.cpp
// RUN: %clangxx -x c++ -std=c++17 -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clangxx -x c++ -std=c++17 -O1 -fopenmp %t/in.cpp -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
// RUN: %clangxx -x c++ -std=c++17 -O1 -g -fopenmp -fsanitize=thread %t/in.cpp -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

enum { P = 48, N = 24, K = 6 };

// The product accumulates into C: a fresh, zeroed C in every iteration.
double products(const double *As, const double *Bs) {
  double total = 0;
#pragma omp parallel for reduction(+ : total) schedule(dynamic)
  for (int p = 0; p < P; p++) {
    std::vector<double> C(N * N);
    for (int r = 0; r < N; r++)
      for (int k = 0; k < K; k++)
        for (int c = 0; c < N; c++)
          C[r * N + c] += As[p * N * K + r * K + k] * Bs[p * K * N + k * N + c];
    for (double x : C)
      total += x;
  }
  return total;
}

// Every element written before it is read: no refill, resize() only (a
// no-op from the second iteration of a thread on).
double overwritten(const double *x, int n, int m) {
  double total = 0;
#pragma omp parallel for reduction(+ : total)
  for (int i = 0; i < n; i++) {
    std::vector<double> row(m);
    for (int j = 0; j < m; j++)
      row[j] = x[i] * j;
    for (int j = 0; j < m; j++)
      total += row[j];
  }
  return total;
}

// Filled with a value, then partly overwritten.
long marks(int n) {
  long total = 0;
#pragma omp parallel for reduction(+ : total)
  for (int i = 0; i < n; i++) {
    std::vector<int> seen(64, -1);
    seen[i % 64] = i;
    for (int x : seen)
      total += x;
  }
  return total;
}

long names(int n) {
  long total = 0;
#pragma omp parallel for reduction(+ : total)
  for (int i = 0; i < n; i++) {
    std::string s(40, 'x');
    s[i % 40] = 'y';
    for (char ch : s)
      total += ch * (i % 7);
  }
  return total;
}

// A block owned by a unique_ptr: made once per thread, its elements
// value-initialized again in each iteration.
double owned(int n, int m) {
  double total = 0;
#pragma omp parallel for reduction(+ : total)
  for (int i = 0; i < n; i++) {
    auto row = std::make_unique<double[]>(m);
    for (int j = 0; j < m; j += 3)
      row[j] = i + j;
    for (int j = 0; j < m; j++)
      total += row[j];
  }
  return total;
}

// Elements that are containers themselves: T() is not spelled for them.
long nested(int n) {
  long total = 0;
#pragma omp parallel for reduction(+ : total)
  for (int i = 0; i < n; i++) {
    std::vector<std::string> words(8);
    words[i % 8] = "w";
    for (const std::string &w : words)
      total += (long)w.size();
  }
  return total;
}

// The declaration shadows an outer 'row' the loop also reads: moved out
// of the loop it would capture that read.
double shadowed(int n, int m, const double *x) {
  double row = 2, total = 0;
#pragma omp parallel for reduction(+ : total)
  for (int i = 0; i < n; i++) {
    total += row;
    std::vector<double> row(m);
    for (int j = 0; j < m; j++)
      row[j] = x[i] * j;
    for (int j = 0; j < m; j++)
      total += row[j];
  }
  return total;
}

int main() {
  static double As[P * N * K], Bs[P * K * N];
  for (int k = 0; k < P * N * K; k++)
    As[k] = Bs[k] = (k % 7) * 0.5;
  std::printf("%.1f %ld %ld %ld %.1f %.1f\n", products(As, Bs), marks(3000),
              names(3000), nested(500), owned(2000, 50),
              overwritten(As, 1000, 40));
  return 0;
}
// DIAG: warning: 'C' (4608 bytes) is constructed and destroyed in every iteration
// DIAG: warning: 'row' ('m * 8' bytes) is constructed and destroyed
// DIAG: warning: 'seen' (256 bytes) is constructed and destroyed
// DIAG: warning: 's' (40 bytes) is constructed and destroyed
// DIAG: warning: 'row' ('m * 8' bytes) is constructed and destroyed
// DIAG: warning: 'words'
// DIAG: note: no automatic fix: the elements are not plain values that T() makes again
// FIXED-LABEL: double products(
// FIXED:      #pragma omp parallel{{$}}
// FIXED-NEXT: {
// FIXED-NEXT:   std::vector<double> C;
// FIXED-NEXT: #pragma omp for reduction(+ : total) schedule(dynamic)
// FIXED-NEXT:   for (int p = 0; p < P; p++) {
// FIXED-NEXT:     C.assign(N * N, double());
// FIXED:        }
// FIXED-NEXT: }
// FIXED-NEXT: return total;
// FIXED-LABEL: double overwritten(
// FIXED:        std::vector<double> row;
// FIXED:          row.resize(m);
// FIXED-LABEL: long marks(
// FIXED:        std::vector<int> seen;
// FIXED:          seen.assign(64, -1);
// FIXED-LABEL: long names(
// FIXED:        std::string s;
// FIXED:          s.assign(40, 'x');
// FIXED-LABEL: double owned(
// FIXED:      #pragma omp parallel{{$}}
// FIXED-NEXT: {
// FIXED-NEXT:   auto row = std::make_unique<double[]>(m);
// FIXED-NEXT: #pragma omp for reduction(+ : total)
// FIXED-NEXT:   for (int i = 0; i < n; i++) {
// FIXED-NEXT:     std::uninitialized_fill_n(row.get(), m, double());
// FIXED-LABEL: long nested(
// FIXED:      #pragma omp parallel for reduction(+ : total){{$}}
// FIXED-NEXT:   for (int i = 0; i < n; i++) {
// FIXED-NEXT:     std::vector<std::string> words(8);
// DIAG: note: no automatic fix: the loop also names another variable called 'row'
// FIXED-LABEL: double shadowed(
// FIXED:      #pragma omp parallel for reduction(+ : total){{$}}
// AGAIN: warning: 'words'
// AGAIN: warning: 'row'
// AGAIN-NOT: warning:
// CLEAN: {{[0-9]+\.[0-9]+ -?[0-9]+ [0-9]+ [0-9]+ [0-9]+\.[0-9] [0-9]+\.[0-9]}}
