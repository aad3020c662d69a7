// User constants at the ends of the integer range, in every place the
// model does arithmetic with them (index coefficients and offsets, %, /,
// shifts, bounds, steps, chunks, team sizes): the compile must end, and
// the plugin must not crash. `schedule(static, 1L << 62)` used to divide
// by zero after an overflow, and then loop 2^62 times.
// RUN: timeout 120 %cc -fplugin-arg-privateer-checks=privateer-* %s > %t.log 2>&1
// RUN: not grep -q 'Stack dump' %t.log
#define MIN64 (-9223372036854775807L - 1)
#define MAX64 9223372036854775807L
double f(long);

void chunk(double *x, long n) {
#pragma omp parallel for schedule(static, 1L << 62)
  for (long i = 0; i < n; i++)
    for (int k = 0; k < 10; k++)
      x[i] += k;
}
void chunk_dynamic(double *x, long n) {
#pragma omp parallel for schedule(dynamic, MAX64)
  for (long i = 0; i < n; i++)
    for (int k = 0; k < 10; k++)
      x[i * MAX64] += k;
}
void offset_min(double *p, long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    p[-i + MIN64] = 1;
}
void mod_min(double *p, long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    p[MIN64 % (i - 1) + (i * MIN64) / -1] += f(i);
}
void coefficient(double *p, double (*q)[8], long n) {
#pragma omp parallel for
  for (long i = 0; i < n; i++) {
    p[i * (1L << 62)] += f(i);
    p[(i << 3) * MAX64 + MIN64] += f(i);
    q[i][MIN64] += f(i);
  }
}
void bounds(double *p, long n) {
#pragma omp parallel for collapse(2)
  for (long i = MIN64; i < MIN64 + 4; i++)
    for (long j = MAX64 - 3; j < MAX64; j++)
      p[i * MAX64 + j] = 1;
}
void step(double *p, long n) {
#pragma omp parallel for
  for (long i = n; i > MIN64 + 8; i -= MAX64 / 2)
    p[i * 2 - MIN64] = p[i];
}
