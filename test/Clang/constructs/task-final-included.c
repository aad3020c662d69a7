// Tasks made inside a final task are included: each runs to its end at
// once, before the code that created it goes on, so neither the creator
// nor a later sibling meets it. The final task itself is deferred like any
// other.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

void included_child(int *x, int *y) {
#pragma omp parallel
#pragma omp single
#pragma omp task final(1) shared(x, y)
  {
#pragma omp task shared(x)
    *x = 1;
    *y = *x + 1;
  }
}

void included_siblings(int *x) {
#pragma omp parallel
#pragma omp single
#pragma omp task final(1)
  {
#pragma omp task
    *x = 1;
#pragma omp task
    *x = 2;
  }
}

void included_in_loop(double *acc, const double *a, int n) {
#pragma omp parallel
#pragma omp single
#pragma omp task final(n > 0 || 1)
  for (int i = 0; i < n; i++) {
#pragma omp task
    *acc += a[i];
  }
}

void final_task_deferred(int *x, int *y) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task final(1) shared(x)
    *x = 1;
    *y = *x; // expected-warning {{'x' is read here while a task this code created may still be writing it}}
  }
}

void final_false(int *x, int *y) {
#pragma omp parallel
#pragma omp single
#pragma omp task final(0) shared(x, y)
  {
#pragma omp task shared(x)
    *x = 1;
    *y = *x; // expected-warning {{'x' is read here while a task this code created may still be writing it}}
  }
}
