// Fixes that would not compile are declined with the reason, and the file
// still builds: no clause names a static data member (OpenMP keeps it
// shared), so its update is made atomic;
// a reduction of a vector-extension type (no predefined reduction), and,
// under OpenMP 4.5 only, a private copy of a variable the 'target'
// directive maps and an 'atomic' inside 'simd'; a split of a loop holding
// '#if' lines is declined at every version. Under OpenMP 5.1 the two
// version-bound fixes are made.
// RUN: rm -rf %t && mkdir -p %t && %strip-checks %s > %t/v45.cpp && cp %t/v45.cpp %t/v51.cpp
// RUN: %cxx -fopenmp-version=45 -fno-caret-diagnostics -fplugin-arg-privateer-fix -fplugin-arg-privateer-report-may %t/v45.cpp 2>&1 | FileCheck %s --check-prefixes=DIAG,DIAG45
// RUN: %clangxx -fopenmp -fopenmp-version=45 -fsyntax-only %t/v45.cpp
// RUN: FileCheck %s --check-prefixes=FIXED,FIXED45 --input-file=%t/v45.cpp
// RUN: %cxx -fopenmp-version=51 -fno-caret-diagnostics -fplugin-arg-privateer-fix -fplugin-arg-privateer-report-may %t/v51.cpp 2>&1 | FileCheck %s --check-prefixes=DIAG
// RUN: %clangxx -fopenmp -fopenmp-version=51 -fsyntax-only %t/v51.cpp
// RUN: FileCheck %s --check-prefixes=FIXED,FIXED51 --input-file=%t/v51.cpp
#include <stdlib.h>

double work(int);

struct Totals {
  static double sum;
};
double Totals::sum;

void static_member(int n, const double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    Totals::sum += a[i];
}
// DIAG: warning: 'sum' is updated by every iteration without a reduction
// FIXED-LABEL: void static_member(
// FIXED-NEXT: #pragma omp parallel for{{$}}
// FIXED-NEXT: for (int i = 0; i < n; i++)
// FIXED-NEXT: #pragma omp atomic
// FIXED-NEXT: Totals::sum += a[i];

typedef float float4 __attribute__((vector_size(16)));

float4 vector_sum(int n, const float4 *a) {
  float4 acc = {0, 0, 0, 0};
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    acc += a[i];
  return acc;
}
// DIAG: warning: 'acc' is updated by every iteration without a reduction
// DIAG: note: no automatic fix: OpenMP predefines no reduction for the vector type of 'acc'
// FIXED-LABEL: float4 vector_sum(
// FIXED: #pragma omp parallel for{{$}}

void mapped_scratch(int n, double *out) {
  double tmp;
#pragma omp target parallel for map(tofrom: tmp) map(from: out[0:n])
  for (int i = 0; i < n; i++) {
    tmp = work(i);
    out[i] = tmp;
  }
}
// DIAG: warning: shared buffer 'tmp' is scratch
// DIAG45: note: no automatic fix: 'tmp' is in the directive's map clause, and before OpenMP 5.0 a mapped variable cannot also be private
// FIXED45: #pragma omp target parallel for map(tofrom: tmp) map(from: out[0:n]){{$}}
// FIXED51: #pragma omp target parallel for map(tofrom: tmp) map(from: out[0:n]) private(tmp){{$}}

void simd_histogram(int n, const int *k, int *h) {
#pragma omp parallel for simd
  for (int i = 0; i < n; i++)
    h[k[i]] += 1;
}
// DIAG: warning: iterations can update 'h' at the same element
// DIAG45: note: no automatic fix: the update is in a 'simd' loop, which allows no 'atomic' before OpenMP 5.0
// FIXED-LABEL: void simd_histogram(
// FIXED-NEXT: #pragma omp parallel for simd
// FIXED-NEXT: for (int i = 0; i < n; i++)
// FIXED45-NEXT: h[k[i]] += 1;
// FIXED51-NEXT: #pragma omp atomic
// FIXED51-NEXT: h[k[i]] += 1;

void conditional_allocation(int n, double *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#ifdef USE_FLOAT_SCRATCH
    double *t = (double *)malloc(64 * sizeof(float));
#else
    double *t = (double *)malloc(64 * sizeof(double));
#endif
    for (int k = 0; k < 64; k++)
      t[k] = work(i + k);
    out[i] = t[5];
    free(t);
  }
}
// DIAG: warning: 't' (512 bytes) is allocated and freed in every iteration
// DIAG: note: no automatic fix: the loop holds preprocessor directives ('#if', '#define'), which a split could not keep in place
// FIXED-LABEL: void conditional_allocation(
// FIXED-NEXT: #pragma omp parallel for{{$}}
// FIXED-NEXT: for (int i = 0; i < n; i++) {
// FIXED-NEXT: #ifdef USE_FLOAT_SCRATCH
