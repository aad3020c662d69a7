// A pool of product buffers (privateer::buffer_pool, the tutorial's
// channel of buffers): each iteration leases one for as long as it needs
// it. No buffer belongs to a thread, so this is also right for tasks that
// migrate or are suspended; each lease takes the pool's lock.
#include <privateer/runtime/privateer.hpp>

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
  privateer::buffer_pool<double> pool(static_cast<std::size_t>(N) * N);
  double total = 0;
#pragma omp parallel for schedule(dynamic) reduction(+ : total)
  for (int p = 0; p < P; p++) {
    auto C = pool.acquire();
    matmul(C.data(), As[p], Bs[p], N, K[p]);
    total += sum(C.data(), N);
  }
  return total;
}
