// Partial sums a thread keeps for the whole region: an 'omp for' adds into
// a variable that every thread then reads after it as its own partial
// (`total += part` in 'critical'). A reduction of the 'omp for' would hand
// each thread the whole sum (the total times the team size); the fix is a
// copy per thread for the whole region, `reduction(+: part)` on the
// 'parallel', exact where the variable starts at 0. Where only one thread
// reads it after the loop ('single'), the loop's reduction is right. Where
// it starts elsewhere, there is no fix.
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix %t/in.c > /dev/null 2>&1 && diff %t/once.c %t/in.c
// RUN: %clang -x c -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clang -x c -O1 -fopenmp %t/in.c -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
// RUN: %clang -x c -O1 -g -fopenmp -fsanitize=thread %t/in.c -o %t/fixed && %tsan-env %t/fixed 2>&1 | FileCheck %s --check-prefix=CLEAN --implicit-check-not=ThreadSanitizer
#include <stdio.h>

long gpart = 0;

static long local_partials(const int *x, int n) {
  long total = 0, part = 0;
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      part += x[i];
#pragma omp critical
    total += part;
  }
  return total;
}

static long one_reader(const int *x, int n) {
  long part = 0, seen = 0;
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      part += x[i];
#pragma omp single
    seen = part;
  }
  return seen;
}

int main(void) {
  static int x[50000];
  for (int i = 0; i < 50000; i++)
    x[i] = i % 97;
  long a = local_partials(x, 50000);
  long b = one_reader(x, 50000);
  long total = 0;
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < 50000; i++)
      gpart = gpart + x[i];
#pragma omp critical
    total = total + gpart;
  }
  printf("%ld %ld %ld\n", a, b, total);
  return 0;
}
// DIAG: warning: 'part' is updated by every iteration without a reduction
// DIAG: note: {{.*}}every thread of the team reads 'part' after it as its own partial
// DIAG: warning: 'part' is updated by every iteration without a reduction
// DIAG: note: 'part' is shared by this 'omp for'; use 'reduction(+: part)' on the directive
// DIAG: warning: 'gpart' is updated by every iteration without a reduction
// FIXED: long total = 0, part = 0;
// FIXED-NEXT: #pragma omp parallel reduction(+: part){{$}}
// FIXED: long part = 0, seen = 0;
// FIXED-NEXT: #pragma omp parallel{{$}}
// FIXED-NEXT: {
// FIXED-NEXT: #pragma omp for reduction(+: part){{$}}
// FIXED: long total = 0;
// FIXED-NEXT: #pragma omp parallel reduction(+: gpart){{$}}
// FIXED-NEXT: {
// FIXED-NEXT: #pragma omp for{{$}}
// CLEAN: {{^[0-9]+ [0-9]+ [0-9]+$}}
