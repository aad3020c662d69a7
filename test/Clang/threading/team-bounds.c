// Slots indexed by the thread number against the team that runs: a team
// nothing bounds (no num_threads, no omp_set_num_threads in the file, no
// test of the team's size on the way to the slot) outgrows any fixed
// number of slots, which is certain; a team the program bounds fits; a
// bound the analysis cannot read (num_threads(nt)) leaves it "may".
// RUN: %cc -Xclang -verify=expected -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc -fplugin-arg-privateer-report-may -Xclang -verify=expected,may -Xclang -verify-ignore-unexpected=note %s

#include <omp.h>

struct slot { double v; char pad[56]; };

void unbounded(const double *x, long n, double *out) {
  struct slot partial[16] = {{0}};
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    double mine = 0;
#pragma omp for
    for (long i = 0; i < n; i++)
      mine += x[i];
    partial[t].v = mine; // expected-warning {{'partial' has 16 elements but is indexed by the thread number, and nothing bounds the team of this 'omp parallel': with more than 16 threads (OMP_NUM_THREADS, or a machine with more cores), thread 16 accesses past its end}}
  }
  for (int t = 0; t < 16; t++)
    out[t] = partial[t].v;
}

void offset_by_one(double *out) {
  double cnt[9] = {0};
#pragma omp parallel
  cnt[omp_get_thread_num() + 1] += 1; // expected-warning {{'cnt' has 9 elements but is indexed by the thread number, and nothing bounds the team of this 'omp parallel': with more than 8 threads}}
  out[0] = cnt[0];
}

void bounded_by_clause(double *out) {
  struct slot partial[8];
#pragma omp parallel num_threads(8)
  partial[omp_get_thread_num()].v = 1;
  out[0] = partial[0].v;
}

void guarded_slot(double *out) {
  struct slot partial[16];
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    if (t < 16)
      partial[t].v = t;
  }
  out[0] = partial[0].v;
}

void guarded_by_team_size(double *out) {
  struct slot partial[16];
#pragma omp parallel
  {
    int t = omp_get_thread_num();
    if (omp_get_num_threads() <= 16)
      partial[t].v = t;
  }
  out[0] = partial[0].v;
}

void bound_not_readable(double *out, int nt) {
  struct slot partial[16];
#pragma omp parallel num_threads(nt)
  partial[omp_get_thread_num()].v = 1; // may-warning {{'partial' has 16 elements but is indexed by the thread number, and the team of this 'omp parallel' may have more threads}}
  out[0] = partial[0].v;
}
