// What orders tasks without a 'depend' chain of their own: a 'taskwait'
// between the iterations of an outer loop that generates them, and an
// undeferred task ('if(0)') whose 'depend' clause waits for an earlier
// sibling before the creating thread runs it. What does not: a wait that
// names another variable, an undeferred task without 'depend', a task
// whose 'if' may be true.
// RUN: %cc -fplugin-arg-privateer-report-may -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

int compute(int);
void use(int);

// --- Tasks created in two iterations of a loop with a taskwait between ---

void waited_per_sweep(int *a, int n, int sweeps) {
  for (int it = 0; it < sweeps; it++) {
    for (int k = 0; k < n; k++) {
#pragma omp task shared(a)
      a[k] += it;
    }
#pragma omp taskwait
  }
}

void waited_before_each_sweep(int *a, int n, int sweeps) {
  for (int it = 0; it < sweeps; it++) {
#pragma omp taskwait
    for (int k = 0; k < n; k++) {
#pragma omp task shared(a)
      a[k] += it;
    }
  }
}

// Two levels of loops inside the waiting one: their tasks still race.
void waited_per_sweep_tiles(int *a, int n, int sweeps) {
  for (int it = 0; it < sweeps; it++) {
    for (int b = 0; b < 4; b++)
      for (int k = 0; k < n; k++) {
#pragma omp task shared(a)
        a[k] += b; // expected-warning {{tasks update 'a' at the same element without synchronization}}
      }
#pragma omp taskwait
  }
}

// Without the wait, tasks of different sweeps update one element.
void not_waited(int *a, int n, int sweeps) {
  for (int it = 0; it < sweeps; it++) {
    for (int k = 0; k < n; k++) {
#pragma omp task shared(a)
      a[k] += it; // expected-warning {{tasks update 'a' at the same element without synchronization}}
    }
  }
#pragma omp taskwait
}

// The wait orders sweeps, not the tasks of one sweep.
void waited_same_sweep(int *a, int n, int sweeps) {
  for (int it = 0; it < sweeps; it++) {
    for (int k = 0; k < n; k++) {
#pragma omp task shared(a)
      a[it] += k; // expected-warning {{tasks update 'a' at the same element without synchronization}}
    }
#pragma omp taskwait
  }
}
