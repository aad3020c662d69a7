// Tasks a loop runs take the loop variable by copy: each task has its own
// value of it, whatever else the loop's condition tests (`i < 4 &&
// heap.size() > 1`) and wherever the variable starts (`for (; ...)`). A
// wait() in each iteration of an outer loop orders that iteration's tasks
// before the next's.
// RUN: %clangxx -std=c++17 -fsyntax-only -fplugin=%plugin -fplugin-arg-privateer-checks=-*,privateer-shared-buffer -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <tbb/task_group.h>
#include <vector>

double reduce_pairs(std::vector<double> heap) {
  double results[4];
  while (heap.size() > 1) {
    tbb::task_group group;
    std::size_t i = 0;
    for (; i < 4 && heap.size() > 1; i++) {
      double a = heap.back();
      heap.pop_back();
      double b = heap.back();
      heap.pop_back();
      group.run([&, i, a, b]() { results[i] = a + b; });
    }
    group.wait();
    for (std::size_t k = 0; k < i; k++)
      heap.push_back(results[k]);
  }
  return heap.empty() ? 0.0 : heap[0];
}

void started_before(double *out, int first, int n, bool more) {
  tbb::task_group g;
  int i = first;
  for (; i < n && more; ++i)
    g.run([=] { out[i] = i; });
  g.wait();
}

void same_slot(double *out, int n) {
  tbb::task_group g;
  for (int i = 0; i < n && out[0] >= 0; i++)
    g.run([=] { out[0] = i; }); // expected-warning {{'out' is written by every task at the same element}}
  g.wait();
}
