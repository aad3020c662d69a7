// Loops whose step is known only at run time (`i += nthreads`, `c += s`):
// the loop variable takes start + s*k for k = 0, 1, ..., with s >= 1. Each
// thread's cyclic share is its own; a start or a step that lets two threads
// meet is a race, and a step the body changes or that differs per work
// item leaves the variable unknown ("may").
// RUN: %cc -Xclang -verify=expected -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc -fplugin-arg-privateer-report-may -Xclang -verify=expected,may -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc -Xclang -verify-ignore-unexpected=warning %s 2>&1 | FileCheck %s

int omp_get_thread_num(void);
int omp_get_num_threads(void);
int next_stride(int);

// --- Silent: every element has one owner. ---

void cyclic_by_team_size(float *a, int n) {
#pragma omp parallel
  {
    for (int i = omp_get_thread_num(); i < n; i += omp_get_num_threads())
      a[i] = a[i] * 0.5f;
  }
}

void cyclic_through_locals(double *x, const double *y, int n) {
#pragma omp parallel
  {
    int tid = omp_get_thread_num(), nt = omp_get_num_threads();
    for (int i = tid; i < n; i = i + nt)
      x[i] += y[i];
  }
}

// Rows dealt out cyclically, L elements each: (tid + j*nt)*L + k.
void cyclic_rows(float *a, int n, int L) {
#pragma omp parallel
  {
    int tid = omp_get_thread_num(), nt = omp_get_num_threads();
    for (int j = 0; tid + j * nt < n; j++)
      for (int k = 0; k < L; k++)
        a[(tid + j * nt) * L + k] = 1.0f;
  }
}

// An inner loop with a runtime step stays inside its row.
void sparse_columns(float *a, int n, int s) {
#pragma omp parallel for
  for (int r = 0; r < 64; r++)
    for (int c = 0; c < n; c += s)
      a[r * n + c] = 0.0f;
}

// --- Firing: the shares overlap. ---

void start_shared_by_two(float *a, int n) {
#pragma omp parallel
  {
    int tid = omp_get_thread_num(), nt = omp_get_num_threads();
    for (int i = tid / 2; i < n; i += nt)
      a[i] = a[i] * 0.5f; // expected-warning {{threads update 'a' at the same element}}
  }
}
// CHECK: runtime-step.c:[[@LINE-3]]:7: note: thread 0 and thread 1 both update 'a[0]'

void step_below_team_size(float *a, int n) {
#pragma omp parallel
  {
    int tid = omp_get_thread_num(), nt = omp_get_num_threads();
    for (int i = tid; i < n; i += nt - 1)
      a[i] = 1.0f; // expected-warning {{'a' is written by}}
  }
}

// --- "May": the step is not one value the model can name. ---

void step_from_unseen_call(float *a, int n) {
#pragma omp parallel
  {
    int tid = omp_get_thread_num();
    for (int i = tid; i < n; i += next_stride(tid))
      a[i] += 1.0f; // may-warning {{threads can update 'a'}}
  }
}

void step_changed_in_body(float *a, int n) {
#pragma omp parallel
  {
    int tid = omp_get_thread_num(), nt = omp_get_num_threads();
    for (int i = tid; i < n; i += nt) {
      a[i] += 1.0f; // may-warning {{threads can update 'a'}}
      nt = 1;
    }
  }
}
