// The per-thread counters in oneTBB as people write them: one slot per
// thread, indexed by tbb::this_task_arena::current_thread_index(), summed
// after the loop. Correct (a thread runs its work items one after
// another), but the slots are packed eight to a cache line, so every
// update by one thread takes the line away from the others (false
// sharing).
#include <cstdlib>
#include <memory>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

enum { MAX_THREADS = 64 };

// The runner sets the thread count in OMP_NUM_THREADS.
static std::unique_ptr<tbb::global_control> threads_from_env() {
  const char *T = std::getenv("OMP_NUM_THREADS");
  if (!T || std::atoi(T) < 1)
    return nullptr;
  return std::make_unique<tbb::global_control>(
      tbb::global_control::max_allowed_parallelism, std::atoi(T));
}

extern "C" long count_hits(const int *x, long n) {
  auto Limit = threads_from_env();
  long hits[MAX_THREADS] = {};
  tbb::parallel_for(0L, n, [&](long i) {
    hits[tbb::this_task_arena::current_thread_index()] += x[i] % 7 == 3;
  });
  long total = 0;
  for (int t = 0; t < MAX_THREADS; t++)
    total += hits[t];
  return total;
}
