// Worksharing loops inside a parallel region, nested parallel regions and an
// orphaned '#pragma omp for' in a function called from a parallel region.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

double f(int);

void for_in_parallel_locals(double *out, int n) {
#pragma omp parallel
  {
    double tmp; // private to each thread
    double row[4];
#pragma omp for
    for (int i = 0; i < n; i++) {
      tmp = f(i);
      for (int k = 0; k < 4; k++)
        row[k] = tmp + k;
      out[i] = row[3];
    }
  }
}

void for_in_parallel_shared(double *out, int n) {
  double tmp;
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++) {
      tmp = f(i); // expected-warning {{shared buffer 'tmp' is scratch that every iteration overwrites;}}
      out[i] = tmp * tmp;
    }
  }
}

double for_in_parallel_sum(int n) {
  double sum = 0;
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      sum += f(i); // expected-warning {{'sum' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]}}
  }
  return sum;
}

double for_in_parallel_local_sum(double *partial, int n) {
#pragma omp parallel
  {
    double local = 0;
#pragma omp for
    for (int i = 0; i < n; i++)
      local += f(i);
#pragma omp critical
    partial[0] += local;
  }
  return partial[0];
}

void nested_parallel_per_element(double *a, int n, int m) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp parallel for
    for (int j = 0; j < m; j++)
      a[i * m + j] = f(i + j);
  }
}

void nested_parallel_inner_scratch(double *a, int n, int m) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double tmp; // private to the outer iteration, shared by the inner loop
#pragma omp parallel for
    for (int j = 0; j < m; j++) {
      tmp = f(j); // expected-warning {{shared buffer 'tmp' is scratch that every iteration overwrites;}}
      a[i * m + j] = tmp;
    }
  }
}

void nested_parallel_outer_row(double *a, int n, int m) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
#pragma omp parallel for
    for (int j = 0; j < m; j++)
      a[j] = f(i + j); // expected-warning {{'a' is written by every}}
  }
}

void nested_in_region_replicated(double *a, int m) {
#pragma omp parallel
  {
    // Every thread of the outer region runs the whole inner loop.
#pragma omp parallel for
    for (int j = 0; j < m; j++)
      a[j] = f(j); // expected-warning {{'a' is written by every}}
  }
}

static void orphan_fill(double *out, int n) {
#pragma omp for
  for (int i = 0; i < n; i++)
    out[i] = f(i);
}

void call_orphan_fill(double *out, int n) {
#pragma omp parallel
  orphan_fill(out, n);
}

static double orphan_scratch_g;

static void orphan_scratch(double *out, int n) {
#pragma omp for
  for (int i = 0; i < n; i++) {
    orphan_scratch_g = f(i); // expected-warning {{shared buffer 'orphan_scratch_g' is scratch that every iteration overwrites;}}
    out[i] = orphan_scratch_g;
  }
}

void call_orphan_scratch(double *out, int n) {
#pragma omp parallel
  orphan_scratch(out, n);
}

static void orphan_local_scratch(double *out, int n) {
  double tmp[4]; // each thread calling this has its own
#pragma omp for
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 4; k++)
      tmp[k] = f(i + k);
    out[i] = tmp[3];
  }
}

void call_orphan_local_scratch(double *out, int n) {
#pragma omp parallel
  orphan_local_scratch(out, n);
}

// A workspace passed in by the caller: each thread of the caller's region
// may pass its own (here it does), so what a parameter points to is not
// taken as shared by an orphaned construct.
static void orphan_param_scratch(double *tmp, double *out, int n) {
#pragma omp for
  for (int i = 0; i < n; i++) {
    tmp[0] = f(i);
    out[i] = tmp[0] * 2;
  }
}

void call_orphan_param_scratch(double *out, int n) {
#pragma omp parallel
  {
    double tmp[1];
    orphan_param_scratch(tmp, out, n);
  }
}

// Not orphaned: the region is in the same function, so the parameter's
// memory is the one buffer every thread sees.
void param_scratch_in_region(double *tmp, double *out, int n) {
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++) {
      tmp[0] = f(i); // expected-warning {{shared buffer 'tmp' is scratch that every iteration overwrites;}}
      out[i] = tmp[0] * 2;
    }
  }
}
