#include "shared.h"
void chunk(int n, int m, double *a) {
#pragma omp parallel for schedule(static, 1)
  for (int i = 0; i < n; i++)
    for (int k = 0; k < m; k++)
      a[i] += k;
}
