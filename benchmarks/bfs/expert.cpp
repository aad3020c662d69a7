// Top-down BFS as GAPBS writes it (bfs.cc's TDStep, sliding_queue.h): the
// whole search's queue is one array of n vertices; each level is a window
// of it. Every thread collects the vertices it claims (compare-and-swap on
// the parent: each vertex is claimed once) in a local buffer, and flushes it
// into the queue with one fetch-and-add per flush, in bulk. The order of a
// level's vertices depends on the threads; BFS does not care.
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <vector>

namespace {

class SlidingQueue {
public:
  explicit SlidingQueue(std::size_t size) : shared_(size) {}
  void push_back(int v) { shared_[out_end_++] = v; }
  bool empty() const { return begin_ == end_; }
  void slide_window() {
    begin_ = end_;
    end_ = out_end_.load(std::memory_order_relaxed);
  }
  const int *begin() const { return shared_.data() + begin_; }
  const int *end() const { return shared_.data() + end_; }
  // Reserves `count` slots after the window for a flush.
  int *reserve(std::size_t count) {
    return shared_.data() +
           out_end_.fetch_add(count, std::memory_order_relaxed);
  }

private:
  std::vector<int> shared_;
  std::size_t begin_ = 0, end_ = 0;
  std::atomic<std::size_t> out_end_{0};
};

class QueueBuffer {
public:
  explicit QueueBuffer(SlidingQueue &queue) : queue_(queue) {
    local_.reserve(capacity);
  }
  void push_back(int v) {
    if (local_.size() == capacity)
      flush();
    local_.push_back(v);
  }
  void flush() {
    std::copy(local_.begin(), local_.end(), queue_.reserve(local_.size()));
    local_.clear();
  }

private:
  static constexpr std::size_t capacity = 16384;
  SlidingQueue &queue_;
  std::vector<int> local_;
};

bool claim(int *parent, int v, int u) {
  int unreached = -1;
  return __atomic_compare_exchange_n(&parent[v], &unreached, u, false,
                                     __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

} // namespace

void bfs_parents(int n, const long *offsets, const int *targets, int root,
                 int *parent) {
#pragma omp parallel for
  for (int v = 0; v < n; v++)
    parent[v] = -1;
  parent[root] = root;
  SlidingQueue queue(n);
  queue.push_back(root);
  queue.slide_window();
  while (!queue.empty()) {
#pragma omp parallel
    {
      QueueBuffer local(queue);
      const int *level = queue.begin();
      long size = queue.end() - queue.begin();
#pragma omp for schedule(dynamic, 64) nowait
      for (long k = 0; k < size; k++) {
        int u = level[k];
        for (long e = offsets[u]; e < offsets[u + 1]; e++) {
          int v = targets[e];
          if (__atomic_load_n(&parent[v], __ATOMIC_RELAXED) < 0 &&
              claim(parent, v, u))
            local.push_back(v);
        }
      }
      local.flush();
    }
    queue.slide_window();
  }
}
