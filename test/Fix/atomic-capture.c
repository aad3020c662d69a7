// A shared counter whose value is used (a frontier queue's tail) in a
// worksharing loop of an enclosing parallel region, where no buffer per
// thread can be added without restructuring the region (see
// frontier-queue.cpp for the combined 'parallel for'), takes each value
// with 'omp atomic capture'. The queue's order may change; its contents
// may not (the output is order independent).
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | count 0 && diff %t/once.c %t/in.c
// RUN: %clang -x c -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clang -x c -O1 -fopenmp %t/in.c -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %s -o %t/racy && %tsan-env:exitcode=0:halt_on_error=1 %t/racy 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %t/in.c -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <stdio.h>

int main(void) {
  static int adj[20000], next[20000];
  int tail = 0;
  for (int v = 0; v < 20000; v++)
    adj[v] = (v * 7) % 3 == 0;
#pragma omp parallel
  {
#pragma omp for
  for (int v = 0; v < 20000; v++)
    if (adj[v])
      next[tail++] = v; // frontier
  }
  long sum = 0, squares = 0;
  for (int k = 0; k < tail; k++) {
    sum += next[k];
    squares += (long)next[k] * next[k];
  }
  static int hits[20000];
  int count = 0;
  long seen = 0;
#pragma omp parallel
#pragma omp for reduction(+ : seen)
  for (int v = 0; v < 20000; v++) {
    if (v % 5 != 1)
      continue;
    hits[count++] = v;
    seen += 1;
  }
  long hsum = 0;
  for (int k = 0; k < count; k++)
    hsum += hits[k];
  printf("%d %ld %ld %d %ld %ld\n", tail, sum, squares, count, hsum, seen);
  return 0;
}
// DIAG: warning: shared counter 'tail' is updated by every iteration and its value used
// DIAG: warning: shared counter 'count' is updated by every iteration and its value used
// The branch's body gets braces on the line of its 'if'.
// FIXED:      if (adj[v]) {
// FIXED-NEXT:   int privateer_slot_{{[0-9]+}};
// FIXED-NEXT: #pragma omp atomic capture
// FIXED-NEXT:   privateer_slot_[[L:[0-9]+]] = tail++;
// FIXED-NEXT:   next[privateer_slot_[[L]]] = v; // frontier
// FIXED-NEXT: }
// FIXED-NEXT: }
// FIXED-NEXT: long sum = 0, squares = 0;
// In a block, no braces.
// FIXED:      int privateer_slot_{{[0-9]+}};
// FIXED-NEXT: #pragma omp atomic capture
// FIXED-NEXT: privateer_slot_[[M:[0-9]+]] = count++;
// FIXED-NEXT: hits[privateer_slot_[[M]]] = v;
// FIXED-NEXT: seen += 1;
// RACE: WARNING: ThreadSanitizer: data race
// CLEAN: {{^[0-9]+ [0-9]+ [0-9]+ [0-9]+ [0-9]+ [0-9]+}}
