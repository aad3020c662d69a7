// A counter read in the subscript of an atomic update is still a counter
// whose value is used: 'omp atomic' makes the update of 'c[j]' atomic, not
// the read of 'j' in its subscript. A reduction of 'j' would index 'c'
// with each thread's partial count, so 'j' gets no fix, before and after
// the pass that makes the update of 'c' atomic (with report-may, which
// shows that unproven finding); the second pass changes nothing. A
// hand-written 'omp atomic' gets the same words on the first pass.
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix -fplugin-arg-privateer-report-may %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix -fplugin-arg-privateer-report-may %t/in.c 2>&1 | FileCheck %s --check-prefix=AGAIN
// RUN: diff %t/once.c %t/in.c
// RUN: %clang -fopenmp -fsyntax-only %t/in.c
void through_pointer(double *c) {
  int j = 0;
#pragma omp parallel for
  for (int i = 0; i < 100; i++) {
    c[j] += i;
    j++;
  }
}

void written_atomic(double *c) {
  int k = 0;
#pragma omp parallel for
  for (int i = 0; i < 100; i++) {
#pragma omp atomic
    c[k] += i;
    k++;
  }
}
// DIAG: warning: iterations can update 'c'
// DIAG: warning: shared counter 'j' is updated by every iteration and its value used
// DIAG: note: no automatic fix: the counter is also used outside
// DIAG: warning: shared counter 'k' is updated by every iteration and its value used
// DIAG: note: no automatic fix: the counter is also used outside
// DIAG-NOT: reduction(+: j)
// FIXED:      #pragma omp atomic{{$}}
// FIXED-NEXT:     c[j] += i;
// AGAIN-NOT: warning: iterations can update 'c'
// AGAIN: warning: shared counter 'j' is updated by every iteration and its value used
// AGAIN: note: no automatic fix: the counter is also used outside
// AGAIN-NOT: reduction
