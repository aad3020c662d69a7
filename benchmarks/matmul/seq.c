// The sum of all pairwise matrix products, sequential: one product buffer C
// reused by every pair (the reference every parallel variant must match).
#include <stdlib.h>

static void matmul(double *C, const double *A, const double *B, int N, int K) {
  for (int r = 0; r < N; r++)
    for (int c = 0; c < N; c++) {
      double s = 0;
      for (int k = 0; k < K; k++)
        s += A[r * K + k] * B[k * N + c];
      C[r * N + c] = s;
    }
}

static double sum(const double *C, int N) {
  double s = 0;
  for (int k = 0; k < N * N; k++)
    s += C[k];
  return s;
}

double matmul_sums(int P, int N, const int *K, const double *const *As,
                   const double *const *Bs) {
  double *C = malloc(sizeof(double) * N * N);
  double total = 0;
  for (int p = 0; p < P; p++) {
    matmul(C, As[p], Bs[p], N, K[p]);
    total += sum(C, N);
  }
  free(C);
  return total;
}
