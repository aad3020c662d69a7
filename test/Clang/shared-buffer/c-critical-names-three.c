// Three critical sections of different names updating one total: the
// advice names them all, and the note says why no fix is made (which name
// they should share changes what else each excludes).
// RUN: %cc %s 2>&1 | FileCheck %s --implicit-check-not=warning:
void tally(int n, const int *k, double *out) {
  double total = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (k[i] == 0) {
#pragma omp critical(a)
      total += 1;
    } else if (k[i] == 1) {
#pragma omp critical(b)
      total += 2;
    } else {
#pragma omp critical
      total += 3;
    }
  }
  *out = total;
}
// CHECK: warning: 'total' is written in critical section 'a' and written in critical section 'b': critical sections of different names do not exclude each other
// CHECK: note: the write in critical section 'a' is here; give the 3 sections that update it ('a', 'b', the unnamed one) one name
// CHECK: note: no automatic fix: which one exclusion all of them should take changes what else each excludes

void two(int n, const int *k, double *out) {
  double total = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (k[i] == 0) {
#pragma omp critical(even)
      total += 1;
    } else {
#pragma omp critical(odd)
      total += 2;
    }
  }
  *out = total;
}
// CHECK: warning: 'total' is written in critical section 'even' and written in critical section 'odd'
// CHECK: note: the write in critical section 'even' is here; give both sections one name
