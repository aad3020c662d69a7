// A task runs beside the sibling tasks created around it and beside the
// code that created it, until something waits for it: 'taskwait', a
// barrier, the end of a 'taskgroup'. A result read before that, or one
// object written by two sibling tasks that no 'depend' clause orders,
// races. Silent: waits, depend chains, mutually exclusive updates, the
// task's own copies, disjoint elements, reads on both sides.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc %s 2>&1 | FileCheck %s

int compute(int);
void use(int);

// --- The result of a task read before anything waits for it. ---

int fib(int n) {
  int x, y;
  if (n < 2)
    return n;
#pragma omp task shared(x)
  x = fib(n - 1);
#pragma omp task shared(y)
  y = fib(n - 2);
  return x + y; // expected-warning {{'x' is read here while a task this code created may still be writing it: nothing waits for the task before this statement}} expected-warning {{'y' is read here while a task}}
}
// CHECK: note: the task writes 'x' here
// CHECK: note: the task is created here; wait for it with '#pragma omp taskwait' before the statement that reads 'x' (or create the task in a 'taskgroup' that ends before it)

int fib_waits(int n) {
  int x, y;
  if (n < 2)
    return n;
#pragma omp task shared(x)
  x = fib_waits(n - 1);
#pragma omp task shared(y)
  y = fib_waits(n - 2);
#pragma omp taskwait
  return x + y;
}

int fib_taskgroup(int n) {
  int x, y;
  if (n < 2)
    return n;
#pragma omp taskgroup
  {
#pragma omp task shared(x)
    x = fib_taskgroup(n - 1);
#pragma omp task shared(y)
    y = fib_taskgroup(n - 2);
  }
  return x + y;
}

// Without 'shared', a task of an orphaned function has its own copy
// (firstprivate): the creator's x is not the task's.
int own_copy(int n) {
  int x = 0;
#pragma omp task
  {
    x = compute(n);
    use(x);
  }
  return x;
}

// The creator overwrites the input the task still reads.
void input_overwritten(int *buf, int n) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    {
      int s = 0;
      for (int i = 0; i < n; i++)
        s += buf[i];
      use(s);
    }
    buf[0] = compute(0); // expected-warning {{'buf' is written here while a task this code created may still be reading it}}
  }
}

// The creator works on the other half.
void other_half(int *buf, int n) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    for (int i = 0; i < n / 2; i++)
      buf[i] = compute(i);
    for (int i = n / 2; i < n; i++)
      buf[i] = compute(i);
  }
}

// Both only read.
void both_read(const int *in, int n, int *out) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    out[0] = in[0] + in[n - 1];
    out[1] = in[0] * 2;
#pragma omp taskwait
  }
}

// A wait in a branch may wait: prefer silence.
int waits_in_branch(int n, int c) {
  int x;
#pragma omp task shared(x)
  x = compute(n);
  if (c) {
#pragma omp taskwait
  }
  return x;
}

// --- Sibling tasks that nothing orders. ---

void two_writers(int *out) {
  int result = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    result = compute(1);
#pragma omp task
    result = compute(2); // expected-warning {{'result' is written by this task and by a sibling task created before it, and nothing orders the two tasks}}
#pragma omp taskwait
  }
  *out = result;
}
// CHECK: note: the sibling task writes 'result' here
// CHECK: note: the sibling task is created here; no 'depend' clause of both tasks names 'result' and no 'taskwait' is between them; order the two tasks with 'depend' clauses that name 'result' (for example 'depend(inout: result)' on both), or put a 'taskwait' between them

void two_counters(int *out, int n) {
  int count = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(count)
    count += compute(n);
#pragma omp task shared(count)
    count += compute(n + 1); // expected-warning {{'count' is updated by this task and by a sibling task}}
  }
  *out = count;
}
// CHECK: note: {{.*}}or put a 'taskwait' between them, or make both updates 'atomic'

// The second task reads what the first fills, at one element of it.
void fill_then_read(int *a, int n) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    for (int i = 0; i < n; i++)
      a[i] = compute(i);
#pragma omp task
    use(a[n - 1]); // expected-warning {{'a' is read by this task and written by a sibling task}}
  }
}

void depend_chain(int *out) {
  int v = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : v)
    v = compute(1);
#pragma omp task depend(inout : v)
    v += compute(2);
#pragma omp task depend(in : v)
    use(v);
  }
  *out = v;
}

void depend_on_other_object(int *a, int n) {
  int token;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : token)
    for (int i = 0; i < n; i++)
      a[i] = compute(i);
#pragma omp task depend(in : token)
    use(a[n - 1]);
  }
}

void both_in_race(int *a, int n) {
  int token;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(in : token)
    a[0] = compute(0);
#pragma omp task depend(in : token)
    a[0] = compute(1); // expected-warning {{'a' is written by this task and by a sibling task}}
  }
}

void halves(int *a, int n) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    for (int i = 0; i < n / 2; i++)
      a[i] = compute(i);
#pragma omp task
    for (int i = n / 2; i < n; i++)
      a[i] = compute(i);
  }
}

void exclusive_updates(int *out, int n) {
  int count = 0, best = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    {
#pragma omp atomic
      count += compute(n);
#pragma omp critical
      best = best > n ? best : n;
    }
#pragma omp task
    {
#pragma omp atomic
      count += compute(n + 1);
#pragma omp critical
      best = best > n + 1 ? best : n + 1;
    }
#pragma omp task depend(mutexinoutset : best)
    best += 1;
#pragma omp task depend(mutexinoutset : best)
    best += 2;
  }
  out[0] = count + best;
}

void waited_between(int *out) {
  int result = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    result = compute(1);
#pragma omp taskwait
#pragma omp task
    result += compute(2);
  }
  *out = result;
}

// Tasks made by a loop are instances of one task (their own check).
void loop_tasks(int *a, int n) {
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task
    a[i] = compute(i);
  }
}

// Elements named by values nothing relates: they meet only if k == j (or
// k < n), which nothing says. Prefer silence.
void unrelated_indices(int *a, int k, int j, int n) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    a[k] = compute(1);
    a[j] = compute(2);
#pragma omp task
    for (int i = 0; i < n; i++)
      a[i] = compute(i);
  }
}

// A global updated through a call by the task and by its creator.
int total;
static void bump(void) { total++; }
void through_calls(void) {
#pragma omp parallel
#pragma omp single
  {
#pragma omp task
    bump();
    bump(); // expected-warning {{'total' is updated here while a task this code created may still be writing it}}
  }
}

// 'depend' orders tasks, never the code that created them.
void depend_not_creator(int *out) {
  int x = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : x) shared(x)
    x = compute(1);
    out[0] = x; // expected-warning {{'x' is read here while a task this code created may still be writing it}}
  }
}

// A task with 'depend' and one without: nothing orders them.
void depend_on_one_side(int *out) {
  int x = 0;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : x) shared(x)
    x = compute(1);
#pragma omp task shared(x)
    use(x); // expected-warning {{'x' is read by this task and written by a sibling task}}
#pragma omp taskwait
  }
  *out = x;
}

// An orphaned function: what its pointer parameter points to is the same
// memory for the task and for the code that created it.
long sum_task(int *buf, int n) {
  long s = 0;
#pragma omp task shared(s)
  for (int i = 0; i < n; i++)
    s += buf[i];
  buf[0] = -1; // expected-warning {{'buf' is written here while a task this code created may still be reading it}}
#pragma omp taskwait
  return s;
}

// One task and a recursive call made by the creator: the callee's locals
// are other objects than the creator's.
struct node {
  struct node *left, *right;
  int val;
};
int treesum(struct node *t) {
  if (!t)
    return 0;
  int l;
#pragma omp task shared(l)
  l = treesum(t->left);
  int r = treesum(t->right);
#pragma omp taskwait
  return l + r + t->val;
}

// Tasks a loop makes, each waited for in its iteration: one at a time.
void waited_each_iteration(int *a, int n) {
  int x;
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
#pragma omp task shared(x)
    x = compute(i);
#pragma omp taskwait
    a[i] = x;
  }
}

// A variable declared in the loop that makes the tasks is a new object in
// each iteration: the tasks of two iterations do not share it.
void per_iteration_variable(int *a, int n) {
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < n; i++) {
    int t = 0;
#pragma omp task shared(t) firstprivate(i)
    {
      t = compute(i);
      a[i] = t;
    }
  }
}

// Updates that do not commute: 'atomic' would not fix the order.
void mixed_updates(int *out) {
  int x = 1;
#pragma omp parallel
#pragma omp single
  {
#pragma omp task shared(x)
    x *= 2;
#pragma omp task shared(x)
    x += 1; // expected-warning {{'x' is updated by this task and by a sibling task}}
  }
  *out = x;
}
// CHECK-LABEL: warning: 'x' is updated by this task and by a sibling task
// CHECK-NOT: make both updates 'atomic'
// CHECK: no automatic fix: which task should run first is the program's choice
