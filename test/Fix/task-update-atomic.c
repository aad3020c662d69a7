// An update made inside a task that a parallel region's threads create
// gets 'omp atomic', never a reduction on the 'parallel': the deferred
// task can run after its creating thread has combined its private copy
// (updates lost, or a crash once that copy's stack frame is gone). The
// same for tasks created under 'single' and in a loop: one pass, and a
// second changes nothing.
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | count 0 && diff %t/once.c %t/in.c
// RUN: %clang -x c -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clang -x c -O1 -fopenmp %t/in.c -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
// The ThreadSanitizer runs leave out the tasks created in a loop: libomp
// (Debian's, not built for ThreadSanitizer) hands a finished task's memory to
// the next task the creating thread makes, a hand-over that neither TSan nor
// Archer sees, so a correct program with 64 tasks that only read a
// firstprivate was reported in 10 of 20 runs. The loop's fix is checked by
// the FIXED lines and the program's output with 1, 2 and 4 threads.
// Which threads run the tasks depends on the machine's load: the original
// runs until ThreadSanitizer has seen the race once (at most eight runs).
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread -DNO_TASK_LOOP %s -o %t/racy
// RUN: bash -c 'for k in 1 2 3 4 5 6 7 8; do %tsan-env:exitcode=0:halt_on_error=1 %t/racy > %t/race.txt 2>&1; grep -q "ThreadSanitizer: data race" %t/race.txt && break; done'
// RUN: FileCheck %s --check-prefix=RACE --input-file=%t/race.txt
// Reports at a '#pragma omp task' line are libomp's recycled descriptors
// (Inputs/tsan-task-filter.py); every other report fails the test.
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread -DNO_TASK_LOOP %t/in.c -o %t/fixed
// RUN: %tsan-env:exitcode=0 %t/fixed 2>&1 | python3 %S/Inputs/tsan-task-filter.py %t/in.c | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_num_threads(void) { return 1; }
#endif

int main(void) {
  // Each thread of the team creates one task.
  long total = 0;
#pragma omp parallel
  {
    int n = omp_get_num_threads();
#pragma omp task shared(total) firstprivate(n)
    total += 1200 / n;
  }
  // One thread creates a task per item, in a block.
  long items = 0;
  double weight = 0;
#ifndef NO_TASK_LOOP
#pragma omp parallel
#pragma omp single
  for (int i = 0; i < 64; i++) {
#pragma omp task shared(items, weight) firstprivate(i)
    {
      items += i;
      weight += 0.5 * i;
    }
  }
#endif
  printf("%ld %ld %.1f\n", total, items, weight);
  return 0;
}
// DIAG: warning: 'total' is updated by every thread without a reduction
// DIAG: note: 'total' is shared by this 'omp parallel'; protect the update with '#pragma omp atomic' on the update
// FIXED:      #pragma omp parallel{{$}}
// FIXED:      #pragma omp task shared(total) firstprivate(n)
// FIXED-NEXT: #pragma omp atomic{{$}}
// FIXED-NEXT:     total += 1200 / n;
// FIXED:      #pragma omp atomic{{$}}
// FIXED-NEXT:       items += i;
// FIXED:      #pragma omp atomic{{$}}
// FIXED-NEXT:       weight += 0.5 * i;
// FIXED-NOT:  reduction
// RACE: WARNING: ThreadSanitizer: data race
// CLEAN: {{^[0-9]+ [0-9]+ [0-9.]+$}}
