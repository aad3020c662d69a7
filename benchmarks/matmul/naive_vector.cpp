// The naive fix of the race in C++: a std::vector product buffer made (and
// zeroed) by every iteration.
#include <vector>

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

extern "C" double matmul_sums(int P, int N, const int *K,
                              const double *const *As,
                              const double *const *Bs) {
  double total = 0;
#pragma omp parallel for schedule(dynamic) reduction(+ : total)
  for (int p = 0; p < P; p++) {
    std::vector<double> C(N * N);
    matmul(C.data(), As[p], Bs[p], N, K[p]);
    total += sum(C.data(), N);
  }
  return total;
}
