// clang-tidy applies every kept diagnostic's fixes: two scratch findings
// at one directive carry one merged clause (on the first), so --fix gives
// private(row, r), not private(row) private(r) or a conflict.
// RUN: %check_clang_tidy %s privateer-shared-buffer %t -- -- -fopenmp
#define N 16
void scratch(int n, double *out) {
  double row[N], r;
#pragma omp parallel for schedule(static) // a trailing comment stays last
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < N; j++)
      row[j] = i + j;
    // CHECK-MESSAGES: :[[@LINE-1]]:7: warning: shared buffer 'row' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]
    r = row[0] * 2;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: shared buffer 'r' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]
    out[i] = r + row[N - 1];
  }
}
// CHECK-FIXES: #pragma omp parallel for schedule(static) private(row, r) // a trailing comment stays last
