// False reports found by running privateer over real OpenMP code
// (docs/corpus.md), each written anew: synchronization the model does not
// follow (flags handed over with flush, locks taken in helper functions)
// and code only one thread of the team runs. Races next to them are still
// reported.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
#include <omp.h>

int row(int);
void produce(void);
void consume(void);

// A failure flag that stops the other iterations, made visible with flush.
int sticky_status(int n) {
  int status = 1;
#pragma omp parallel for
  for (int y = 0; y < n; y++) {
    if (!status)
      continue;
    if (!row(y)) {
      status = 0;
#pragma omp flush(status)
    }
  }
  return status;
}

// The same with a flush without a list: the flag is an integer the code
// only assigns constants.
int bare_flush_flag(int n) {
  int stop = 0;
#pragma omp parallel for
  for (int y = 0; y < n; y++) {
    if (stop)
      continue;
    if (!row(y)) {
      stop = 1;
#pragma omp flush
    }
  }
  return stop;
}

// A producer section hands "done" to a consumer section.
int section_handoff(void) {
  int producing = 1;
#pragma omp parallel sections
  {
#pragma omp section
    {
      while (producing) {
        consume();
#pragma omp flush(producing)
      }
    }
#pragma omp section
    {
      produce();
      producing = 0;
#pragma omp flush(producing)
    }
  }
  return producing;
}

// A bare flush does not make a sum or a counter safe.
double sum_beside_bare_flush(int n) {
  double s = 0;
  int count = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    s += row(i); // expected-warning {{'s' is updated by every iteration without a reduction}}
    count++;     // expected-warning {{'count' is updated by every iteration without a reduction}}
#pragma omp flush
  }
  return s + count;
}

static omp_lock_t lock;
static void take(void) { omp_set_lock(&lock); }
static void give(void) { omp_unset_lock(&lock); }
static void take_twice_removed(void) { take(); }

// The lock is taken and released by helpers.
double locked_by_helpers(int n) {
  double sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double v = row(i);
    take();
    sum += v;
    give();
  }
  return sum;
}

double locked_two_calls_deep(int n) {
  double sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double v = row(i);
    take_twice_removed();
    sum += v;
    give();
  }
  return sum;
}

// A helper that takes and releases the lock around something else does
// not protect what follows it.
static void log_locked(int v) {
  omp_set_lock(&lock);
  row(v);
  omp_unset_lock(&lock);
}
double lock_released_inside(int n) {
  double sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    log_locked(i);
    sum += row(i); // expected-warning {{'sum' is updated by every iteration without a reduction}}
  }
  return sum;
}

// Only thread 1 updates the progress value: its iterations run one after
// the other.
int progress_by_one_thread(int n) {
  int shown = 0;
#pragma omp parallel for schedule(dynamic)
  for (int j = 0; j < n; j++) {
    int p = row(j);
    if (omp_get_thread_num() == 1 && p > shown)
      shown = p;
  }
  return shown;
}

// The serial path of a team of one thread, and the last thread's write.
void team_guards(double *out, int n) {
  double last = 0;
#pragma omp parallel
  {
    int t = omp_get_thread_num(), nt = omp_get_num_threads();
    if (omp_get_num_threads() == 1)
      last = row(0);
#pragma omp for
    for (int i = 0; i < n; i++) {
      out[i] = row(i);
      if (t == nt - 1)
        last = out[i];
    }
  }
  out[0] = last;
}

// A comparison that does not single out one thread guards nothing.
int many_threads_write(int n) {
  int seen = 0;
#pragma omp parallel for
  for (int j = 0; j < n; j++)
    if (omp_get_thread_num() >= 1)
      seen = row(j); // expected-warning {{'seen' is written by every iteration}}
  return seen;
}

// Data handed from one section to another behind a flag written with
// 'atomic write' and polled with 'atomic read'.
void atomic_flag_handoff(double *data, double *out) {
  int ready = 0;
#pragma omp parallel sections
  {
#pragma omp section
    {
      data[0] = row(0);
#pragma omp atomic write
      ready = 1;
    }
#pragma omp section
    {
      int r;
      do {
#pragma omp atomic read
        r = ready;
      } while (!r);
      out[0] = data[0];
    }
  }
}

// A wavefront: row i waits until row i - 1 has published its progress.
void wavefront(int n, int m, double *a, volatile int *done) {
#pragma omp parallel for schedule(static, 1)
  for (int i = 1; i < n; i++) {
    while (done[i - 1] == 0) {
#pragma omp flush
    }
    for (int j = 0; j < m; j++)
      a[i * m + j] = a[(i - 1) * m + j] + 1;
    done[i] = 1;
#pragma omp flush
  }
}

// Waiting on a flag does not order a sum every iteration makes.
double sum_beside_spin(int n, volatile int *go) {
  double s = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    while (!go[0]) {
    }
    s += row(i); // expected-warning {{'s' is updated by every iteration without a reduction}}
  }
  return s;
}
