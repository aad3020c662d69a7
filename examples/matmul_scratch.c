// The sum of all pairwise matrix products, parallelized the way people first
// try: the N x N product buffer C is shared by every iteration.
#include <stdio.h>
#include <stdlib.h>

enum { P = 64, N = 32, K = 8 };

static void matmul(double *C, const double *A, const double *B) {
  for (int r = 0; r < N; r++)
    for (int c = 0; c < N; c++) {
      double s = 0;
      for (int k = 0; k < K; k++)
        s += A[r * K + k] * B[k * N + c];
      C[r * N + c] = s;
    }
}

static double sum(const double *C) {
  double s = 0;
  for (int k = 0; k < N * N; k++)
    s += C[k];
  return s;
}

double matmul_sums(const double *As, const double *Bs) {
  double C[N * N];
  double total = 0;
#pragma omp parallel for reduction(+ : total)
  for (int p = 0; p < P; p++) {
    matmul(C, As + p * N * K, Bs + p * K * N);
    total += sum(C);
  }
  return total;
}

int main(void) {
  double *As = malloc(sizeof(double) * P * N * K);
  double *Bs = malloc(sizeof(double) * P * K * N);
  for (int k = 0; k < P * N * K; k++)
    As[k] = Bs[k] = (k % 7) * 0.5;
  printf("%f\n", matmul_sums(As, Bs));
  free(As);
  free(Bs);
  return 0;
}
