// A flag that one path of the iteration writes before it reads, and another
// path reads without writing (the value from before the loop). All accesses
// count, also those that spell the same as an earlier one (`iflag` read in
// two cases): private(iflag) would make the second path read an undefined
// copy, so there is no fix, and the advice says why. When every path writes
// first, the flag is scratch and private(iflag) is the fix; the fixed
// program computes the sequential result with 1, 2 and 4 threads.
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG --implicit-check-not=warning:
// RUN: FileCheck %s --check-prefix=FIXED --input-file=%t/in.c
// RUN: cp %t/in.c %t/once.c && %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=AGAIN --implicit-check-not=warning: && diff %t/once.c %t/in.c
// RUN: %clang -x c -O1 -Wno-unknown-pragmas %s -o %t/seq && %t/seq > %t/expected
// RUN: %clang -x c -O1 -fopenmp %t/in.c -o %t/par
// RUN: env OMP_NUM_THREADS=1 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=2 %t/par | diff %t/expected -
// RUN: env OMP_NUM_THREADS=4 %t/par | diff %t/expected -
#include <stdio.h>

enum { N = 1000 };
static double sx[N];

// mode 26 reads the 7 set before the loop: sharing is what makes it right.
void by_case(int mode) {
  int iflag = 7;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    switch (mode) {
    case 3:
      iflag = 1;
      sx[i] = iflag * i;
      break;
    case 26:
      sx[i] = iflag * i;
      break;
    }
  }
}
// DIAG: in.c:{{[0-9]+}}:7: warning: 'iflag' is written by every iteration without synchronization
// AGAIN: in.c:{{[0-9]+}}:7: warning: 'iflag' is written by every iteration without synchronization
// DIAG: note: 'iflag' is shared by this 'omp parallel for'; no automatic fix: a path of each iteration reads 'iflag' where no write of its own comes first, and a private copy would change what that read sees; if that path cannot be taken, give each thread its own copy: declare 'iflag' inside the loop body or add 'private(iflag)'

void by_branch(int mode) {
  int iflag = 5;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    if (mode < 10) {
      iflag = 2;
      sx[i] += iflag;
    } else {
      sx[i] += iflag;
    }
  }
}
// DIAG: in.c:{{[0-9]+}}:7: warning: 'iflag' is written by every iteration without synchronization
// AGAIN: in.c:{{[0-9]+}}:7: warning: 'iflag' is written by every iteration without synchronization

// Both arms write it, but the then-arm only under a further test: with
// 0 < a <= 5 the iteration reads the 7 from before the loop.
void nested_arm(const double *a) {
  double t = 7;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    if (a[i] > 0) {
      if (a[i] > 5)
        t = 1;
    } else {
      t = 2;
    }
    sx[i] += t;
  }
}
// DIAG: in.c:{{[0-9]+}}:9: warning: 't' is written by every iteration without synchronization
// AGAIN: in.c:{{[0-9]+}}:9: warning: 't' is written by every iteration without synchronization

// Both arms write it directly: a write on every path, scratch.
void both_arms(const double *a) {
  double t;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    if (a[i] > 2)
      t = a[i] * 0.5;
    else
      t = -a[i];
    sx[i] += t;
  }
}
// DIAG: in.c:{{[0-9]+}}:7: warning: shared buffer 't' is scratch that every iteration overwrites

// Both arms write it inside a branch of the iteration, and the read is in
// that branch too: scratch (hypre's `labelj` in mli_amgsa_coarsen1.cxx).
void both_arms_in_branch(const double *a, int mode) {
  double t;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    if (mode > 0) {
      if (a[i] > 2)
        t = 1.5;
      else
        t = 2.5;
      sx[i] += t * i;
    }
  }
}
// DIAG: in.c:{{[0-9]+}}:9: warning: shared buffer 't' is scratch that every iteration overwrites

// Every case writes the flag first: scratch.
void every_case_writes(int mode) {
  int iflag;
#pragma omp parallel for
  for (int i = 0; i < N; i++) {
    switch (mode) {
    case 3:
      iflag = 1;
      sx[i] += iflag;
      break;
    default:
      iflag = 4;
      sx[i] += iflag;
      break;
    }
  }
}
// DIAG: in.c:{{[0-9]+}}:7: warning: shared buffer 'iflag' is scratch that every iteration overwrites
// FIXED-LABEL: void by_case(int mode) {
// FIXED-NEXT: int iflag = 7;
// FIXED-NEXT: #pragma omp parallel for{{$}}
// FIXED-LABEL: void by_branch(int mode) {
// FIXED-NEXT: int iflag = 5;
// FIXED-NEXT: #pragma omp parallel for{{$}}
// FIXED-LABEL: void nested_arm(const double *a) {
// FIXED-NEXT: double t = 7;
// FIXED-NEXT: #pragma omp parallel for{{$}}
// FIXED-LABEL: void both_arms(const double *a) {
// FIXED-NEXT: double t;
// FIXED-NEXT: #pragma omp parallel for private(t)
// FIXED-LABEL: void both_arms_in_branch(const double *a, int mode) {
// FIXED-NEXT: double t;
// FIXED-NEXT: #pragma omp parallel for private(t)
// FIXED-LABEL: void every_case_writes(int mode) {
// FIXED-NEXT: int iflag;
// FIXED-NEXT: #pragma omp parallel for private(iflag)

int main(void) {
  by_case(26);
  by_branch(50);
  every_case_writes(3);
  every_case_writes(9);
  static double a[N];
  for (int i = 0; i < N; i++)
    a[i] = 1 + i % 4;
  nested_arm(a);
  both_arms(a);
  both_arms_in_branch(a, 1);
  double s = 0;
  for (int i = 0; i < N; i++)
    s += sx[i] * (i % 7);
  printf("%.1f\n", s);
  return 0;
}
