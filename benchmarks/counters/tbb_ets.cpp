// The per-thread counters in oneTBB by hand: a
// tbb::enumerable_thread_specific<long> (its default key) whose local()
// every index updates, combined after the loop.
#include <cstdlib>
#include <functional>
#include <memory>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/global_control.h>
#include <tbb/parallel_for.h>

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
  tbb::enumerable_thread_specific<long> hits(0);
  tbb::parallel_for(0L, n, [&](long i) { hits.local() += x[i] % 7 == 3; });
  return hits.combine(std::plus<long>());
}
