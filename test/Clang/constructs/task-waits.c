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

// --- An undeferred task that waits for an earlier sibling ---

void undeferred_waits(void) {
  int total = 0;
#pragma omp task depend(out: total) shared(total)
  total = compute(1);
#pragma omp task depend(in: total) if (0)
  {
  }
  use(total);
  total = 0;
#pragma omp taskwait
}

// The undeferred task's own body runs after the sibling has finished.
void undeferred_reads_result(void) {
  int total = 0;
#pragma omp task depend(out: total) shared(total)
  total = compute(1);
#pragma omp task depend(in: total) if (0) shared(total)
  use(total);
  total = 2;
#pragma omp taskwait
}

// A task created after the wait starts after the sibling has finished.
void later_sibling_after_wait(void) {
  int total = 0;
#pragma omp task depend(inout: total) shared(total)
  total += compute(1);
#pragma omp task depend(in: total) if (0)
  {
  }
#pragma omp task shared(total)
  total += compute(2);
#pragma omp taskwait
}

// 'depend(in)' on another variable waits for another task.
void undeferred_waits_for_other(void) {
  int total = 0, other = 0;
#pragma omp task depend(out: total) shared(total)
  total = compute(1);
#pragma omp task depend(in: other) if (0)
  {
  }
  use(total); // expected-warning {{'total' is read here while a task this code created may still be writing it}}
#pragma omp taskwait
}

// Without 'depend', an undeferred task waits for no sibling, and its body
// runs beside them.
void undeferred_without_depend(void) {
  int total = 0;
#pragma omp task shared(total)
  total = compute(1);
#pragma omp task if (0) shared(total)
  use(total); // expected-warning {{'total' is read by this task and written by a sibling task created before it}}
  use(total); // expected-warning {{'total' is read here while a task this code created may still be writing it}}
#pragma omp taskwait
}

// Both 'in': the first task only reads, the undeferred one waits for no
// write; a later writer still races with the first reader.
void undeferred_both_in(int *buf) {
#pragma omp task depend(in: buf[0]) shared(buf)
  use(buf[0]);
#pragma omp task depend(in: buf[0]) if (0)
  {
  }
  buf[0] = 1; // expected-warning {{'buf' is written here while a task this code created may still be reading it}}
#pragma omp taskwait
}

// An 'if' that may be true leaves the task deferred.
void maybe_deferred(int c) {
  int total = 0;
#pragma omp task depend(out: total) shared(total)
  total = compute(1);
#pragma omp task depend(in: total) if (c)
  {
  }
  use(total); // expected-warning {{'total' is read here while a task this code created may still be writing it}}
#pragma omp taskwait
}
