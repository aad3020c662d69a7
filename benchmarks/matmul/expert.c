// What an expert writes (the tutorial's task-local buffer): one product
// buffer per thread, allocated once by the thread that uses it, reused by
// all of that thread's iterations.
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
  double total = 0;
#pragma omp parallel reduction(+ : total)
  {
    double *C = malloc(sizeof(double) * N * N);
#pragma omp for schedule(dynamic)
    for (int p = 0; p < P; p++) {
      matmul(C, As[p], Bs[p], N, K[p]);
      total += sum(C, N);
    }
    free(C);
  }
  return total;
}
