// A variable the directive already names in a data-sharing clause gets no
// second clause (it would not compile: a variable appears in one clause of
// a directive). The race the finding is about is in code the clause's copy
// does not reach: a called function that updates the shared variable by
// its name. The note says so, the file is left as it is, and it compiles.
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix -fplugin-arg-privateer-report-may %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %strip-checks %s | diff - %t/in.c
// RUN: %clang -fopenmp -fsyntax-only %t/in.c
int sum;
long prod = 1;
double last;
void add(int i) { sum += i; }
void scale(int i) { prod *= 1 + i % 2; }
void keep(double x) { last += x; }

void in_reduction(void) {
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < 100; i++) {
    add(i);
    sum += i;
  }
}

void in_reduction_of_other_operator(void) {
#pragma omp parallel for reduction(* : prod)
  for (int i = 0; i < 100; i++) {
    scale(i);
    prod *= 2;
  }
}

void in_lastprivate(const double *x) {
#pragma omp parallel for lastprivate(last)
  for (int i = 0; i < 100; i++) {
    last = x[i];
    keep(last);
  }
}
// DIAG: warning: {{.*}}'sum'
// DIAG: note: no automatic fix: 'sum' is already named in the directive's 'reduction' clause
// DIAG: warning: {{.*}}'prod'
// DIAG: note: no automatic fix: 'prod' is already named in the directive's 'reduction' clause
// DIAG: warning: {{.*}}'last'
// DIAG: note: no automatic fix: 'last' is already named in the directive's 'lastprivate' clause
