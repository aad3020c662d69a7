// privateer_aligned_alloc: line aligned, line rounded, in C11.
// RUN: %clang -std=c11 -Wall -Werror -I%privateer_include %s -o %t && %t | FileCheck %s
#include <privateer/runtime/privateer.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  size_t sizes[] = {1, 63, 64, 65, 96, 128, 1000};
  for (int i = 0; i < 7; i++) {
    char *p = privateer_aligned_alloc(sizes[i]);
    printf("%zu -> %zu aligned=%d\n", sizes[i], privateer_round_to_lines(sizes[i]),
           (int)((uintptr_t)p % PRIVATEER_CACHE_LINE == 0));
    for (size_t k = 0; k < privateer_round_to_lines(sizes[i]); k++)
      p[k] = 1; // the whole rounded block is usable
    free(p);
  }
  // privateer_aligned_calloc zeroes the whole rounded block, and refuses a
  // count * size that overflows.
  // A block of the same size is dirtied and freed first, so that the
  // allocator is likely to hand the same memory back.
  for (int i = 0; i < 7; i++) {
    size_t rounded = privateer_round_to_lines(sizes[i] * 3), nonzero = 0;
    unsigned char *dirty = privateer_aligned_alloc(rounded);
    memset(dirty, 0xff, rounded);
    free(dirty);
    unsigned char *z = privateer_aligned_calloc(sizes[i], 3);
    for (size_t k = 0; k < rounded; k++)
      nonzero += z[k] != 0;
    printf("calloc %zu x 3 -> %zu aligned=%d nonzero=%zu\n", sizes[i], rounded,
           (int)((uintptr_t)z % PRIVATEER_CACHE_LINE == 0), nonzero);
    free(z);
  }
  printf("overflow=%d\n", privateer_aligned_calloc(SIZE_MAX / 2, 3) == NULL);
  // Sizes that do not fit once rounded up fail like malloc and calloc.
  printf("rounding overflow=%d %d %zu\n",
         privateer_aligned_calloc(1, SIZE_MAX - 10) == NULL,
         privateer_aligned_alloc(SIZE_MAX - 10) == NULL,
         privateer_round_to_lines(SIZE_MAX - 10));
  return 0;
}
// CHECK: 1 -> 64 aligned=1
// CHECK: 63 -> 64 aligned=1
// CHECK: 64 -> 64 aligned=1
// CHECK: 65 -> 128 aligned=1
// CHECK: 96 -> 128 aligned=1
// CHECK: 128 -> 128 aligned=1
// CHECK: 1000 -> 1024 aligned=1
// CHECK: calloc 1 x 3 -> 64 aligned=1 nonzero=0
// CHECK: calloc 63 x 3 -> 192 aligned=1 nonzero=0
// CHECK: calloc 64 x 3 -> 192 aligned=1 nonzero=0
// CHECK: calloc 65 x 3 -> 256 aligned=1 nonzero=0
// CHECK: calloc 96 x 3 -> 320 aligned=1 nonzero=0
// CHECK: calloc 128 x 3 -> 384 aligned=1 nonzero=0
// CHECK: calloc 1000 x 3 -> 3008 aligned=1 nonzero=0
// CHECK: overflow=1
// CHECK: rounding overflow=1 1 0
