// Appends to one shared queue from a parallel loop (a BFS frontier, a list
// of matches): `q.push_back(v)` on a shared container and `q[n++] = v` with
// a shared counter. The fix gives each thread a buffer of its own, added to
// the queue in bulk, GAPBS QueueBuffer style: the container's once per
// thread under 'critical', the counter's whenever it fills (4096 ints) and
// at the end, each time with one 'atomic capture' reserving the room. The
// queue's order may differ from a sequential run's; the program sorts it,
// as a frontier's user is indifferent to it. A queue the loop also reads,
// or a counter used elsewhere, gets no such fix.
// RUN: rm -rf %t && mkdir -p %t && %strip-checks %s > %t/in.cpp
// RUN: %cxx -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.cpp
// RUN: cp %t/in.cpp %t/once.cpp && %cxx -fplugin-arg-privateer-fix %t/in.cpp 2>&1 | FileCheck %s --check-prefix=AGAIN && diff %t/once.cpp %t/in.cpp
// RUN: %clangxx -x c++ -std=c++17 -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clangxx -x c++ -std=c++17 -O1 -fopenmp -DONLY_FIXED %t/in.cpp -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
// The racy run uses the counter form only: concurrent push_back can corrupt
// the vector's heap and hang the program.
// RUN: %clangxx -x c++ -std=c++17 -O1 -g -fopenmp -fsanitize=thread -DONLY_FIXED -DCOUNTER_ONLY %s -o %t/racy && %tsan-env:exitcode=0:halt_on_error=1 %t/racy 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %clangxx -x c++ -std=c++17 -O1 -g -fopenmp -fsanitize=thread -DONLY_FIXED %t/in.cpp -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <algorithm>
#include <cstdio>
#include <vector>

// The indices of the multiples of 3 (about a third: several buffers fill).
std::vector<int> matches_container(const std::vector<int> &a) {
  std::vector<int> hits;
#pragma omp parallel for schedule(dynamic, 64)
  for (int i = 0; i < (int)a.size(); i++)
    if (a[i] % 3 == 0)
      hits.push_back(i);
  return hits;
}

int matches_counter(const int *a, int n, int *hits) {
  int count = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (a[i] % 3 == 0)
      hits[count++] = i;
  }
  return count;
}

#ifndef ONLY_FIXED
// The loop reads the queue's size as well: appends are not all it does.
int reads_size(const std::vector<int> &a, std::vector<int> &hits) {
  int seen = 0;
#pragma omp parallel for reduction(+ : seen)
  for (int i = 0; i < (int)a.size(); i++) {
    hits.push_back(i);
    seen += hits.size() > 4;
  }
  return seen;
}

// The counter's value is used twice: no per-thread buffer.
int two_queues(const int *a, int n, int *hits, int *where) {
  int count = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    int k = count++;
    hits[k] = a[i];
    where[k] = i;
  }
  return count;
}
#endif

int main() {
  const int n = 100000;
  std::vector<int> a(n);
  for (int i = 0; i < n; i++)
    a[i] = (i * 7919) % 1000;
#ifdef COUNTER_ONLY
  std::vector<int> h;
#else
  std::vector<int> h = matches_container(a);
#endif
  std::sort(h.begin(), h.end());
  long sum = 0;
  for (int x : h)
    sum += x;
  std::printf("%zu %ld\n", h.size(), sum);

  std::vector<int> hits(n);
  int count = matches_counter(a.data(), n, hits.data());
  std::sort(hits.begin(), hits.begin() + count);
  sum = 0;
  for (int k = 0; k < count; k++)
    sum += (long)hits[k] * (k + 1);
  std::printf("%d %ld\n", count, sum);
  return 0;
}
// DIAG: warning: shared container 'hits' is modified by every iteration without synchronization ('hits.push_back(i)')
// DIAG: warning: shared counter 'count' is updated by every iteration and its value used without synchronization
// DIAG: warning: shared container 'hits' is modified by every iteration
// DIAG: note: no automatic fix: the loop uses 'hits' other than to append to it
// DIAG: warning: shared counter 'count'
// DIAG: note: no automatic fix: the update is not inside a statement of its own
// FIXED-LABEL: std::vector<int> matches_container(
// FIXED:      #pragma omp parallel{{$}}
// FIXED-NEXT: {
// FIXED-NEXT:   std::vector<int> privateer_hits;
// FIXED-NEXT: #pragma omp for schedule(dynamic, 64) nowait
// FIXED-NEXT:   for (int i = 0; i < (int)a.size(); i++)
// FIXED-NEXT:     if (a[i] % 3 == 0)
// FIXED-NEXT:       privateer_hits.push_back(i);
// FIXED-NEXT: #pragma omp critical
// FIXED-NEXT:   hits.insert(hits.end(), privateer_hits.begin(), privateer_hits.end());
// FIXED-NEXT: }
// FIXED-NEXT: return hits;
// FIXED-LABEL: int matches_counter(
// FIXED:      #pragma omp parallel{{$}}
// FIXED-NEXT: {
// FIXED-NEXT:   int privateer_hits[4096];
// FIXED-NEXT:   int privateer_hits_len = 0;
// FIXED-NEXT: #pragma omp for nowait
// FIXED:        if (a[i] % 3 == 0)
// FIXED-NEXT:     {
// FIXED-NEXT:       if (privateer_hits_len == 4096) {
// FIXED-NEXT:         int privateer_base;
// FIXED-NEXT: #pragma omp atomic capture
// FIXED-NEXT:         { privateer_base = count; count += privateer_hits_len; }
// FIXED-NEXT:         for (int privateer_k = 0; privateer_k < privateer_hits_len; privateer_k++)
// FIXED-NEXT:           hits[privateer_base + privateer_k] = privateer_hits[privateer_k];
// FIXED-NEXT:         privateer_hits_len = 0;
// FIXED-NEXT:       }
// FIXED-NEXT:       privateer_hits[privateer_hits_len++] = i;
// FIXED-NEXT:     }
// FIXED:        int privateer_base;
// FIXED-NEXT: #pragma omp atomic capture
// FIXED-NEXT:   { privateer_base = count; count += privateer_hits_len; }
// FIXED-NEXT:   for (int privateer_k = 0; privateer_k < privateer_hits_len; privateer_k++)
// FIXED-NEXT:     hits[privateer_base + privateer_k] = privateer_hits[privateer_k];
// FIXED-NEXT: }
// FIXED-NEXT: return count;
// FIXED-LABEL: int reads_size(
// FIXED:      #pragma omp parallel for reduction(+ : seen){{$}}
// FIXED-LABEL: int two_queues(
// FIXED:      #pragma omp parallel for{{$}}
// AGAIN-COUNT-2: warning:
// AGAIN-NOT: warning:
// RACE: WARNING: ThreadSanitizer: data race
// CLEAN: {{[0-9]+ [0-9]+}}
