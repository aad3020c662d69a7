// A thread's scratch row taken by code that spawns tasks and waits: the
// implicit task of 'single' walks a tree, each call takes
// work[omp_get_thread_num()], creates a task per child and waits at
// 'taskwait'. While it waits its thread runs a child, which takes the same
// row and overwrites it: the parent then reads the child's values (libomp
// runs a team of one's tasks at once, but with two threads or more it
// defers them). The fix gives each call a buffer of its own; the fixed program
// computes the sequential result with 1, 2 and 4 threads and is clean
// under ThreadSanitizer with Archer.
// RUN: %verify-setup
// RUN: %cc -fno-caret-diagnostics -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix %t/in.c > /dev/null 2>&1 && diff %t/once.c %t/in.c
// RUN: %clang -x c -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clang -x c -O1 -fopenmp %t/in.c -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %t/in.c -o %t/fixed
// RUN: %tsan-env:exitcode=0 %t/fixed 2>&1 | python3 %S/Inputs/tsan-task-filter.py %t/in.c | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_thread_num(void) { return 0; }
#endif
#include <string.h>

#define W 32
#define NODES 127

struct node {
  double v[W];
  struct node *kid[2];
};

static double work[256][W];
static struct node tree[NODES];

static double weigh(struct node *t) {
  double *row = work[omp_get_thread_num()];
  double s = 0;
  for (int c = 0; c < 2; c++)
    if (t->kid[c]) {
#pragma omp task shared(s)
      {
        double k = weigh(t->kid[c]);
#pragma omp atomic
        s += k;
      }
    }
  // The node's own part, while the children run.
  memcpy(row, t->v, sizeof t->v);
  for (int i = 1; i < W; i++)
    row[i] += row[i - 1];
#pragma omp taskwait
  for (int i = 0; i < W; i++)
    s += row[i] * (i + 1);
  return s;
}

// Declined: the recursion takes the slot between two uses even without
// threads, and the result depends on that.
static double other[256][W];
static double weigh_first(struct node *t) {
  double *row = other[omp_get_thread_num()];
  memcpy(row, t->v, sizeof t->v);
  double s = 0;
  for (int c = 0; c < 2; c++)
    if (t->kid[c]) {
#pragma omp task shared(s)
      {
        double k = weigh_first(t->kid[c]);
#pragma omp atomic
        s += k;
      }
    }
#pragma omp taskwait
  for (int i = 0; i < W; i++)
    s += row[i];
  return s;
}

int main(void) {
  for (int n = 0; n < NODES; n++) {
    for (int i = 0; i < W; i++)
      tree[n].v[i] = (n * 7 + i) % 13;
    tree[n].kid[0] = 2 * n + 1 < NODES ? &tree[2 * n + 1] : 0;
    tree[n].kid[1] = 2 * n + 2 < NODES ? &tree[2 * n + 2] : 0;
  }
  double s = 0, f = 0;
#pragma omp parallel
#pragma omp single
  s = weigh(&tree[0]);
#pragma omp parallel
#pragma omp single
  f = weigh_first(&tree[0]);
  printf("%.0f\n", s);
  (void)f;
  return 0;
}
// DIAG: warning: 'work' is indexed by the thread number in code that keeps using its slot across 'taskwait': the thread's implicit task can be suspended there, and the thread then runs a child task that takes the same slot [privateer-threadid-index]
// DIAG: warning: 'other' is indexed by the thread number in code that keeps using its slot
// DIAG: note: no automatic fix: a nested call takes the same slot between two uses even without threads
// FIXED: double row_buffer[W];
// FIXED-NEXT: double *row = row_buffer;
// CLEAN: {{^[0-9]+$}}
