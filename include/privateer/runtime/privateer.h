/*===- privateer.h - Runtime support for rewritten C code ------*- C -*-===*\
|*                                                                          *|
|* Part of privateer. Header-only, C11: the cache-line size and a           *|
|* line-aligned, line-rounded allocation for per-thread blocks that must    *|
|* not share cache lines. Free the blocks with free().                      *|
|*                                                                          *|
\*===----------------------------------------------------------------------===*/

#ifndef PRIVATEER_RUNTIME_PRIVATEER_H
#define PRIVATEER_RUNTIME_PRIVATEER_H

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The cache-line size assumed for padding and alignment; define it before
 * including this header for machines with 128-byte lines. */
#ifndef PRIVATEER_CACHE_LINE
#define PRIVATEER_CACHE_LINE 64
#endif

/* Rounds a size up to whole cache lines (at least one line); 0 when the
 * rounded size does not fit in a size_t. */
static inline size_t privateer_round_to_lines(size_t size) {
  if (size > (size_t)-1 - (PRIVATEER_CACHE_LINE - 1))
    return 0;
  size_t lines = (size + PRIVATEER_CACHE_LINE - 1) / PRIVATEER_CACHE_LINE;
  return (lines ? lines : 1) * PRIVATEER_CACHE_LINE;
}

/* A block of at least `size` bytes that starts on a cache line and ends on
 * one, so that no other allocation shares its lines. NULL on failure. */
static inline void *privateer_aligned_alloc(size_t size) {
  size_t bytes = privateer_round_to_lines(size);
  return bytes ? aligned_alloc(PRIVATEER_CACHE_LINE, bytes) : NULL;
}

/* Like calloc: `count` zeroed elements of `size` bytes, line aligned and
 * rounded up to whole lines. NULL on failure or overflow. */
static inline void *privateer_aligned_calloc(size_t count, size_t size) {
  if (size && count > (size_t)-1 / size)
    return NULL;
  size_t bytes = privateer_round_to_lines(count * size);
  void *block = bytes ? aligned_alloc(PRIVATEER_CACHE_LINE, bytes) : NULL;
  if (block)
    memset(block, 0, bytes);
  return block;
}

#endif /* PRIVATEER_RUNTIME_PRIVATEER_H */
