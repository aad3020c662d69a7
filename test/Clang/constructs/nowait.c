// Two worksharing loops of one team with no barrier between them (the
// first ends with 'nowait'): an element one writes and the other accesses
// in another iteration races. Iteration k of two loops with the same
// bounds and static schedules runs on one thread, so `a[i]` then `a[i]` is
// the idiom and stays silent; a dynamic schedule gives no such guarantee.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc %s 2>&1 | FileCheck %s

double work(int);

void neighbour_read(int n, double *a, double *b) {
#pragma omp parallel
  {
#pragma omp for nowait
    for (int i = 0; i < n; i++)
      a[i] = work(i);
#pragma omp for
    for (int i = 1; i < n; i++)
      b[i] = a[i - 1]; // expected-warning {{'a' is written by the previous loop, which ends with 'nowait', and read here in other iterations}}
  }
}
// CHECK: note: the previous loop writes 'a[i]' here
// CHECK: note: this 'omp for' ends with 'nowait': without it, the barrier at its end would order the two loops

void same_element_dynamic(int n, double *a, double *b) {
#pragma omp parallel
  {
#pragma omp for nowait schedule(dynamic)
    for (int i = 0; i < n; i++)
      a[i] = work(i);
#pragma omp for
    for (int i = 0; i < n; i++)
      b[i] = a[i] * 2; // expected-warning {{'a' is written by the previous loop, which ends with 'nowait'}}
  }
}

void neighbour_update(int n, double *a) {
#pragma omp parallel
  {
#pragma omp for nowait
    for (int i = 0; i < n; i++)
      a[i] = work(i);
#pragma omp for
    for (int i = 0; i < n - 1; i++)
      a[i + 1] += 1; // expected-warning {{'a' is written by the previous loop, which ends with 'nowait', and updated here}}
  }
}

void same_element_static(int n, double *a, double *b) {
#pragma omp parallel
  {
#pragma omp for nowait schedule(static)
    for (int i = 0; i < n; i++)
      a[i] = work(i);
#pragma omp for schedule(static)
    for (int i = 0; i < n; i++)
      b[i] = a[i] * 2;
  }
}

void other_buffers(int n, double *a, const double *b, double *c) {
#pragma omp parallel
  {
#pragma omp for nowait
    for (int i = 0; i < n; i++)
      a[i] = work(i);
#pragma omp for
    for (int i = 0; i < n; i++)
      c[i] = b[i + 1] * 2;
  }
}

void with_barrier(int n, double *a, double *b) {
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = work(i);
#pragma omp for
    for (int i = 1; i < n; i++)
      b[i] = a[i - 1];
  }
}

void explicit_barrier(int n, double *a, double *b) {
#pragma omp parallel
  {
#pragma omp for nowait
    for (int i = 0; i < n; i++)
      a[i] = work(i);
#pragma omp barrier
#pragma omp for
    for (int i = 1; i < n; i++)
      b[i] = a[i - 1];
  }
}

void reads_only(int n, const double *a, double *b, double *c) {
#pragma omp parallel
  {
#pragma omp for nowait
    for (int i = 0; i < n; i++)
      b[i] = a[i + 1];
#pragma omp for
    for (int i = 0; i < n; i++)
      c[i] = a[i] + 1;
  }
}

// Code each thread runs on its own between the loops does not wait.
void plain_code_between(int n, double *a, double *b) {
#pragma omp parallel
  {
    double scale;
#pragma omp for nowait
    for (int i = 0; i < n; i++)
      a[i] = work(i);
    scale = 0.5;
    if (n > 100)
      scale = 0.25;
#pragma omp for
    for (int i = 1; i < n; i++)
      b[i] = a[i - 1] * scale; // expected-warning {{'a' is written by the previous loop, which ends with 'nowait', and read here in other iterations}}
  }
}

// A function that may hold a barrier (its body is not seen), or one that
// does, between the loops: prefer silence.
void sync_team(void);
static void sync_seen(void) {
#pragma omp barrier
}
void call_between(int n, double *a, double *b) {
#pragma omp parallel
  {
#pragma omp for nowait
    for (int i = 0; i < n; i++)
      a[i] = work(i);
    sync_team();
#pragma omp for
    for (int i = 1; i < n; i++)
      b[i] = a[i - 1];
#pragma omp for nowait
    for (int i = 0; i < n; i++)
      a[i] = work(i);
    sync_seen();
#pragma omp for
    for (int i = 1; i < n; i++)
      b[i] = a[i - 1];
  }
}
