/*===- bench.c - Timing, options, reports and reference results -----------===*/

#include "bench.h"

#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

double bench_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

void bench_parse_options(int argc, char **argv, struct bench_options *options) {
  options->reps = 5;
  options->quick = 0;
  options->only_case = NULL;
  options->ref_dir = ".";
  options->list_cases = 0;
  const char *slash = strrchr(argv[0], '/');
  options->program = slash ? slash + 1 : argv[0];
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--quick"))
      options->quick = 1;
    else if (!strcmp(argv[i], "--reps") && i + 1 < argc)
      options->reps = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--case") && i + 1 < argc)
      options->only_case = argv[++i];
    else if (!strcmp(argv[i], "--ref-dir") && i + 1 < argc)
      options->ref_dir = argv[++i];
    else if (!strcmp(argv[i], "--list-cases"))
      options->list_cases = 1;
    else {
      fprintf(stderr,
              "usage: %s [--quick] [--reps R] [--case NAME] [--ref-dir DIR] "
              "[--list-cases]\n",
              argv[0]);
      exit(2);
    }
  }
  if (options->reps < 1)
    options->reps = 1;
}

int bench_wants_case(const struct bench_options *options, const char *name) {
  if (options->list_cases) {
    printf("%s\n", name);
    return 0;
  }
  return !options->only_case || !strcmp(options->only_case, name);
}

static int by_value(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

struct bench_measurement bench_measure(void (*run)(void *),
                                       int (*check)(void *), void *context,
                                       int reps) {
  double *times = malloc(sizeof(double) * reps);
  bench_alloc_init();
  run(context); /* warm-up: first touch, thread team, allocator state */
  int ok = check(context);
  unsigned long long allocations = 0, bytes = 0, runtime = 0;
  for (int r = 0; r < reps; r++) {
    unsigned long long count0, bytes0, runtime0, count1, bytes1, runtime1;
    bench_alloc_counts(&count0, &bytes0, &runtime0);
    double start = bench_now();
    run(context);
    times[r] = bench_now() - start;
    bench_alloc_counts(&count1, &bytes1, &runtime1);
    allocations += count1 - count0;
    bytes += bytes1 - bytes0;
    runtime += runtime1 - runtime0;
    ok &= check(context);
  }
  qsort(times, reps, sizeof(double), by_value);
  struct bench_measurement m;
  m.median_s = reps % 2 ? times[reps / 2]
                        : 0.5 * (times[reps / 2 - 1] + times[reps / 2]);
  m.best_s = times[0];
  m.reps = reps;
  /* Only the timed calls are counted (not the checks): per call. */
  m.allocations = (double)allocations / reps;
  m.bytes = (double)bytes / reps;
  m.runtime_allocations = (double)runtime / reps;
  m.ok = ok;
  free(times);
  return m;
}

/* The variant's name: the executable's, less "bench-KERNEL-". */
static const char *variant_name(const char *program, const char *kernel) {
  size_t k = strlen(kernel);
  if (!strncmp(program, "bench-", 6) && !strncmp(program + 6, kernel, k) &&
      program[6 + k] == '-')
    return program + 7 + k;
  return program;
}

void bench_report(const struct bench_options *options, const char *kernel,
                  const char *case_name, const struct bench_measurement *m,
                  const char *detail, const char *extra) {
  printf("{\"kernel\": \"%s\", \"variant\": \"%s\", \"case\": \"%s\", "
         "\"threads\": %d, \"time_s\": %.6g, \"best_s\": %.6g, \"reps\": %d, "
         "\"allocations\": %.1f, \"bytes\": %.0f, "
         "\"runtime_allocations\": %.1f, \"ok\": %s, "
         "\"detail\": \"%s\"%s%s}\n",
         kernel, variant_name(options->program, kernel), case_name,
         omp_get_max_threads(), m->median_s, m->best_s, m->reps, m->allocations,
         m->bytes, m->runtime_allocations, m->ok ? "true" : "false",
         detail ? detail : "", extra ? ", " : "", extra ? extra : "");
  fflush(stdout);
}

static void reference_path(char *path, size_t size, const char *ref_dir,
                           const char *key) {
  snprintf(path, size, "%s/ref-%s.txt", ref_dir, key);
}

int bench_load_reference(const char *ref_dir, const char *key, double *values,
                         size_t count) {
  char path[4096];
  reference_path(path, sizeof path, ref_dir, key);
  FILE *f = fopen(path, "r");
  if (!f)
    return 0;
  size_t n = 0;
  while (n < count && fscanf(f, "%la", &values[n]) == 1)
    n++;
  fclose(f);
  return n == count;
}

void bench_save_reference(const char *ref_dir, const char *key,
                          const double *values, size_t count) {
  char path[4096], temporary[4200];
  reference_path(path, sizeof path, ref_dir, key);
  /* Written beside and renamed, so that a reader never sees half a file. */
  snprintf(temporary, sizeof temporary, "%s.%ld.tmp", path, (long)getpid());
  FILE *f = fopen(temporary, "w");
  if (!f)
    return;
  for (size_t i = 0; i < count; i++)
    fprintf(f, "%a\n", values[i]);
  if (fclose(f) == 0)
    rename(temporary, path);
}

int bench_close(double got, double want, double relative) {
  return fabs(got - want) <= relative * fmax(fabs(want), 1e-300);
}
