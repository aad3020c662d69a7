// Pointer parameters of a function with an orphaned 'omp for': the calls in
// the unit decide whether what they point to is each thread's own (a local
// of a function every thread calls, a local declared inside the caller's
// 'parallel', or one its clauses privatize: silent) or the team's (a local
// declared outside the 'parallel' around the call, a global: reported, with
// the call that passes it). Where no caller is seen the finding is "may".
// RUN: %cc -Xclang -verify=expected -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc -fplugin-arg-privateer-report-may -Xclang -verify=expected,may -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc %s 2>&1 | FileCheck %s

#define B 64
double shared_scratch[B];

static void rows(int n, const double *x, double *out, double *scratch) {
#pragma omp for
  for (int k = 0; k < n; k++) {
    for (int j = 0; j < B; j++)
      scratch[j] = x[k * B + j] * 2.0; // expected-warning {{shared buffer 'scratch' is scratch that every iteration overwrites}}
    double s = 0;
    for (int j = 0; j < B; j++)
      s += scratch[j];
    out[k] = s;
  }
}

void team_shares_local(int n, const double *x, double *out) {
  double tmp[B];
#pragma omp parallel
  rows(n, x, out, tmp);
}

static void rows_global(int n, const double *x, double *out, double *scratch) {
#pragma omp for
  for (int k = 0; k < n; k++) {
    for (int j = 0; j < B; j++)
      scratch[j] = x[k * B + j]; // expected-warning {{shared buffer 'scratch' is scratch}}
    out[k] = scratch[0] + scratch[B - 1];
  }
}
void global_scratch(int n, const double *x, double *out) {
#pragma omp parallel
  rows_global(n, x, out, shared_scratch);
}

static void rows_private(int n, const double *x, double *out, double *scratch) {
#pragma omp for
  for (int k = 0; k < n; k++) {
    for (int j = 0; j < B; j++)
      scratch[j] = x[k * B + j];
    out[k] = scratch[0];
  }
}
void privatized(int n, const double *x, double *out) {
  double tmp[B];
#pragma omp parallel private(tmp)
  rows_private(n, x, out, tmp);
}

static void inner(int n, const double *x, double *out, double *scratch) {
#pragma omp for
  for (int k = 0; k < n; k++) {
    for (int j = 0; j < B; j++)
      scratch[j] = x[k * B + j];
    out[k] = scratch[1];
  }
}
static void middle(int n, const double *x, double *out, double *w) {
  inner(n, x, out, w);
}
static void outer(int n, const double *x, double *out) {
  double mine[B];
  middle(n, x, out, mine);
}
void two_levels(int n, const double *x, double *out) {
#pragma omp parallel
  outer(n, x, out);
}

void unseen_callers(int n, const double *x, double *out, double *scratch) {
#pragma omp for
  for (int k = 0; k < n; k++) {
    for (int j = 0; j < B; j++)
      scratch[j] = x[k * B + j]; // may-warning {{shared buffer 'scratch' may be scratch}}
    out[k] = scratch[2];
  }
}

// A local array passed inside a 'parallel' that declares it: each thread's.
static void rows_inside(int n, const double *x, double *out, double *scratch) {
#pragma omp for
  for (int k = 0; k < n; k++) {
    for (int j = 0; j < B; j++)
      scratch[j] = x[k * B + j];
    out[k] = scratch[3];
  }
}
void declared_inside(int n, const double *x, double *out) {
#pragma omp parallel
  {
    double own[B];
    rows_inside(n, x, out, own);
  }
}

// CHECK: orphaned-callers.c:29:19: note: a caller passes 'tmp' for 'scratch' here, memory that every thread of its team shares
// CHECK: note: a caller passes 'shared_scratch' for 'scratch' here, memory that every thread of its team shares
