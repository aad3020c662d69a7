// The matmul benchmark's driver: the sum of all pairwise products of P pairs
// of N x K and K x N matrices (the Julia multithreading tutorial's kernel),
// with uniform work (K = 16 for every pair) and non-uniform work (K =
// isqrt(p)^2 for pair p), at the tutorial's size and at one whose N x N
// product buffer (32 MiB) is past glibc's largest mmap threshold, where every
// allocation is an mmap and its pages fault in again: with K = 16 and with
// K = 2, where the allocation costs as much as the products.
#include "bench.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The variant linked into this executable, and the sequential variant
// compiled again under another name for the reference result.
double matmul_sums(int P, int N, const int *K, const double *const *As,
                   const double *const *Bs);
double matmul_sums_seq(int P, int N, const int *K, const double *const *As,
                       const double *const *Bs);

// K is the inner dimension of every pair; 0 means isqrt(p)^2 for pair p.
struct matmul_case {
  const char *name;
  int P, quick_P, N, K;
};

static const struct matmul_case cases[] = {
    {"uniform-256", 768, 128, 256, 16},
    {"nonuniform-256", 96, 32, 256, 0},
    {"uniform-2048", 8, 4, 2048, 16},
    // Little work per buffer: the allocation's mmap and page faults weigh
    // as much as the products.
    {"uniform-2048-k1", 24, 8, 2048, 1},
};

struct input {
  int P, N;
  int *K;
  double **As, **Bs;
  double result, expected;
};

// Values in [0, 1) from a fixed-seed generator: every variant sees the same
// matrices.
static double next_value(uint64_t *state) {
  *state = *state * 6364136223846793005ull + 1442695040888963407ull;
  return (double)(*state >> 11) / 9007199254740992.0;
}

static void make_input(struct input *in, const struct matmul_case *c,
                       int quick) {
  in->P = quick ? c->quick_P : c->P;
  in->N = c->N;
  in->K = malloc(sizeof(int) * in->P);
  in->As = malloc(sizeof(double *) * in->P);
  in->Bs = malloc(sizeof(double *) * in->P);
  uint64_t state = 42;
  for (int p = 0; p < in->P; p++) {
    int root = (int)sqrt((double)(p + 1));
    in->K[p] = c->K ? c->K : root * root;
    size_t elements = (size_t)in->N * in->K[p];
    in->As[p] = malloc(sizeof(double) * elements);
    in->Bs[p] = malloc(sizeof(double) * elements);
    for (size_t k = 0; k < elements; k++) {
      in->As[p][k] = next_value(&state);
      in->Bs[p][k] = next_value(&state);
    }
  }
}

static void free_input(struct input *in) {
  for (int p = 0; p < in->P; p++) {
    free(in->As[p]);
    free(in->Bs[p]);
  }
  free(in->As);
  free(in->Bs);
  free(in->K);
}

static void run(void *context) {
  struct input *in = context;
  in->result = matmul_sums(in->P, in->N, in->K, (const double *const *)in->As,
                           (const double *const *)in->Bs);
}

// Threads sum in a different order: the result agrees to a relative 1e-9.
static int check(void *context) {
  struct input *in = context;
  return bench_close(in->result, in->expected, 1e-9);
}

int main(int argc, char **argv) {
  struct bench_options options;
  bench_parse_options(argc, argv, &options);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const struct matmul_case *c = &cases[i];
    if (!bench_wants_case(&options, c->name))
      continue;
    struct input in;
    make_input(&in, c, options.quick);
    char key[128];
    snprintf(key, sizeof key, "matmul-%s-P%d", c->name, in.P);
    if (!bench_load_reference(options.ref_dir, key, &in.expected, 1)) {
      in.expected =
          matmul_sums_seq(in.P, in.N, in.K, (const double *const *)in.As,
                          (const double *const *)in.Bs);
      bench_save_reference(options.ref_dir, key, &in.expected, 1);
    }
    struct bench_measurement m = bench_measure(run, check, &in, options.reps);
    char detail[128], extra[160];
    if (c->K)
      snprintf(detail, sizeof detail, "P=%d N=%d K=%d", in.P, in.N, c->K);
    else
      snprintf(detail, sizeof detail, "P=%d N=%d K=isqrt(p)^2", in.P, in.N);
    snprintf(extra, sizeof extra, "\"result\": %.17g, \"expected\": %.17g",
             in.result, in.expected);
    bench_report(&options, "matmul", c->name, &m, detail, extra);
    free_input(&in);
  }
  return 0;
}
