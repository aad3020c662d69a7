// privateer-threadid-index in C: per-thread counters (false sharing), slots
// fewer than threads, and tasks that keep a thread's slot across a
// scheduling point; padded, once-per-thread and read-only uses are silent.
// RUN: %cc -fplugin-arg-privateer-report-may -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
#include <omp.h>

long hits[256];

void counters(int n, const int *x) {
#pragma omp parallel num_threads(8)
  {
    int t = omp_get_thread_num();
    for (int i = 0; i < n; i++)
      if (x[i] % 8 == t)
        hits[t]++; // expected-warning {{threads write 'hits[t]' in a loop, and 8 slots of 8 bytes share each 64-byte cache line}}
  }
}

void partial_sums(int n, const double *x, double *part) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    part[omp_get_thread_num()] += x[i]; // expected-warning {{threads write 'part[omp_get_thread_num()]' in a loop}}
}

// Padded slots, a local accumulator, and one write per thread: silent.
typedef struct {
  _Alignas(64) long value;
} padded_long;
padded_long padded[256];

void counters_padded(int n, const int *x) {
#pragma omp parallel num_threads(8)
  {
    int t = omp_get_thread_num();
    for (int i = 0; i < n; i++)
      if (x[i] % 8 == t)
        padded[t].value++;
  }
}

void counters_local(int n, const int *x) {
#pragma omp parallel num_threads(8)
  {
    int t = omp_get_thread_num();
    long mine = 0;
    for (int i = 0; i < n; i++)
      mine += x[i] % 8 == t;
    hits[t] = mine;
  }
}

void read_only(int n, const double *scale, double *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    out[i] = scale[omp_get_thread_num()] * i;
}

// Fewer slots than threads.
double few[8];

void too_many_threads(const double *x) {
#pragma omp parallel num_threads(16)
  few[omp_get_thread_num()] = x[0]; // expected-warning {{'few' has 8 elements but is indexed by the thread number, and 'num_threads(16)' makes thread 8 access past its end}}
}

void team_set_at_run_time(const double *x) {
#pragma omp parallel
  few[omp_get_thread_num()] = x[0]; // expected-warning {{'few' has 8 elements but is indexed by the thread number, and nothing bounds the team of this 'omp parallel': with more than 8 threads (OMP_NUM_THREADS, or a machine with more cores), thread 8 accesses past its end}}
}

void enough_slots(const double *x) {
#pragma omp parallel num_threads(8)
  few[omp_get_thread_num()] = x[0];
}

// Tasks: the slot is held across a scheduling point where the thread can
// run the task's children, and a child takes a slot of its own.
static void child_work(double *buf, double *out, int i) {
  buf[omp_get_thread_num()] = i;
  out[i] = buf[omp_get_thread_num()];
}

void task_slot(int n, double *buf, double *out) {
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task
    {
      int t = omp_get_thread_num();
      buf[t] = i; // expected-warning {{'buf' is indexed by the thread number in a task that keeps using its slot across 'taskwait', where the thread can run another task that takes the same slot}}
#pragma omp task
      child_work(buf, out, i + n);
#pragma omp taskwait
      out[i] += buf[t];
    }
  }
}

// The same, but the child takes no slot: a tied task's thread runs only
// the task's descendants while it waits, so no other task takes the slot.
// Silent.
void task_slot_child_without_slot(int n, double *buf, double *out) {
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task
    {
      int t = omp_get_thread_num();
      buf[t] = i;
#pragma omp task
      out[i] = i;
#pragma omp taskwait
      out[i] += buf[t];
    }
  }
}

// An untied task with the same child is reported: it can resume on
// another thread.
void task_slot_untied_child_without_slot(int n, double *buf, double *out) {
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task untied
    {
      int t = omp_get_thread_num();
      buf[t] = i; // expected-warning {{'buf' is indexed by the thread number in an untied task}}
#pragma omp task
      out[i] = i;
#pragma omp taskwait
      out[i] += buf[t];
    }
  }
}

// A tied task without children: while it waits its thread runs only its
// descendants, and it has none. Silent.
void task_slot_no_children(int n, double *buf, double *out) {
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task
    {
      int t = omp_get_thread_num();
      buf[t] = i;
#pragma omp taskwait
      out[i] = buf[t];
    }
  }
}

// The slot is written again after the wait before it is read: silent.
void task_slot_rewritten(int n, double *buf, double *out) {
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task
    {
      int t = omp_get_thread_num();
      buf[t] = i;
#pragma omp task
      out[i] = i;
#pragma omp taskwait
      buf[t] = 2 * i;
      out[i] += buf[t];
    }
  }
}

void untied_task(int n, double *buf, double *out) {
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task untied
    {
#pragma omp task
      out[i] = i;
      buf[omp_get_thread_num()] = i; // expected-warning {{'buf' is indexed by the thread number in an untied task}}
    }
  }
}

// A task that uses its slot without suspending in between: silent.
void task_no_suspension(int n, double *buf, double *out) {
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task
    {
      int t = omp_get_thread_num();
      buf[t] = i;
      out[i] = buf[t];
    }
  }
}

// A child that calls code we cannot see may take a slot itself: reported.
void defined_elsewhere(double *buf, int i);

void task_slot_child_calls_elsewhere(int n, double *buf, double *out) {
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task
    {
      int t = omp_get_thread_num();
      buf[t] = i; // expected-warning {{'buf' is indexed by the thread number in a task that keeps using its slot across 'taskwait', where the thread can run another task that takes the same slot}}
#pragma omp task
      defined_elsewhere(buf, i);
#pragma omp taskwait
      out[i] += buf[t];
    }
  }
}

// A slot every iteration of a worksharing loop updates, in a loop that
// calls nothing and reads only memory of another type: the compiler keeps
// it in a register and stores it once after the loop (LLVM 22 at -O2), so
// no line moves. A slot of the data's own type may alias the data and is
// stored in every iteration; so is one next to a call.
void count_above(int n, const double *x, long *above) {
#pragma omp parallel
  {
    int t = omp_get_thread_num();
#pragma omp for
    for (int i = 0; i < n; i++)
      above[t] += x[i] > 0.5;
  }
}

void sum_same_type(int n, const double *x, double *part) {
#pragma omp parallel
  {
    int t = omp_get_thread_num();
#pragma omp for
    for (int i = 0; i < n; i++)
      part[t] += x[i]; // expected-warning {{threads write 'part[t]' in a loop, and 8 slots of 8 bytes share each 64-byte cache line}}
  }
}

double weight(double);
void count_with_call(int n, const double *x, long *above) {
#pragma omp parallel
  {
    int t = omp_get_thread_num();
#pragma omp for
    for (int i = 0; i < n; i++)
      above[t] += weight(x[i]) > 0.5; // expected-warning {{threads write 'above[t]' in a loop}}
  }
}

void count_conditionally(int n, const double *x, long *above) {
#pragma omp parallel
  {
    int t = omp_get_thread_num();
#pragma omp for
    for (int i = 0; i < n; i++)
      if (x[i] > 0.5)
        above[t]++; // expected-warning {{threads write 'above[t]' in a loop}}
  }
}
