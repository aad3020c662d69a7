// The per-thread counters padded by hand: each slot alone on its cache line.
#include <omp.h>

enum { MAX_THREADS = 64 };

long count_hits(const int *x, long n) {
  struct {
    _Alignas(64) long value;
  } hits[MAX_THREADS];
  for (int t = 0; t < MAX_THREADS; t++)
    hits[t].value = 0;
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    hits[omp_get_thread_num()].value += x[i] % 7 == 3;
  long total = 0;
  for (int t = 0; t < MAX_THREADS; t++)
    total += hits[t].value;
  return total;
}
