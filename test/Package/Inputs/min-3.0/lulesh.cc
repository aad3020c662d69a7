#include <cstdio>
#include <vector>

// A scratch array shared by every iteration (privateer-shared-buffer).
static double energy(int n, const std::vector<double> &e) {
  double tmp[8];
  double total = 0;
#pragma omp parallel for reduction(+ : total)
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 8; k++)
      tmp[k] = e[i] * k;
    total += tmp[7];
  }
  return total;
}

int main() {
  std::vector<double> e(100, 1.0);
  std::printf("%g\n", energy(100, e));
}
