// Loops counting down by more than one: the values lie on the lattice of the
// start (9, 7, 5, ...), not of the lower bound (0, 2, 4, ...).
// RUN: %cc %s 2>&1 | FileCheck %s --implicit-check-not=warning:

// i in {9,7,5,3,1}: writes {18,14,10,6,2} and reads {9,7,5,3,1} never meet
// (the even lattice 0..8 would meet: i=2 writes a[4], i=4 reads it).
void odd_lattice_disjoint(double *a) {
#pragma omp parallel for
  for (int i = 9; i >= 0; i -= 2)
    a[2 * i] = a[i];
}

// i in {9,7,5,3,1}: i=5 writes a[10], which i=9 reads (on the even lattice
// writes are multiples of 4 and reads odd: no collision there).
void odd_lattice_racy(double *a) {
#pragma omp parallel for
  for (int i = 9; i >= 0; i -= 2)
    a[2 * i] = a[i + 1];
}
// CHECK: [[@LINE-2]]:5: warning: 'a' is written by one iteration and read by another
// CHECK: [[@LINE-3]]:16: note: iteration i={{[13579]}} reads 'a[i + 1]' here while iteration i={{[13579]}} writes 'a[2 * i]': both access 'a[{{[0-9]+}}]'{{$}}

// A real dependence at distance 2: the witness must name iterations that
// exist, e.g. i=3 reads a[1], which i=1 writes (not i=2 and i=0).
void odd_lattice_witness(double *a) {
#pragma omp parallel for
  for (int i = 9; i >= 0; i -= 2)
    a[i] = a[i - 2];
}
// CHECK: [[@LINE-2]]:5: warning: 'a' is written by one iteration and read by another
// CHECK: [[@LINE-3]]:12: note: iteration i={{[13579]}} reads 'a[i - 2]' here while iteration i={{[13579]}} writes 'a[i]': both access 'a[{{[13579]}}]'{{$}}

// Counting down by 3 from 10: i in {10,7,4,1}, all congruent to 1 mod 3, so
// i*(1 - i%3) is 0 for every iteration (the lattice 0,3,6,9 gives i).
void mod3_lattice(double *a) {
#pragma omp parallel for
  for (int i = 10; i >= 0; i -= 3)
    a[i * (1 - i % 3)] = i;
}
// CHECK: [[@LINE-2]]:5: warning: 'a' is written by every iteration at the same element
// CHECK: [[@LINE-3]]:5: note: iterations i={{10|7|4|1}} and i={{10|7|4|1}} both write 'a[0]'{{$}}

// Counting down by 2 from 8 to 0: the lattice of the bound and of the start
// agree; this one is right today and must stay right.
void even_lattice_racy(double *a) {
#pragma omp parallel for
  for (int i = 8; i >= 0; i -= 2)
    a[i] = a[i - 2];
}
// CHECK: [[@LINE-2]]:5: warning: 'a' is written by one iteration and read by another
// CHECK: [[@LINE-3]]:12: note: iteration i=2 reads 'a[i - 2]' here while iteration i=0 writes 'a[i]': both access 'a[0]'{{$}}
