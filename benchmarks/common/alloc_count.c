/*===- alloc_count.c - Count the allocations a benchmark makes ------------===*\
|*                                                                          *|
|* Linked into every benchmark executable: its definitions of malloc and    *|
|* friends take precedence over glibc's for the whole process (the C++      *|
|* runtime's operator new and libomp call them too), count each call and    *|
|* its bytes, and forward to glibc's own entry points. The counters are     *|
|* relaxed atomics: only their totals after a run matter, and a stronger    *|
|* order would itself slow the allocation-heavy variants down.              *|
|*                                                                          *|
|* Calls from the OpenMP runtime are counted apart: LLVM's libomp allocates *|
|* bookkeeping (with dynamic schedules, blocks for every chunk), which says *|
|* nothing about the kernel's own allocations. A call is the runtime's when *|
|* its return address lies in libomp's code.                                *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#include "bench.h"

#define _GNU_SOURCE
#include <errno.h>
#include <link.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *block, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *block);

static atomic_ullong allocations, allocated_bytes, runtime_allocations;

/* libomp's code: [runtime_begin, runtime_end), found by bench_alloc_init
 * (before it, every call counts as the kernel's). */
static uintptr_t runtime_begin, runtime_end;

static void count_from(const void *caller, size_t bytes) {
  uintptr_t at = (uintptr_t)caller;
  if (at >= runtime_begin && at < runtime_end) {
    atomic_fetch_add_explicit(&runtime_allocations, 1, memory_order_relaxed);
    return;
  }
  atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
  atomic_fetch_add_explicit(&allocated_bytes, bytes, memory_order_relaxed);
}

#define count(bytes) count_from(__builtin_return_address(0), (bytes))

static int find_runtime(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  (void)data;
  if (!info->dlpi_name || !strstr(info->dlpi_name, "libomp"))
    return 0;
  uintptr_t begin = UINTPTR_MAX, end = 0;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_LOAD || !(ph->p_flags & PF_X))
      continue;
    uintptr_t lo = info->dlpi_addr + ph->p_vaddr;
    if (lo < begin)
      begin = lo;
    if (lo + ph->p_memsz > end)
      end = lo + ph->p_memsz;
  }
  runtime_begin = begin;
  runtime_end = end;
  return 1;
}

void bench_alloc_init(void) { dl_iterate_phdr(find_runtime, NULL); }

void *malloc(size_t size) {
  count(size);
  return __libc_malloc(size);
}

void *calloc(size_t elements, size_t size) {
  count(elements * size);
  return __libc_calloc(elements, size);
}

void *realloc(void *block, size_t size) {
  count(size);
  return __libc_realloc(block, size);
}

void free(void *block) { __libc_free(block); }

int posix_memalign(void **out, size_t alignment, size_t size) {
  /* The checks glibc's posix_memalign makes before it allocates. */
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0 ||
      alignment == 0)
    return EINVAL;
  count(size);
  void *block = __libc_memalign(alignment, size);
  if (!block)
    return ENOMEM;
  *out = block;
  return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
  count(size);
  return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
  count(size);
  return __libc_memalign(alignment, size);
}

void bench_alloc_counts(unsigned long long *count_out,
                        unsigned long long *bytes_out,
                        unsigned long long *runtime_out) {
  *count_out = atomic_load_explicit(&allocations, memory_order_relaxed);
  *bytes_out = atomic_load_explicit(&allocated_bytes, memory_order_relaxed);
  *runtime_out =
      atomic_load_explicit(&runtime_allocations, memory_order_relaxed);
}
