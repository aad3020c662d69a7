// Tasks generated in a loop inside 'parallel' + 'single': each task is one
// piece of work, so a shared scratch written by every task races.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

double f(int);

void task_per_element(double *out, int n) {
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task
    { out[i] = f(i); }
  }
}

void task_shared_scratch(double *out, int n) {
  double tmp;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task shared(tmp)
    {
      tmp = f(i); // expected-warning {{shared buffer 'tmp' is scratch that every task overwrites;}}
      out[i] = tmp * tmp;
    }
  }
}

void task_shared_array_scratch(double *out, int n) {
  double tmp[8];
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task shared(tmp)
    {
      for (int k = 0; k < 8; k++)
        tmp[k] = f(i + k); // expected-warning {{shared buffer 'tmp' is scratch that every task overwrites;}}
      out[i] = tmp[7];
    }
  }
}

void task_from_every_thread(double *out) {
  double x = 0;
#pragma omp parallel
  {
    // No 'single': every thread creates a task, and all of them write 'x'.
#pragma omp task
    x = f(0); // expected-warning {{'x' is written by every}}
  }
  *out = x;
}

void task_firstprivate_scratch(double *out, int n) {
  double tmp = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task firstprivate(tmp)
    {
      tmp = f(i);
      out[i] = tmp * tmp;
    }
  }
}

void task_implicit_firstprivate(double *out, int n) {
#pragma omp parallel
  {
    // Private to each thread of the region, so firstprivate in the task.
    double tmp = 0;
#pragma omp single
    for (int i = 0; i < n; i++) {
#pragma omp task
      {
        tmp = f(i);
        out[i] = tmp * tmp;
      }
    }
  }
}

void task_implicit_shared(double *out, int n) {
  // Shared by the team, so shared in the tasks too.
  double tmp = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task
    {
      tmp = f(i); // expected-warning {{shared buffer 'tmp' is scratch that every task overwrites;}}
      out[i] = tmp * tmp;
    }
  }
}

void task_local_scratch(double *out, int n) {
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task
    {
      double tmp = f(i);
      out[i] = tmp * tmp;
    }
  }
}

// Sibling tasks with 'inout' dependences on the same location run one after the other.
void task_depend(double *buf, int n) {
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task depend(inout : buf[0])
    { buf[0] = buf[0] + f(i); }
  }
}

void task_depend_scratch(double *out, int n) {
  double tmp[4];
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task shared(tmp) depend(inout : tmp)
    {
      for (int k = 0; k < 4; k++)
        tmp[k] = f(i + k);
      out[i] = tmp[3];
    }
  }
}

double task_accumulate(int n) {
  double sum = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task shared(sum)
    sum += f(i); // expected-warning {{'sum' is updated by every task without a reduction; concurrent updates are lost [privateer-shared-buffer]}}
  }
  return sum;
}

double task_accumulate_atomic(int n) {
  double sum = 0;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task shared(sum)
    {
#pragma omp atomic
      sum += f(i);
    }
  }
  return sum;
}

void taskloop_per_element(double *out, int n) {
#pragma omp parallel
#pragma omp single
#pragma omp taskloop
  for (int i = 0; i < n; i++)
    out[i] = f(i);
}

void taskloop_scratch(double *out, int n) {
  double tmp[8];
#pragma omp parallel
#pragma omp single
#pragma omp taskloop shared(tmp)
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 8; k++)
      tmp[k] = f(i + k); // expected-warning {{shared buffer 'tmp' is scratch that every}}
    out[i] = tmp[7];
  }
}

void taskloop_private_scratch(double *out, int n) {
  double tmp[8];
#pragma omp parallel master taskloop private(tmp)
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 8; k++)
      tmp[k] = f(i + k);
    out[i] = tmp[7];
  }
}

double taskloop_accumulate(int n) {
  double sum = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop shared(sum)
  for (int i = 0; i < n; i++)
    sum += f(i); // expected-warning {{'sum' is updated by every}}
  return sum;
}

double taskloop_reduction(int n) {
  double sum = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(+ : sum)
  for (int i = 0; i < n; i++)
    sum += f(i);
  return sum;
}
