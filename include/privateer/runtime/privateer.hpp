//===- privateer.hpp - Runtime support for rewritten C++ code ---*- C++ -*-===//
//
// Part of privateer. Header-only, C++17, standard library only:
//
// - privateer::padded<T>: a T alone on its cache line(s), for per-thread
//   slots that must not share lines;
// - privateer::buffer_pool<T>: a bounded pool of line-aligned buffers that
//   tasks lease for as long as they need one. A buffer is first touched by
//   the thread that first leases it; a lease can be released on any thread;
//   no buffer belongs to a thread, so a thread that exits loses nothing and
//   leaks nothing (the pool owns and frees every buffer).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_RUNTIME_PRIVATEER_HPP
#define PRIVATEER_RUNTIME_PRIVATEER_HPP

#include "privateer/runtime/privateer.h"

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <new>
#include <thread>
#include <utility>
#include <vector>

namespace privateer {

inline constexpr std::size_t cache_line = PRIVATEER_CACHE_LINE;

/// A buffer_pool capacity with no bound: for leases held by tasks, which can
/// be suspended while their thread runs another task that leases too (with
/// a bound, that thread could wait for a release only it can make).
inline constexpr std::size_t unbounded = std::size_t(-1);

/// A value padded and aligned to whole cache lines.
template <typename T> struct alignas(cache_line) padded {
  T value{};

  padded() = default;
  padded(const T &v) : value(v) {}
  T &operator*() { return value; }
  const T &operator*() const { return value; }
  T *operator->() { return &value; }
  const T *operator->() const { return &value; }
  operator T &() { return value; }
  operator const T &() const { return value; }
};

/// A bounded pool of buffers of `elements` values of T each.
template <typename T> class buffer_pool {
  struct free_block {
    void operator()(T *p) const { std::free(p); }
  };
  using block = std::unique_ptr<T[], free_block>;

public:
  /// A buffer leased from a pool; returned to it when destroyed, on any
  /// thread. Movable, not copyable.
  class lease {
  public:
    lease() = default;
    lease(lease &&other) noexcept
        : pool_(std::exchange(other.pool_, nullptr)),
          data_(std::exchange(other.data_, nullptr)) {}
    lease &operator=(lease &&other) noexcept {
      if (this != &other) {
        release();
        pool_ = std::exchange(other.pool_, nullptr);
        data_ = std::exchange(other.data_, nullptr);
      }
      return *this;
    }
    lease(const lease &) = delete;
    lease &operator=(const lease &) = delete;
    ~lease() { release(); }

    T *data() const { return data_; }
    std::size_t size() const { return pool_ ? pool_->elements_ : 0; }
    T &operator[](std::size_t i) const { return data_[i]; }
    T *begin() const { return data_; }
    T *end() const { return data_ + size(); }

    /// Returns the buffer now.
    void release() {
      if (pool_)
        pool_->put(data_);
      pool_ = nullptr;
      data_ = nullptr;
    }

  private:
    friend class buffer_pool;
    lease(buffer_pool *pool, T *data) : pool_(pool), data_(data) {}
    buffer_pool *pool_ = nullptr;
    T *data_ = nullptr;
  };

  /// At most `capacity` buffers exist at once (one per hardware thread by
  /// default); a lease beyond that waits for a release.
  explicit buffer_pool(std::size_t elements, std::size_t capacity = 0)
      : elements_(elements),
        capacity_(capacity
                      ? capacity
                      : std::max(1u, std::thread::hardware_concurrency())) {}
  buffer_pool(const buffer_pool &) = delete;
  buffer_pool &operator=(const buffer_pool &) = delete;

  /// Leases a buffer: a free one, a new one while under capacity (made and
  /// first touched by this thread), or the next one released.
  lease acquire() {
    std::unique_lock<std::mutex> guard(mutex_);
    for (;;) {
      if (!free_.empty()) {
        T *p = free_.back();
        free_.pop_back();
        return lease(this, p);
      }
      if (all_.size() < capacity_)
        break;
      released_.wait(guard);
    }
    // Reserve the slot, then allocate and touch outside the lock.
    all_.emplace_back();
    std::size_t slot = all_.size() - 1;
    guard.unlock();
    std::size_t count = elements_ ? elements_ : 1;
    std::size_t bytes = count > std::size_t(-1) / sizeof(T)
                            ? 0
                            : privateer_round_to_lines(sizeof(T) * count);
    T *p = bytes ? static_cast<T *>(std::aligned_alloc(cache_line, bytes))
                 : nullptr;
    if (!p)
      throw std::bad_alloc();
    for (std::size_t i = 0; i < elements_; ++i)
      new (p + i) T(); // first touch by the leasing thread
    guard.lock();
    all_[slot].reset(p);
    return lease(this, p);
  }

  std::size_t capacity() const { return capacity_; }
  std::size_t elements() const { return elements_; }

  /// Buffers made so far.
  std::size_t created() const {
    std::lock_guard<std::mutex> guard(mutex_);
    return all_.size();
  }

  ~buffer_pool() {
    // Every lease must have been returned; the pool frees every buffer.
    for (block &b : all_)
      if (b)
        for (std::size_t i = 0; i < elements_; ++i)
          b[i].~T();
  }

private:
  void put(T *p) {
    {
      std::lock_guard<std::mutex> guard(mutex_);
      free_.push_back(p);
    }
    released_.notify_one();
  }

  std::size_t elements_;
  std::size_t capacity_;
  mutable std::mutex mutex_;
  std::condition_variable released_;
  std::vector<block> all_;
  std::vector<T *> free_;
};

} // namespace privateer

#endif // PRIVATEER_RUNTIME_PRIVATEER_HPP
