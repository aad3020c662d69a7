// The matmul sums in oneTBB, parallelized the way people first try: one
// product buffer C, captured by reference, shared by every index.
#include <cstdlib>
#include <memory>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
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

// The runner sets the thread count in OMP_NUM_THREADS.
static std::unique_ptr<tbb::global_control> threads_from_env() {
  const char *T = std::getenv("OMP_NUM_THREADS");
  if (!T || std::atoi(T) < 1)
    return nullptr;
  return std::make_unique<tbb::global_control>(
      tbb::global_control::max_allowed_parallelism, std::atoi(T));
}

extern "C" double matmul_sums(int P, int N, const int *K,
                              const double *const *As,
                              const double *const *Bs) {
  auto Limit = threads_from_env();
  std::vector<double> C(static_cast<std::size_t>(N) * N);
  std::vector<double> sums(P);
  tbb::parallel_for(0, P, [&](int p) {
    matmul(C.data(), As[p], Bs[p], N, K[p]);
    sums[p] = sum(C.data(), N);
  });
  double total = 0;
  for (int p = 0; p < P; p++)
    total += sums[p];
  return total;
}
