// Per-thread counters as people write them to avoid a race: one slot per
// thread, indexed by the thread number, summed after the loop. Correct, but
// the slots are packed eight to a cache line, so every update by one thread
// takes the line away from the others (false sharing).
#include <omp.h>

enum { MAX_THREADS = 64 };

long count_hits(const int *x, long n) {
  long hits[MAX_THREADS];
  for (int t = 0; t < MAX_THREADS; t++)
    hits[t] = 0;
#pragma omp parallel for
  for (long i = 0; i < n; i++)
    hits[omp_get_thread_num()] += x[i] % 7 == 3;
  long total = 0;
  for (int t = 0; t < MAX_THREADS; t++)
    total += hits[t];
  return total;
}
