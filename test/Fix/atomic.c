// Accumulations no reduction clause can name (struct fields, a block a
// pointer points to): every update becomes an 'omp atomic' update.
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
#include <stdlib.h>

typedef struct {
  long hits;
  long total;
} stats;

int main(void) {
  stats st = {0, 0};
  long *counts = calloc(4, sizeof(long));
#pragma omp parallel for
  for (int i = 0; i < 20000; i++) {
    st.hits++;
    st.total += i % 97;
    if (i % 3 == 0)
      counts[i % 4] += 1;
  }
  printf("%ld %ld %ld %ld\n", st.hits, st.total, counts[0], counts[3]);
  free(counts);
  return 0;
}
// DIAG: warning: 'hits' of 'st' is updated by every iteration without a reduction
// DIAG: warning: iterations update 'counts' at the same element
// FIXED:      #pragma omp atomic
// FIXED-NEXT: st.hits++;
// FIXED-NEXT: #pragma omp atomic
// FIXED-NEXT: st.total += i % 97;
// FIXED:        #pragma omp atomic
// FIXED-NEXT:   counts[i % 4] += 1;
// RACE: WARNING: ThreadSanitizer: data race
// CLEAN: {{^[0-9]+ [0-9]+}}
