// privateer_aligned_alloc: line aligned, line rounded, in C11.
// RUN: %clang -std=c11 -Wall -Werror -I%privateer_include %s -o %t && %t | FileCheck %s
#include <privateer/runtime/privateer.h>
#include <stdint.h>
#include <stdio.h>

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
  return 0;
}
// CHECK: 1 -> 64 aligned=1
// CHECK: 63 -> 64 aligned=1
// CHECK: 64 -> 64 aligned=1
// CHECK: 65 -> 128 aligned=1
// CHECK: 96 -> 128 aligned=1
// CHECK: 128 -> 128 aligned=1
// CHECK: 1000 -> 1024 aligned=1
