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

// MUMPS's guard: thread 1 does the work, or thread 0 in a team of one;
// never two threads at once (also in a worksharing loop).
void thread_one_or_team_of_one(int *lpos, int *hist, int base, int n) {
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1 || omp_get_num_threads() == 1)
      *lpos = base + 2;
  }
#pragma omp parallel
  {
    int nt = omp_get_num_threads();
    if (nt == 1 || omp_get_thread_num() == nt - 1)
      *lpos = base;
  }
#pragma omp parallel for
  for (int k = 0; k < n; ++k)
    if (omp_get_thread_num() == 3 || omp_get_num_threads() == 1)
      hist[0] += k;
}

// --- Firing: the condition leaves several threads. ---

void two_thread_guards(int *flag) {
#pragma omp parallel
  {
    int tid = omp_get_thread_num();
    if (tid == 0 || tid == 1)
      *flag = tid; // expected-warning {{'flag' is written by}}
  }
}

void thread_guard_or_team_size_test(int *flag) {
#pragma omp parallel num_threads(4)
  {
    if (omp_get_thread_num() == 0 || omp_get_num_threads() == 4)
      *flag = omp_get_thread_num(); // expected-warning {{'flag' is written by}}
  }
}

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

// --- "May": the thread number comes from a function the unit cannot see. ---

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

// A block end computed in a way the model cannot express (a choice and
// floating-point arithmetic, GraphBLAS's GB_PARTITION): a test that it
// equals n may select the last block alone.
#define PART(t, n, nt) (((t) * ((double)(n))) / ((double)(nt)))
void partition_by_choice(long *count, long n, int nt) {
#pragma omp parallel for
  for (int t = 0; t < nt; t++) {
    long iend = (t == nt - 1) ? n : PART(t + 1, n, nt);
    if (iend == n)
      count[n] = t; // may-warning {{'count' may be written by}}
  }
}

// A test on data loaded from memory says nothing of how many iterations
// pass it: the race stays certain.
void data_selects(long *count, const long *key, long n, int nt) {
#pragma omp parallel for
  for (int t = 0; t < nt; t++)
    if (key[t] == n)
      count[0] = t; // expected-warning {{'count' is written by}}
}


// The other branch of a test on an unseen thread number: which threads take
// it is unknown too.
void unseen_thread_else(int *total, int *per, int n) {
#pragma omp parallel
  {
    int me = other_file_thread_num();
    if (me > 0)
      per[me] = n;
    else
      *total += n; // may-warning {{threads can update 'total'}}
  }
}

// A loop bound or a branch on a value loaded from memory or returned by a
// call with arguments is an input like a parameter: the race stays certain.
struct Opts {
  int n;
};
int limit(int level);
void loaded_bound(const struct Opts *o, long *ops) {
#pragma omp parallel for
  for (int i = 0; i < o->n; i++)
    (*ops)++; // expected-warning {{iterations update 'ops' at the same element}}
}

void call_with_arguments_guard(long *ops, int n) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (limit(3) > 0)
      (*ops)++; // expected-warning {{iterations update 'ops' at the same element}}
}

// FastTree's SetBestHit: the witness needs values loaded from memory only
// in a bound and a branch (t->maxnode, t->parent[j]), not in the element
// written: the race on *bestjoin is certain.
struct Hit {
  double criterion;
  int i, j;
};
struct Tree {
  int maxnode;
  int *parent;
};
void set_best_hit(int node, const struct Tree *t, struct Hit *bestjoin,
                  struct Hit *allhits) {
  struct Hit tmp;
  bestjoin->criterion = 1e20;
#pragma omp parallel for schedule(dynamic, 50)
  for (int j = 0; j < t->maxnode; j++) {
    struct Hit *sv = allhits != 0 ? &allhits[j] : &tmp;
    sv->j = j;
    if (t->parent[j] >= 0)
      continue;
    sv->criterion = j * 0.5;
    if (sv->criterion < bestjoin->criterion && node != j)
      *bestjoin = *sv; // expected-warning {{'bestjoin' is written by every iteration}}
  }
}
