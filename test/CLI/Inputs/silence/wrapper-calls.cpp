// Three calls of one loop template, each with its own lambda: three
// parallel loops, each with its verdict where the user calls the template.
#include <cstddef>

double ext(double);

template <typename F> void each(int n, const F &f) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    f(i);
}

double run(double *y, const double *x, int n) {
  double t = 0;
  each(n, [&](int i) { y[i] = 2 * x[i]; });
  each(n, [&](int i) { t += x[i]; });
  each(n, [&](int i) { y[i] = ext(x[i]); });
  return t;
}
