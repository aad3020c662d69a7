// Facts about thread numbers and team sizes that correct programs rely on:
// a branch's condition holds for the accesses under it, the team has at
// least two threads unless the program says otherwise, omp_get_num_threads()
// is the team's size and a thread number is below it, and a thread number
// from a function the unit cannot see makes what depends on it "may".
// RUN: %cc -Xclang -verify=expected -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc -fplugin-arg-privateer-report-may -Xclang -verify=expected,may -Xclang -verify-ignore-unexpected=note %s

int omp_get_thread_num(void);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
int other_file_thread_num(void);
int other_file_num_threads(void);

// --- Silent: the condition leaves one thread or one iteration. ---

// The last iteration alone writes the total (a cumulative sum's carry).
void last_block_writes_total(long *count, const long *ws, int n, int nb) {
#pragma omp parallel for
  for (int t = 0; t < nb; t++) {
    int iend = (t + 1) * n / nb;
    long s = 0;
    for (int u = 0; u < t; u++)
      s += ws[u];
    for (int i = t * n / nb; i < iend; i++) {
      long c = count[i];
      count[i] = s;
      s += c;
    }
    if (iend == n)
      count[n] = s;
  }
}

// The last thread of the team alone writes the tail.
void last_thread_writes_tail(double *v, double *tail, int n) {
#pragma omp parallel
  {
    int tid = omp_get_thread_num();
    int nt = omp_get_num_threads();
    for (int i = tid * 64; i < tid * 64 + 64 && i < n; i++)
      v[i] = 2.0 * i;
#pragma omp barrier
    if (tid == nt - 1)
      *tail = v[0];
  }
}

// A condition on both sides: thread 0 and thread nt-1 write different cells.
void ends_of_the_team(int *ends) {
#pragma omp parallel
  {
    int tid = omp_get_thread_num(), nt = omp_get_num_threads();
    if (tid == 0)
      ends[0] = nt;
    else if (tid == nt - 1)
      ends[1] = nt;
  }
}

// --- Firing: the condition leaves several threads. ---

void first_two_threads(int *flag) {
#pragma omp parallel
  {
    int tid = omp_get_thread_num();
    if (tid < 2)
      *flag = tid; // expected-warning {{'flag' is written by}}
  }
}

void all_but_thread_zero(int *last) {
#pragma omp parallel
  {
    int tid = omp_get_thread_num();
    if (!(tid == 0))
      *last = tid; // expected-warning {{'last' is written by}}
  }
}

// --- "May": the thread number comes from a function the unit cannot see,
// or a loop steps by a value known only at run time. ---

void cyclic_by_team_size(float *a, int n) {
#pragma omp parallel
  {
    for (int i = omp_get_thread_num(); i < n; i += omp_get_num_threads())
      a[i] = a[i] * 0.5f; // may-warning {{threads can update 'a'}}
  }
}

void unseen_thread_number(int *count, int *total, int n) {
#pragma omp parallel
  {
    int me = other_file_thread_num();
    int nt = other_file_num_threads();
    for (int i = me; i < n; i += nt)
      count[i] = i;
    if (me == 0)
      *total = n; // may-warning {{'total' may be written by}}
  }
}
