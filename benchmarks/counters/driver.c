// The per-thread counters benchmark's driver: counts the elements of an
// array of 2^25 integers (2^23 with --quick) that fall in a class, with one
// counter slot per thread. The count is exact: every variant must match the
// sequential one.
#include "bench.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

// The variant linked into this executable, and the sequential variant
// compiled again under another name for the reference result.
long count_hits(const int *x, long n);
long count_hits_seq(const int *x, long n);

struct input {
  const int *x;
  long n, result, expected;
};

static void run(void *context) {
  struct input *in = context;
  in->result = count_hits(in->x, in->n);
}

static int check(void *context) {
  struct input *in = context;
  return in->result == in->expected;
}

int main(int argc, char **argv) {
  struct bench_options options;
  bench_parse_options(argc, argv, &options);
  const char *name = "thread-slots";
  if (!bench_wants_case(&options, name))
    return 0;
  struct input in;
  in.n = options.quick ? 1l << 23 : 1l << 25;
  int *x = malloc(sizeof(int) * in.n);
  uint64_t state = 7;
  for (long i = 0; i < in.n; i++) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    x[i] = (int)(state >> 33);
  }
  in.x = x;
  // Counting is fast: the reference is computed, never cached.
  in.expected = count_hits_seq(in.x, in.n);
  struct bench_measurement m = bench_measure(run, check, &in, options.reps);
  char detail[64], extra[96];
  snprintf(detail, sizeof detail, "n=%ld", in.n);
  snprintf(extra, sizeof extra, "\"result\": %ld, \"expected\": %ld", in.result,
           in.expected);
  bench_report(&options, "counters", name, &m, detail, extra);
  free(x);
  return 0;
}
