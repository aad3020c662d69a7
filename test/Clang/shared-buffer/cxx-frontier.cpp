// BFS-style frontier building: a shared next-frontier std::vector appended to
// by every iteration, against per-thread frontiers merged under a critical
// section and slot reservation with an atomic capture.
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

#include <atomic>
#include <vector>

using Graph = std::vector<std::vector<int>>;

void shared_next(const Graph &g, const std::vector<int> &frontier,
                 const std::vector<int> &depth, std::vector<int> &next) {
  int n = static_cast<int>(frontier.size());
#pragma omp parallel for
  for (int k = 0; k < n; k++) {
    int u = frontier[k];
    for (int v : g[u])
      if (depth[v] < 0)
        next.push_back(v); // expected-warning {{shared container 'next' is modified by every iteration without synchronization}}
  }
}

void shared_counter_slot(const std::vector<int> &frontier, std::vector<int> &next) {
  int n = static_cast<int>(frontier.size());
  int tail = 0;
#pragma omp parallel for
  for (int k = 0; k < n; k++) {
    if (frontier[k] % 2 == 0)
      next[tail++] = frontier[k]; // expected-warning {{shared counter 'tail' is updated by every iteration and its value used without synchronization}}
  }
}

void per_thread_next(const Graph &g, const std::vector<int> &frontier,
                     const std::vector<int> &depth, std::vector<int> &next) {
  int n = static_cast<int>(frontier.size());
#pragma omp parallel
  {
    std::vector<int> local;
#pragma omp for nowait
    for (int k = 0; k < n; k++) {
      int u = frontier[k];
      for (int v : g[u])
        if (depth[v] < 0)
          local.push_back(v);
    }
#pragma omp critical
    next.insert(next.end(), local.begin(), local.end());
  }
}

void critical_push(const std::vector<int> &frontier, std::vector<int> &next) {
  int n = static_cast<int>(frontier.size());
#pragma omp parallel for
  for (int k = 0; k < n; k++) {
    if (frontier[k] > 0) {
#pragma omp critical
      next.push_back(frontier[k]);
    }
  }
}

void atomic_capture_slot(const std::vector<int> &frontier, std::vector<int> &next) {
  int n = static_cast<int>(frontier.size());
  int tail = 0;
#pragma omp parallel for
  for (int k = 0; k < n; k++) {
    if (frontier[k] % 2 == 0) {
      int slot;
#pragma omp atomic capture
      slot = tail++;
      next[slot] = frontier[k];
    }
  }
}

void std_atomic_slot(const std::vector<int> &frontier, std::vector<int> &next) {
  int n = static_cast<int>(frontier.size());
  std::atomic<int> tail{0};
#pragma omp parallel for
  for (int k = 0; k < n; k++) {
    if (frontier[k] % 2 == 0)
      next[tail.fetch_add(1)] = frontier[k];
  }
}
