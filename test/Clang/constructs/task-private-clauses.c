// A task nested in a work item (a parallel region's thread, a loop's
// iteration) gets its own copy of what its 'private' and 'firstprivate'
// clauses name: a scratch written only there does not race. The work
// item's own variable of that name, and the memory a private pointer
// points to, are still shared.
// RUN: %cc -fplugin-arg-privateer-report-may -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <omp.h>

double f(int);

void private_in_region(int *owner) {
  int t;
#pragma omp parallel
  {
#pragma omp task private(t)
    {
      t = omp_get_thread_num();
      owner[t] = t;
    }
  }
}

void private_in_loop(double *out, int n) {
  double t;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp task private(t)
    {
      t = f(i);
      out[i] = t * t;
    }
  }
}

void firstprivate_in_loop(double *out, int n) {
  double t = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp task firstprivate(t)
    {
      t += f(i);
      out[i] = t;
    }
  }
}

void shared_in_loop(double *out, int n) {
  double t;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp task
    {
      t = f(i); // expected-warning {{shared buffer 't' is scratch that every task overwrites}}
      out[i] = t * t;
    }
  }
}

// The task's copy is its own; the iteration still writes the shared t.
void private_in_task_shared_outside(double *out, int n) {
  double t;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp task private(t)
    {
      t = f(i);
      out[i] = t;
    }
    t = f(-i); // expected-warning {{shared buffer 't' is scratch that every iteration overwrites}}
    out[n + i] = t;
  }
}

// A firstprivate pointer is a copy of the pointer: what it points to is
// shared by every task.
void firstprivate_pointer(double *acc, int n) {
  double *p = acc;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp task firstprivate(p)
    p[0] += f(i); // expected-warning {{tasks update 'acc' at the same element without synchronization}}
  }
}

// In a 'single' region with a private clause of its own.
void single_private(double *out, int n) {
  double t;
#pragma omp parallel
  {
#pragma omp single private(t)
    {
      t = f(n);
      out[0] = t;
    }
  }
}
