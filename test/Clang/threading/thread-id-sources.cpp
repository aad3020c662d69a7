// Thread ids from TBB's arena index and from a hash of the std::thread id
// are thread ids too.
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
#include <functional>
#include <thread>

namespace tbb {
namespace this_task_arena {
int current_thread_index();
}
} // namespace tbb

long hits[64];

void tbb_index(int n, const int *x) {
#pragma omp parallel num_threads(8)
  {
    int t = tbb::this_task_arena::current_thread_index();
    for (int i = 0; i < n; i++)
      hits[t] += x[i]; // expected-warning {{threads write 'hits[t]' in a loop, and 8 slots of 8 bytes share each 64-byte cache line}}
  }
}

void hashed(int n, const int *x, long *slots) {
#pragma omp parallel num_threads(8)
  {
    // A hash is not a slot number: it can collide; but the value is the
    // thread's, so it is tracked as a thread id.
    std::size_t h = std::hash<std::thread::id>{}(std::this_thread::get_id());
    for (int i = 0; i < n; i++)
      slots[h] += x[i]; // expected-warning {{threads write 'slots[h]' in a loop}}
  }
}
