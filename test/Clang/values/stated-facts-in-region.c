// What the code states inside a parallel loop holds on the paths after it
// (`__builtin_assume(e)`, `if (!e) abort();`, an enclosing `#pragma omp
// assume holds(e)`), also of values the analysis cannot see: stated that
// the slot loaded for node is the node's own (step[w] == node), the branch
// `step[w] == root` runs for one node, and the shared scalar it writes
// has one writer. Stated nothing, stated of another value, stated after
// the access or in a block that ended before it: the race stays.
// RUN: %cc -fopenmp-version=51 -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

void abort(void);

void root_builtin(int n, const int *step, const int *work, int root, int *k38) {
#pragma omp parallel for
  for (int node = 0; node < n; ++node) {
    int w = work[node];
    __builtin_assume(step[w] == node);
    if (step[w] == root)
      *k38 = w;
  }
}

void root_abort(int n, const int *step, const int *work, int root, int *k38) {
#pragma omp parallel for
  for (int node = 0; node < n; ++node) {
    int w = work[node];
    if (step[w] != node)
      abort();
    if (step[w] == root)
      *k38 = w;
  }
}

void root_directive(int n, const int *step, const int *work, int root,
                    int *k38) {
#pragma omp parallel for
  for (int node = 0; node < n; ++node) {
    int w = work[node];
#pragma omp assume holds(step[w] == node)
    {
      if (step[w] == root)
        *k38 = w;
    }
  }
}

// A private value stated never to take the branch's value: the send path
// is dead.
void send_dead(int n, const int *cand, int *dest_shr, double *val_shr,
               double *a) {
#pragma omp parallel for
  for (int k = 0; k < n; ++k) {
    int dest = cand[k];
    __builtin_assume(dest != -1);
    if (dest == -1) {
      *dest_shr = dest;
      *val_shr = a[k];
    } else {
      a[k] += 1;
    }
  }
}

void root_unstated(int n, const int *step, const int *work, int root,
                   int *k38) {
#pragma omp parallel for
  for (int node = 0; node < n; ++node) {
    int w = work[node];
    if (step[w] == root)
      *k38 = w; // expected-warning {{'k38' is written by every iteration}}
  }
}

void root_other_value(int n, const int *step, const int *work, int root,
                      int *k38) {
#pragma omp parallel for
  for (int node = 0; node < n; ++node) {
    int w = work[node];
    __builtin_assume(work[node] >= 0);
    if (step[w] == root)
      *k38 = w; // expected-warning {{'k38' is written by every iteration}}
  }
}

void root_stated_after(int n, const int *step, const int *work, int root,
                       int *k38) {
#pragma omp parallel for
  for (int node = 0; node < n; ++node) {
    int w = work[node];
    if (step[w] == root)
      *k38 = w; // expected-warning {{'k38' is written by every iteration}}
    __builtin_assume(step[w] == node);
  }
}

void root_stated_in_ended_block(int n, const int *step, const int *work,
                                int root, int *k38) {
#pragma omp parallel for
  for (int node = 0; node < n; ++node) {
    int w = work[node];
    {
      __builtin_assume(step[w] == node);
    }
    if (step[w] == root)
      *k38 = w; // expected-warning {{'k38' is written by every iteration}}
  }
}

void send_unstated(int n, const int *cand, int *dest_shr, double *a) {
#pragma omp parallel for
  for (int k = 0; k < n; ++k) {
    int dest = cand[k];
    if (dest == -1)
      *dest_shr = dest; // expected-warning {{'dest_shr' is written by every}}
    else
      a[k] += 1;
  }
}

// A bound stated on a histogram's bin picks out no iteration: the bins
// are still fewer than the iterations.
void histogram_bound(int n, int nb, int *hist) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    int k = i % 4;
    __builtin_assume(k < nb);
    hist[k]++; // expected-warning {{iterations update 'hist' at the same}}
  }
}

// What the code states selects no iteration: every one still updates one
// of four bins, which counting proves a collision of.
void histogram_stated_index(int n, const int *key, int *hist) {
#pragma omp parallel for
  for (int i = 0; i < n; ++i) {
    int k = key[i] & 3;
    __builtin_assume(i >= 0);
    hist[k]++; // expected-warning {{iterations update 'hist' at the same}}
  }
}
