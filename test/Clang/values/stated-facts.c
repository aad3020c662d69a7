// Facts the code states: a copy `a[i] = a[i + k]` races when k < n, and
// each function below states k >= n in one way (no iteration then reads
// what another writes): an enclosing `#pragma omp assume holds(...)`,
// `__builtin_assume`, `assert`, `__attribute__((assume))`, a branch that
// returns or stops the program, the branch the construct is in, the
// construct's `if` clause. A fact whose variable may change after it
// (its address taken), made after the construct, or on a branch the
// construct is not in states nothing about it.
// RUN: %cc -fopenmp-version=51 -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc -fopenmp-version=51 -DNDEBUG -DNO_ASSERT -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <assert.h>
#include <stdlib.h>

void omp_assume(int n, int k, double *a) {
#pragma omp assume holds(k >= n)
  {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      a[i] = a[i + k];
  }
}

void builtin_assume(int n, int k, double *a) {
  __builtin_assume(k >= n);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + k];
}

// With NDEBUG the assertion is gone, and so is the fact.
void asserted(int n, int k, double *a) {
  assert(k >= n);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
#ifdef NO_ASSERT
    a[i] = a[i + k]; // expected-warning {{'a' is written by one iteration and read by another}}
#else
    a[i] = a[i + k];
#endif
}

// Before the team that runs the loop, and in the team's code before it.
void asserted_around_team(int n, int k, double *a) {
  __builtin_assume(k >= n);
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = a[i + k];
  }
}

void asserted_in_team(int n, int k, double *a) {
#pragma omp parallel
  {
    if (k < n)
      abort();
#pragma omp for
    for (int i = 0; i < n; i++)
      a[i] = a[i + k];
  }
}

void attribute_assume(int n, int k, double *a) {
  __attribute__((assume(k >= n)));
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + k];
}

void returns_unless(int n, int k, double *a) {
  if (k < n)
    return;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + k];
}

void aborts_unless(int n, int k, double *a) {
  if (!(k >= n)) {
    abort();
  }
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + k];
}

void in_branch(int n, int k, double *a) {
  if (k >= n) {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      a[i] = a[i + k];
  } else {
    for (int i = 0; i < n; i++)
      a[i] = a[i + k];
  }
}

// The loop runs on several threads only where its 'if' holds.
void if_clause(int n, int k, double *a) {
#pragma omp parallel for if(k >= n)
  for (int i = 0; i < n; i++)
    a[i] = a[i + k];
}

// A team of 'num_threads(nt)' where nt is 1 is one thread.
void one_thread(int nt, double x, double *y) {
  double t;
  if (nt == 1) {
#pragma omp parallel num_threads(nt)
    {
      t = 2 * x;
      *y = t;
    }
  }
}

// The same for a loop: the facts about nt (nt == 1 and a team of at
// least two) contradict each other, whatever the loop's indices.
void one_thread_loop(int nt, int n, double *a) {
  if (nt == 1) {
#pragma omp parallel for num_threads(nt)
    for (int i = 0; i < n; i++)
      a[i] = a[i + 1];
  }
}

// --- What states nothing about the construct ---

// The region reads k as the parameter (the store through p is not
// followed): a fact on k stated while its address is taken says nothing.
void changed_through_pointer(int n, int k, double *a) {
  int *p = &k;
  __builtin_assume(k >= n);
  *p = 1;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + k]; // expected-warning {{'a' is written by one iteration and read by another}}
}

void address_taken(int n, int k, double *a, void (*f)(int *)) {
  f(&k);
  __builtin_assume(k >= n);
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + k]; // expected-warning {{'a' is written by one iteration and read by another}}
}

void after_construct(int n, int k, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + k]; // expected-warning {{'a' is written by one iteration and read by another}}
  __builtin_assume(k >= n);
}

void other_branch(int n, int k, double *a) {
  if (k >= n) {
    a[0] = 0;
  } else {
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      a[i] = a[i + k]; // expected-warning {{'a' is written by one iteration and read by another}}
  }
}

// A team of two is parallel.
void two_threads_loop(int nt, int n, double *a) {
  if (nt == 2) {
#pragma omp parallel for num_threads(nt)
    for (int i = 0; i < n; i++)
      a[i] = a[i + 1]; // expected-warning {{'a' is written by one iteration and read by another}}
  }
}
