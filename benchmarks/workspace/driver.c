// The per-thread workspace benchmark's driver: n steps (2^24, 2^22 with
// --quick), each filling and transforming a 96-byte workspace from a window
// of the input, summed. The sum agrees with the sequential variant's to a
// relative 1e-9 (threads add in a different order).
#include "bench.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

// The variant linked into this executable, and the sequential variant
// compiled again under another name for the reference result.
double workspace_sums(const double *x, long n);
double workspace_sums_seq(const double *x, long n);

struct input {
  const double *x;
  long n;
  double result, expected;
};

static void run(void *context) {
  struct input *in = context;
  in->result = workspace_sums(in->x, in->n);
}

static int check(void *context) {
  struct input *in = context;
  return bench_close(in->result, in->expected, 1e-9);
}

int main(int argc, char **argv) {
  struct bench_options options;
  bench_parse_options(argc, argv, &options);
  const char *name = "96-byte";
  if (!bench_wants_case(&options, name))
    return 0;
  struct input in;
  in.n = options.quick ? 1l << 22 : 1l << 24;
  // Each step reads a window of 12 values from its index on.
  double *x = malloc(sizeof(double) * (in.n + 12));
  uint64_t state = 11;
  for (long i = 0; i < in.n + 12; i++) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    x[i] = (double)(state >> 11) / 9007199254740992.0;
  }
  in.x = x;
  in.expected = workspace_sums_seq(in.x, in.n);
  struct bench_measurement m = bench_measure(run, check, &in, options.reps);
  char detail[64], extra[128];
  snprintf(detail, sizeof detail, "n=%ld", in.n);
  snprintf(extra, sizeof extra, "\"result\": %.17g, \"expected\": %.17g",
           in.result, in.expected);
  bench_report(&options, "workspace", name, &m, detail, extra);
  free(x);
  return 0;
}
