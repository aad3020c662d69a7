// Thread-indexed counters updated in a hot loop keep the slot in a local
// across the loop: one read before, one write after. A loop that calls code
// that could use the buffer keeps its code; a call cannot reach a local
// buffer whose address never escapes, so that one is rewritten. In a
// worksharing loop of an enclosing region (the partial sums of a reduction
// written by hand) the slot is the thread's for the whole loop: the local
// is read before the directive and written back after its loop.
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=AGAIN && diff %t/once.c %t/in.c
// RUN: %clang -x c -O1 -fopenmp %s -o %t/before && env OMP_NUM_THREADS=8 %t/before > %t/expected
// RUN: %clang -x c -O1 -fopenmp %t/in.c -o %t/after
// RUN: env OMP_NUM_THREADS=8 %t/after | diff %t/expected -
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %t/in.c -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <omp.h>
#include <stdio.h>

long hits[8];
long seen[8];

static long weight(int v) { return v % 3; }

int main(void) {
  static int x[100000];
  // Summed into slots of its own type, which may alias it: the compiler
  // stores the slot in every iteration (an int would let it keep a long
  // slot in a register, and nothing would be reported).
  static long lx[100000];
  for (int i = 0; i < 100000; i++)
    lx[i] = x[i] = (i * 31) % 8;
#pragma omp parallel num_threads(8)
  {
    int t = omp_get_thread_num();
    for (int i = 0; i < 100000; i++)
      if (x[i] == t)
        hits[t]++;
  }
#pragma omp parallel num_threads(8)
  {
    int t = omp_get_thread_num();
    for (int i = 0; i < 1000; i++)
      seen[t] += weight(x[i]); // a call that could use 'seen': no fix
  }
  long mine[8] = {0};
#pragma omp parallel num_threads(8)
  {
    int t = omp_get_thread_num();
    for (int i = t; i < 100000; i += 8)
      mine[t] += weight(x[i]); // 'mine' is local and never escapes
  }
  long part[8] = {0};
#pragma omp parallel num_threads(8)
  {
    int t = omp_get_thread_num();
#pragma omp for schedule(dynamic, 100)
    for (int i = 0; i < 100000; i++)
      part[t] += lx[i];
  }
  // The index is declared in the loop body: no local can be read before
  // the loop, so the array is padded instead.
  long inner[8] = {0};
#pragma omp parallel num_threads(8)
  {
#pragma omp for
    for (int i = 0; i < 100000; i++) {
      int t = omp_get_thread_num();
      inner[t] += x[i];
    }
  }
  long s = 0;
  for (int t = 0; t < 8; t++)
    s += hits[t] * (t + 1) + seen[t] + 3 * mine[t] + part[t] + inner[t];
  printf("%ld\n", s);
  return 0;
}
// DIAG: warning: threads write 'hits[t]' in a loop
// DIAG: warning: threads write 'seen[t]' in a loop
// FIXED:      long privateer_hits_{{[0-9]+}} = hits[t];
// FIXED-NEXT: for (int i = 0; i < 100000; i++)
// FIXED-NEXT:   if (x[i] == t)
// FIXED-NEXT:     privateer_hits_[[L:[0-9]+]]++;
// FIXED-NEXT: hits[t] = privateer_hits_[[L]];
// DIAG: warning: threads write 'mine[t]' in a loop
// FIXED:      seen[t] += weight(x[i]);
// FIXED:      long privateer_mine_{{[0-9]+}} = mine[t];
// FIXED-NEXT: for (int i = t; i < 100000; i += 8)
// FIXED-NEXT:   privateer_mine_[[M:[0-9]+]] += weight(x[i]);
// FIXED-NEXT: mine[t] = privateer_mine_[[M]];
// DIAG: warning: threads write 'part[t]' in a loop
// FIXED:      int t = omp_get_thread_num();
// FIXED-NEXT: long privateer_part_{{[0-9]+}} = part[t];
// FIXED-NEXT: #pragma omp for schedule(dynamic, 100)
// FIXED-NEXT: for (int i = 0; i < 100000; i++)
// FIXED-NEXT:   privateer_part_[[P:[0-9]+]] += lx[i];
// FIXED-NEXT: part[t] = privateer_part_[[P]];
// FIXED-NEXT: }
// DIAG: warning: threads write 'inner[t]' in a loop
// FIXED:      struct { _Alignas(64) long value; } inner[8] = {0};
// FIXED:          inner[t].value += x[i];
// AGAIN-NOT: 'hits[t]'
// AGAIN: warning: threads write 'seen[t]' in a loop
// AGAIN-NOT: 'mine[t]'
// CLEAN: {{^[0-9]+}}
