// Collisions proven by counting in C++: clamps with std::min and std::max,
// an enumeration with a fixed underlying type, a constexpr table.
// RUN: %cxx -std=c++17 -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %cxx -std=c++17 %s 2>&1 | FileCheck %s --implicit-check-not=warning:

#include <algorithm>
#include <cstdint>
#include <vector>

void clamped(int n, const int *v, long *h) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    h[std::min(std::max(v[i], 0), 31)]++; // expected-warning {{iterations update 'h' at the same element}}
}
// CHECK: [[@LINE-2]]:5: warning: iterations update 'h'
// CHECK: note: 'h[std::min(std::max(v[i], 0), 31)]' can select at most 32 elements and more than 32 iterations update it

enum class Level : std::uint8_t { Low, High };
void per_level(int n, const Level *lv, int *count) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    count[static_cast<int>(lv[i])] += 1; // expected-warning {{iterations update 'count' at the same element}}
}
// CHECK: [[@LINE-2]]:5: warning: iterations update 'count'
// CHECK: note: 'count[static_cast<int>(lv[i])]' can select at most 256 elements

constexpr int band_of[8] = {0, 0, 0, 1, 1, 2, 2, 3};
void bands(const double *x, double *acc) {
#pragma omp parallel for
  for (int i = 0; i < 8; i++)
    acc[band_of[i]] += x[i]; // expected-warning {{iterations update 'acc' at the same element}}
}
// CHECK: [[@LINE-2]]:5: warning: iterations update 'acc'
// CHECK: note: iterations i={{[0-7]}} and i={{[0-7]}} both update 'acc[{{[0-3]}}]'

// Silent: a clamp to one element per work item is no clamp at all.
void clamp_by_item(int n, double *out, const double *x) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[std::min(i, n - 1)] = x[i];
}
