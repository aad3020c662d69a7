// The implicit task of a parallel region (or of a 'single' in it) is a
// tied task: while it waits (taskwait, taskyield, the end of a taskgroup)
// or creates a task, its thread runs its child tasks. A thread's slot it
// keeps across such a point is taken by a child that uses the thread
// number too. Children that use no thread number, and slots not live
// across the point, are fine. Children that call a function defined
// elsewhere may take the slot: "may".
// RUN: %cc -fplugin-arg-privateer-checks=-*,privateer-threadid-index -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc -fplugin-arg-privateer-checks=-*,privateer-threadid-index -fplugin-arg-privateer-report-may -Xclang -verify=expected,may -Xclang -verify-ignore-unexpected=note %s

#include <omp.h>

double scratch[256][64];
void leaf(int k, double *out);

static void fill(double *out) {
  double *mine = scratch[omp_get_thread_num()];
  for (int i = 0; i < 64; i++)
    mine[i] = i;
  out[0] = mine[63];
}

void every_thread(double *out) {
#pragma omp parallel num_threads(8)
  {
    double *row = scratch[omp_get_thread_num()];
    row[0] = 1; // expected-warning {{'scratch' is indexed by the thread number in code that keeps using its slot across 'taskwait': the thread's implicit task can be suspended there, and the thread then runs a child task that takes the same slot}}
#pragma omp task
    fill(out);
#pragma omp taskwait
    out[1] = row[0];
  }
}

double other[256][64];
void children_use_no_slot(double *out) {
#pragma omp parallel num_threads(8)
#pragma omp single
  {
    double *row = other[omp_get_thread_num()];
    row[0] = 1; // may-warning {{'other' is indexed by the thread number in code that keeps using its slot across 'taskwait': the thread's implicit task can be suspended there, and the thread may then run a child task that takes the same slot in code whose body is not seen}}
    for (int k = 0; k < 4; k++) {
#pragma omp task
      leaf(k, out);
    }
#pragma omp taskwait
    out[2] = row[0];
  }
}

double third[256][64];
void taken_after_the_wait(double *out) {
#pragma omp parallel num_threads(8)
#pragma omp single
  {
#pragma omp task
    fill(out);
#pragma omp taskwait
    double *row = third[omp_get_thread_num()];
    row[0] = 2;
    out[3] = row[0];
  }
}

double fourth[256][64];
void rewritten_after_the_wait(double *out) {
#pragma omp parallel num_threads(8)
  {
    double *row = fourth[omp_get_thread_num()];
    row[0] = 1;
#pragma omp taskgroup
    {
#pragma omp task
      fill(out);
    }
    row[0] = 3;
    out[4] = row[0];
  }
}
