// A shared counter whose value is used, updated in two or three
// statements (the branches of an 'if', the arms of an 'if' chain), and an
// accumulation no clause can name updated in two alike statements: every
// update is rewritten in one pass ('omp atomic capture' for the counter,
// 'omp atomic' for the updates), so a second pass finds nothing. The
// queue's order may change; its contents may not (the output is order
// independent).
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix -fplugin-arg-privateer-report-may %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix -fplugin-arg-privateer-report-may %t/in.c 2>&1 | count 0 && diff %t/once.c %t/in.c
// RUN: %clang -x c -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clang -x c -O1 -fopenmp %t/in.c -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %s -o %t/racy && %tsan-env:exitcode=0:halt_on_error=1 %t/racy 2>&1 | FileCheck %s --check-prefix=RACE
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %t/in.c -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <stdio.h>

#define N 3000
static int out[N], picks[N];
static int n, m;

struct stats {
  long hits;
};

int main(void) {
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    if (i % 3)
      out[n++] = i;
    else
      out[n++] = -i;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    if (i % 5 == 0)
      picks[m++] = i;
    else if (i % 5 == 1)
      picks[m++] = 2 * i;
    else if (i % 7 == 0)
      picks[m++] = 3 * i;
  }
  struct stats s = {0};
  struct stats *p = &s;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    if (i % 2)
      p->hits += i;
    else
      p->hits += i;
  }
  long sum = 0, psum = 0;
  for (int k = 0; k < n; k++)
    sum += out[k];
  for (int k = 0; k < m; k++)
    psum += picks[k];
  printf("%d %ld %d %ld %ld\n", n, sum, m, psum, s.hits);
  return 0;
}
// DIAG: warning: shared counter 'n' is updated by every iteration
// DIAG: warning: shared counter 'm' is updated by every iteration
// The branches of the 'if' get braces on the lines of 'if' and 'else'.
// FIXED:      if (i % 3) {
// FIXED-NEXT:   int privateer_slot_[[A:[0-9]+]];
// FIXED-NEXT: #pragma omp atomic capture
// FIXED-NEXT:   privateer_slot_[[A]] = n++;
// FIXED-NEXT:   out[privateer_slot_[[A]]] = i;
// FIXED-NEXT: }
// FIXED-NEXT: else {
// FIXED-NEXT:   int privateer_slot_[[B:[0-9]+]];
// FIXED-NEXT: #pragma omp atomic capture
// FIXED-NEXT:   privateer_slot_[[B]] = n++;
// FIXED-NEXT:   out[privateer_slot_[[B]]] = -i;
// FIXED-NEXT: }
// FIXED:      privateer_slot_{{[0-9]+}} = m++;
// FIXED:      privateer_slot_{{[0-9]+}} = m++;
// FIXED:      privateer_slot_{{[0-9]+}} = m++;
// FIXED:      #pragma omp atomic{{$}}
// FIXED-NEXT:   p->hits += i;
// FIXED:      #pragma omp atomic{{$}}
// FIXED-NEXT:   p->hits += i;
// RACE: WARNING: ThreadSanitizer: data race
// CLEAN: {{^[0-9]+ -?[0-9]+ [0-9]+ [0-9]+ [0-9]+}}
