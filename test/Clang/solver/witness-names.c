// A witness names the variables of its own loop, and every value it needs:
// the solver's cache shares answers between loops of the same shape, not
// their names.
// RUN: %cc -fplugin-arg-privateer-report-may %s 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %cc -fplugin-arg-privateer-stats %s 2>&1 | FileCheck %s --check-prefix=HELD

void reverse_a(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[n - 1 - i];
}
// CHECK: [[@LINE-2]]:5: warning: 'a' is written by one iteration and read by another
// CHECK: [[@LINE-3]]:12: note: iteration i=0 reads 'a[n - 1 - i]' here while iteration i=1 writes 'a[i]': both access 'a[1]' (with n=2){{$}}

// The same shape with other names: answered from the cache.
void reverse_b(int len, double *b) {
#pragma omp parallel for
  for (int idx = 0; idx < len; idx++)
    b[idx] = b[len - 1 - idx];
}
// CHECK: [[@LINE-2]]:5: warning: 'b' is written by one iteration and read by another
// CHECK: [[@LINE-3]]:14: note: iteration idx=0 reads 'b[len - 1 - idx]' here while iteration idx=1 writes 'b[idx]': both access 'b[1]' (with len=2){{$}}

void shift_a(int n, int k, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + k];
}
// CHECK: [[@LINE-2]]:5: warning: 'a' is written by one iteration and read by another
// CHECK: [[@LINE-3]]:12: note: iteration i=0 reads 'a[i + k]' here while iteration i=1 writes 'a[i]': both access 'a[1]' (with n=2, k=1){{$}}

void shift_b(int count, int delta, double *v) {
#pragma omp parallel for
  for (int t = 0; t < count; t++)
    v[t] = v[t + delta];
}
// CHECK: [[@LINE-2]]:5: warning: 'v' is written by one iteration and read by another
// CHECK: [[@LINE-3]]:12: note: iteration t=0 reads 'v[t + delta]' here while iteration t=1 writes 'v[t]': both access 'v[1]' (with count=2, delta=1){{$}}

// A shift by a value loaded from memory that no iteration changes: the
// witness needs its value too (i + s->n == j for some i != j: s->n != 0),
// a value the analysis cannot see (with s->n == 0 there is no race): the
// report is unproven, held back unless report-may asks for it.
// HELD: privateer: 1 unproven ('may') finding held back
struct S { int n; };
void shift_loaded(int n, const struct S *s, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + s->n];
}
// CHECK: [[@LINE-2]]:5: warning: 'a' may be written by one iteration and read by another
// CHECK: [[@LINE-3]]:12: note: iteration i={{[0-9]+}} may read 'a[i + s->n]' here while iteration i={{[0-9]+}} writes 'a[i]': both access 'a[{{[0-9]+}}]' (with {{.*}}s->n={{-?[1-9][0-9]*}}{{.*}}){{$}}
