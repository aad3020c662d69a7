/*===- bench.h - What every benchmark driver shares -----------*- C -*-===*\
|*                                                                          *|
|* A benchmark executable is one driver and one variant of a kernel. The    *|
|* driver makes the input, times the variant (after a warm-up, R timed      *|
|* runs; the median is reported, with the best), counts its allocations,    *|
|* checks its result against the sequential variant's and prints one JSON   *|
|* line per case for benchmarks/run. C and C++ drivers both use this.       *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef PRIVATEER_BENCH_H
#define PRIVATEER_BENCH_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc,
 * memalign, and so operator new) since the start: the program's and their
 * bytes, and the OpenMP runtime's own (once bench_alloc_init has found the
 * runtime; bench_measure calls it). */
void bench_alloc_init(void);
void bench_alloc_counts(unsigned long long *count, unsigned long long *bytes,
                        unsigned long long *runtime);

/* Seconds on a monotonic clock. */
double bench_now(void);

/* The command line every driver accepts (the variant's name is taken from
 * the executable's, bench-KERNEL-VARIANT): --reps R, --quick, --case NAME
 * (only that case), --ref-dir DIR (where reference results are cached),
 * --list-cases (print the cases' names, run nothing). */
struct bench_options {
  int reps;
  int quick;
  const char *only_case;
  const char *ref_dir;
  const char *program;
  int list_cases;
};
void bench_parse_options(int argc, char **argv, struct bench_options *options);
/* Whether the case named `name` is to run (with --list-cases, prints the
 * name and says no). */
int bench_wants_case(const struct bench_options *options, const char *name);

/* One timed measurement: the median and best of the repetitions, the
 * allocations one call made on average, and whether every call's result
 * was right. */
struct bench_measurement {
  double median_s, best_s;
  int reps;
  double allocations, bytes, runtime_allocations;
  int ok;
};

/* Times `run(context)`: one untimed warm-up call, then `reps` timed ones.
 * After each call, untimed, `check(context)` says whether its result is
 * right: a racy variant can be right by chance on one call and not on the
 * next. */
struct bench_measurement bench_measure(void (*run)(void *),
                                       int (*check)(void *), void *context,
                                       int reps);

/* Prints the JSON line of one case; `extra` is more JSON members
 * ("\"mteps\": 12.5") or NULL. */
void bench_report(const struct bench_options *options, const char *kernel,
                  const char *case_name, const struct bench_measurement *m,
                  const char *detail, const char *extra);

/* A reference result cached in a file of `ref_dir` named `key`: reads
 * `count` doubles into `values` and returns 1, or returns 0 when there is no
 * such file (the driver then computes them with the sequential variant and
 * saves them with bench_save_reference). */
int bench_load_reference(const char *ref_dir, const char *key, double *values,
                         size_t count);
void bench_save_reference(const char *ref_dir, const char *key,
                          const double *values, size_t count);

/* Whether two floating results agree to a relative tolerance. */
int bench_close(double got, double want, double relative);

#ifdef __cplusplus
}
#endif

#endif /* PRIVATEER_BENCH_H */
