// The three NOLINT comment forms work as for upstream checks;
// the finding left is the one without a comment.
// RUN: %check_clang_tidy %s privateer-shared-buffer %t -- -- -fopenmp
long sums(int n, const int *x) {
  long a = 0, b = 0, c = 0, d = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    a += x[i]; // NOLINT(privateer-shared-buffer)
    // NOLINTNEXTLINE(privateer-*)
    b += x[i];
    // NOLINTBEGIN(privateer-shared-buffer)
    c += x[i];
    // NOLINTEND(privateer-shared-buffer)
    d += x[i];
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'd' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]
  }
  return a + b + c + d;
}
// CHECK-FIXES: #pragma omp parallel for reduction(+: d)
