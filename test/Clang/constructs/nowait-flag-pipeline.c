// Two 'omp for nowait' loops over the same rows (static schedules: each
// thread owns the same rows in both). When the second spins on a flag the
// owner of the row before raises after finishing it (with 'flush'), that
// hand-off orders every read of a neighbour's row after both its writes:
// no race after 'nowait' (an SSOR sweep's pipeline). Without the flags the
// read of row i-1 races with the first loop's write of it (and with the
// second loop's own).
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#define NX 48
#define NY 16
double v[NX][NY];
int flag[NX];

void pipelined(void) {
  int i, j;
#pragma omp for nowait schedule(static)
  for (i = 1; i < NX; i++)
    for (j = 1; j < NY; j++)
      v[i][j] *= 0.5;
#pragma omp for nowait schedule(static)
  for (i = 1; i < NX; i++) {
    if (i != 1)
      while (flag[i - 1] == 0) {
#pragma omp flush(flag)
      }
    for (j = 1; j < NY; j++)
      v[i][j] += 0.25 * v[i - 1][j];
    flag[i] = 1;
#pragma omp flush(flag)
  }
}

void unordered(void) {
  int i, j;
#pragma omp for nowait schedule(static)
  for (i = 1; i < NX; i++)
    for (j = 1; j < NY; j++)
      v[i][j] *= 0.5;
#pragma omp for nowait schedule(static)
  for (i = 1; i < NX; i++)
    for (j = 1; j < NY; j++)
      // expected-warning@+2 {{'v' is written by one iteration and read by another}}
      // expected-warning@+1 {{'v' is updated by the previous loop, which ends with 'nowait', and read here in other iterations}}
      v[i][j] += 0.25 * v[i - 1][j];
}
