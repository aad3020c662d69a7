// privateer::padded<T>: alone on its cache line, usable as a T.
// RUN: %clangxx -std=c++17 -Wall -Werror -I%privateer_include %s -o %t && %t | FileCheck %s
#include <privateer/runtime/privateer.hpp>
#include <cstdint>
#include <cstdio>

int main() {
  static_assert(sizeof(privateer::padded<char>) == privateer::cache_line);
  static_assert(alignof(privateer::padded<long>) == privateer::cache_line);
  static_assert(sizeof(privateer::padded<char[100]>) == 2 * privateer::cache_line);
  privateer::padded<long> slots[4];
  for (int t = 0; t < 4; t++)
    *slots[t] = t * 10;
  long sum = 0;
  for (auto &s : slots)
    sum += s;
  std::uintptr_t a = reinterpret_cast<std::uintptr_t>(&slots[0]);
  std::uintptr_t b = reinterpret_cast<std::uintptr_t>(&slots[1]);
  std::printf("sum=%ld apart=%d aligned=%d\n", sum, (int)(b - a),
              (int)(a % privateer::cache_line == 0));
}
// CHECK: sum=60 apart=64 aligned=1
