// Tasks a tbb::task_group runs from statements of one block run beside each
// other and beside the code that ran them, until that code calls the
// group's wait(): a result read before wait(), or one object written by two
// such tasks, races. Silent: a wait() between, by-copy captures, disjoint
// elements, reads on both sides, tasks a loop runs (their own check).
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-checks=-*,privateer-shared-buffer -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-checks=-*,privateer-shared-buffer %s 2>&1 | FileCheck %s --implicit-check-not=taskwait --implicit-check-not=depend

#include <tbb/task_group.h>

#include <vector>

long compute(long);
void use(long);

long fib(long n) {
  if (n < 2)
    return n;
  long x, y;
  tbb::task_group g;
  g.run([&] { x = fib(n - 1); });
  g.run([&] { y = fib(n - 2); });
  long r = x + y; // expected-warning {{'x' is read here while a task this code created may still be writing it}} expected-warning {{'y' is read here while a task}}
  g.wait();
  return r;
}
// CHECK: note: the task writes 'x' here
// CHECK: note: the task is created here; wait for it with its task_group's 'wait()' before the statement that reads 'x'

long fib_waits(long n) {
  if (n < 2)
    return n;
  long x, y;
  tbb::task_group g;
  g.run([&] { x = fib_waits(n - 1); });
  g.run([&] { y = fib_waits(n - 2); });
  g.wait();
  return x + y;
}

long run_and_wait(long n) {
  if (n < 2)
    return n;
  long x, y;
  tbb::task_group g;
  g.run([&] { x = run_and_wait(n - 1); });
  g.run_and_wait([&] { y = run_and_wait(n - 2); });
  return x + y;
}

void two_writers(long &out) {
  long result = 0;
  tbb::task_group g;
  g.run([&] { result = compute(1); });
  g.run([&] { result = compute(2); }); // expected-warning {{'result' is written by this task and by a sibling task created before it, and nothing orders the two tasks}}
  g.wait();
  out = result;
}
// CHECK: note: the sibling task is created here; no 'wait()' of its task_group is between the two 'run' calls; call 'wait()' between them

void two_sums(std::vector<long> &v, long &out) {
  long sum = 0;
  tbb::task_group g;
  g.run([&] {
    for (size_t i = 0; i < v.size() / 2; ++i)
      sum += v[i];
  });
  g.run([&] {
    for (size_t i = v.size() / 2; i < v.size(); ++i)
      sum += v[i]; // expected-warning {{'sum' is updated by this task and by a sibling task}}
  });
  g.wait();
  out = sum;
}
// CHECK: note: {{.*}}call 'wait()' between them, or make both updates atomic ('std::atomic', or a 'tbb::combinable' for sums)

void halves(std::vector<long> &v) {
  tbb::task_group g;
  size_t n = v.size();
  g.run([&] {
    for (size_t i = 0; i < n / 2; ++i)
      v[i] = compute(i);
  });
  g.run([&] {
    for (size_t i = n / 2; i < n; ++i)
      v[i] = compute(i);
  });
  g.wait();
}

void by_copy(long &out) {
  long seed = 3;
  tbb::task_group g;
  g.run([=] {
    long s = seed;
    use(s);
  });
  seed = 4;
  use(seed);
  g.wait();
  out = seed;
}

void wait_between(long &out) {
  long result = 0;
  tbb::task_group g;
  g.run([&] { result = compute(1); });
  g.wait();
  g.run([&] { result += compute(2); });
  g.wait();
  out = result;
}

void loop_tasks(std::vector<long> &v) {
  tbb::task_group g;
  for (size_t i = 0; i < v.size(); ++i)
    g.run([&v, i] { v[i] = compute(i); });
  g.wait();
}
