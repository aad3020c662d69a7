// A parallel region with num_threads(1) has a team of one thread: writes by
// "every thread" cannot race.
// RUN: %cc -Xclang -verify %s
// expected-no-diagnostics

void one_thread(double *out) {
  double x = 0;
#pragma omp parallel num_threads(1)
  x = 1;
  *out = x;
}

double one_thread_loop(const double *in, int n) {
  double sum = 0;
#pragma omp parallel for num_threads(1)
  for (int i = 0; i < n; i++)
    sum += in[i];
  return sum;
}
