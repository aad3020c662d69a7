// An 'omp for' accumulating into a variable that every thread of the team
// reads after it as its own partial: the advice and fix are a copy per
// thread for the whole region, not a reduction of the loop; where that
// copy cannot be exact, no fix, and the note says why.
// RUN: %cc %s 2>&1 | FileCheck %s --implicit-check-not=warning:

long starts_elsewhere(const int *x, int n) {
  long total = 0, part = 5;
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
// CHECK: team-partials.c:13:7: warning: 'part' is updated by every iteration without a reduction
// CHECK: note: 'part' is shared by this 'omp for'; every thread of the team reads 'part' after it as its own partial, so a reduction of this construct (or atomic updates) would give each thread the whole result; give each thread its own copy for the whole region: 'reduction(+: part)' on the enclosing parallel construct, or a local declared inside it
// CHECK: note: no automatic fix: each thread's copy would start at 0, but 'part' starts at 5

long also_one_reader(const int *x, int n, long *first) {
  long total = 0, part = 0;
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < n; i++)
      part += x[i];
#pragma omp critical
    total += part;
#pragma omp master
    *first = part;
  }
  return total;
}
// CHECK: team-partials.c:29:7: warning: 'part' is updated by every iteration without a reduction
// CHECK: note: no automatic fix: one thread reads it in a 'master' construct, where it would see its own partial

long in_a_loop(const int *x, int n, int reps) {
  long total = 0, part = 0;
  for (int r = 0; r < reps; r++) {
#pragma omp parallel
    {
#pragma omp for
      for (int i = 0; i < n; i++)
        part += x[i];
#pragma omp atomic
      total += part;
    }
  }
  return total;
}
// CHECK: team-partials.c:47:9: warning: 'part' is updated by every iteration without a reduction
// CHECK: note: no automatic fix: no 'parallel' construct directly around it (outside any loop) can give each thread its copy

double starts_at_zero_point_zero(const double *x, int n) {
  // 0.0 is the identity of '+' as 0 is: the copy per thread is exact.
  double total = 0, part = 0.0;
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
// CHECK: team-partials.c:[[@LINE-6]]:7: warning: 'part' is updated by every iteration without a reduction
// CHECK-NEXT: {{.*}}#pragma omp parallel
// CHECK-NEXT: {{ *\| *$}}
// CHECK-NEXT: reduction(+: part)
