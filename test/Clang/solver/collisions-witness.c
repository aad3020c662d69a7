// Racy index pairs: each warning comes with a witness note whose values were
// checked by hand (both indices equal, both iterations inside the loop bounds).
// RUN: %cc %s 2>&1 | FileCheck %s --implicit-check-not=warning:

#define N 16

// i/2: iterations 0 and 1 both write a[0].
void halve(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i / 2] = i;
}
// CHECK: [[@LINE-2]]:5: warning: 'a' is written by every iteration at the same element without synchronization
// CHECK: [[@LINE-3]]:5: note: iterations i=0 and i=1 both write 'a[0]'{{$}}

// i%4 over 0..99: iterations 0 and 4 both update a[0].
void modulo4(double *a) {
#pragma omp parallel for
  for (int i = 0; i < 100; i++)
    a[i % 4] += i;
}
// CHECK: [[@LINE-2]]:5: warning: iterations update 'a' at the same element without synchronization; concurrent updates are lost
// CHECK: [[@LINE-3]]:5: note: iterations i=0 and i=4 both update 'a[0]'{{$}}

// A constant element.
void constant_element(double *a) {
#pragma omp parallel for
  for (int i = 0; i < 4; i++)
    a[8] = i;
}
// CHECK: [[@LINE-2]]:5: warning: 'a' is written by every iteration at the same element
// CHECK: [[@LINE-3]]:5: note: iterations i=0 and i=1 both write 'a[8]'{{$}}

// Rows that overlap by one: j <= m. With m=1, i=0 j=1 and i=1 j=0 both give 1.
void rows_overlap(int n, int m, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= m; j++)
      a[i * m + j] = 0;
}
// CHECK: [[@LINE-2]]:7: warning: 'a' is written by every iteration at the same element
// CHECK: [[@LINE-3]]:7: note: iterations i=0 and i=1 both write 'a[1]' (with n=2, m=1){{$}}

// The same with a constant row length: i=0 j=16 and i=1 j=0 give 16.
void rows_overlap_const(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= N; j++)
      a[i * N + j] = 0;
}
// CHECK: [[@LINE-2]]:7: warning: 'a' is written by every iteration at the same element
// CHECK: [[@LINE-3]]:7: note: iterations i=0 and i=1 both write 'a[16]' (with n=2){{$}}

// A row pointer one element too long: p = a + i*k, j <= k.
// k=1: i=0 j=1 and i=1 j=0 both give 1.
void row_pointer_overlap(int n, int k, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double *p = a + i * k;
    for (int j = 0; j <= k; j++)
      p[j] = j;
  }
}
// CHECK: [[@LINE-3]]:7: warning: 'a' is written by every iteration at the same element
// CHECK: [[@LINE-4]]:7: note: iterations i=0 and i=1 both write 'a[1]' (with n=2, k=1){{$}}

// Blocks of 9 at a stride of 8: b=0 k=8 and b=1 k=0 give 8.
void blocks_overlap(int nb, double *a) {
#pragma omp parallel for
  for (int b = 0; b < nb; b++)
    for (int k = 0; k < 9; k++)
      a[8 * b + k] = b;
}
// CHECK: [[@LINE-2]]:7: warning: 'a' is written by every iteration at the same element
// CHECK: [[@LINE-3]]:7: note: iterations b=0 and b=1 both write 'a[8]' (with nb=2){{$}}

// Reading the first element of the next block.
void blocks_next(int nb, double *a) {
#pragma omp parallel for
  for (int b = 0; b < nb; b++)
    for (int k = 0; k < 8; k++)
      a[8 * b + k] += a[8 * b + 8];
}
// CHECK: [[@LINE-2]]:7: warning: 'a' is written by one iteration and read by another
// CHECK: [[@LINE-3]]:23: note: iteration b=0 reads 'a[8 * b + 8]' here while iteration b=1 updates 'a[8 * b + k]': both access 'a[8]' (with nb=2){{$}}

// Reading the last element of the previous block: b=2 reads a[15], which
// b=1 updates with k=7; b runs over 1..2 with nb=3.
void blocks_prev(int nb, double *a) {
#pragma omp parallel for
  for (int b = 1; b < nb; b++)
    for (int k = 0; k < 8; k++)
      a[8 * b + k] += a[8 * b - 1];
}
// CHECK: [[@LINE-2]]:7: warning: 'a' is written by one iteration and read by another
// CHECK: [[@LINE-3]]:23: note: iteration b=2 reads 'a[8 * b - 1]' here while iteration b=1 updates 'a[8 * b + k]': both access 'a[15]' (with nb=3){{$}}

// In-place reversal: with n=2, i=0 reads a[1], which i=1 writes.
void reverse(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[n - 1 - i];
}
// CHECK: [[@LINE-2]]:5: warning: 'a' is written by one iteration and read by another
// CHECK: [[@LINE-3]]:12: note: iteration i=0 reads 'a[n - 1 - i]' here while iteration i=1 writes 'a[i]': both access 'a[1]' (with n=2){{$}}

// A shift by an invariant k: a race for every k != 0 with |k| < n.
// k=1, n=2: i=0 reads a[1], which i=1 writes.
void shift(int n, int k, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + k];
}
// CHECK: [[@LINE-2]]:5: warning: 'a' is written by one iteration and read by another
// CHECK: [[@LINE-3]]:12: note: iteration i=0 reads 'a[i + k]' here while iteration i=1 writes 'a[i]': both access 'a[1]' (with n=2, k=1){{$}}

// A shift by one.
void shift_one(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = a[i + 1];
}
// CHECK: [[@LINE-2]]:5: warning: 'a' is written by one iteration and read by another
// CHECK: [[@LINE-3]]:12: note: iteration i=0 reads 'a[i + 1]' here while iteration i=1 writes 'a[i]': both access 'a[1]'{{$}}

// a[2*i] written, a[i] read: i=1 writes a[2], which i=2 reads.
void doubled(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[2 * i] = a[i];
}
// CHECK: [[@LINE-2]]:5: warning: 'a' is written by one iteration and read by another
// CHECK: [[@LINE-3]]:16: note: iteration i=2 reads 'a[i]' here while iteration i=1 writes 'a[2 * i]': both access 'a[2]'{{$}}

// Down-counting: i=2 reads a[1], which i=1 writes (i runs from n-1 to 1).
void down_counting(int n, double *a) {
#pragma omp parallel for
  for (int i = n - 1; i > 0; i--)
    a[i] = a[i - 1];
}
// CHECK: [[@LINE-2]]:5: warning: 'a' is written by one iteration and read by another
// CHECK: [[@LINE-3]]:12: note: iteration i=2 reads 'a[i - 1]' here while iteration i=1 writes 'a[i]': both access 'a[1]' (with n=3){{$}}

// Step 2 from 1: the iterations are odd; i=3 reads a[1], which i=1 writes.
void odd_steps(int n, double *a) {
#pragma omp parallel for
  for (int i = 1; i < n; i += 2)
    a[i] = a[i - 2];
}
// CHECK: [[@LINE-2]]:5: warning: 'a' is written by one iteration and read by another
// CHECK: [[@LINE-3]]:12: note: iteration i=3 reads 'a[i - 2]' here while iteration i=1 writes 'a[i]': both access 'a[1]'{{$}}

// Step 2, two elements past the start: i=0 writes a[2], which i=2 writes.
void step2_three(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i += 2) {
    a[i] = 0;
    a[i + 2] = 1;
  }
}
// CHECK: [[@LINE-4]]:5: warning: 'a' is written by one iteration and written by another
// CHECK: [[@LINE-4]]:5: note: iteration i=0 writes 'a[i + 2]' here while iteration i=2 writes 'a[i]': both access 'a[2]'{{$}}

// collapse(2) writing a[i]: items differing in j collide.
void collapse_row_sum(int n, int m, double *a) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i] += j;
}
// CHECK: [[@LINE-2]]:7: warning: iterations update 'a' at the same element without synchronization
// CHECK: [[@LINE-3]]:7: note: iterations (i=0, j=0) and (i=0, j=1) both update 'a[0]' (with n=1, m=2){{$}}

// collapse(2) writing a[j]: items differing in i collide.
void collapse_column(int n, int m, double *a) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[j] = i;
}
// CHECK: [[@LINE-2]]:7: warning: 'a' is written by every iteration at the same element
// CHECK: [[@LINE-3]]:7: note: iterations (i=0, j=0) and (i=1, j=0) both write 'a[0]' (with n=2, m=1){{$}}

// collapse(2) with a[i + j]: (1,0) and (0,1) both write a[1].
void collapse_antidiagonal(int n, int m, double *a) {
#pragma omp parallel for collapse(2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      a[i + j] = 0;
}
// CHECK: [[@LINE-2]]:7: warning: 'a' is written by every iteration at the same element
// CHECK: [[@LINE-3]]:7: note: iterations (i=0, j=1) and (i=1, j=0) both write 'a[1]' (with n=2, m=2){{$}}

// A 2-D array read one row down: i=0 reads row 1, which i=1 writes.
void rows_2d(int n, double a[][N]) {
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = a[i + 1][j];
}
// CHECK: [[@LINE-2]]:7: warning: 'a' is written by one iteration and read by another
// CHECK: [[@LINE-3]]:17: note: iteration i=0 reads 'a[i + 1][j]' here while iteration i=1 writes 'a[i][j]': both access 'a[1][0]' (with n=3){{$}}

// Half the row index of a 2-D array: i=1 and i=0 both write row 0.
void rows_2d_halved(int n, double a[][N]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < N; j++)
      a[i / 2][j] = i;
}
// CHECK: [[@LINE-2]]:7: warning: 'a' is written by every iteration at the same element
// CHECK: [[@LINE-3]]:7: note: iterations i=0 and i=1 both write 'a[0][0]' (with n=2){{$}}

// i + j with a short inner loop: i=1 j=0 and i=0 j=1 both write a[1].
void sliding(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 2; j++)
      a[i + j] = 0;
}
// CHECK: [[@LINE-2]]:7: warning: 'a' is written by every iteration at the same element
// CHECK: [[@LINE-3]]:7: note: iterations i=0 and i=1 both write 'a[1]' (with n=2){{$}}

// Stride 3, width 4: i=0 j=3 and i=1 j=0 both write a[3].
void stride3_width4(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < 4; j++)
      a[3 * i + j] = 0;
}
// CHECK: [[@LINE-2]]:7: warning: 'a' is written by every iteration at the same element
// CHECK: [[@LINE-3]]:7: note: iterations i=0 and i=1 both write 'a[3]' (with n=2){{$}}

// i % m: with m=1 every iteration writes a[0]; here i=0 and i=1 with n=2.
void modulo_m(int n, int m, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i % m] = 0;
}
// CHECK: [[@LINE-2]]:5: warning: 'a' is written by every iteration at the same element
// CHECK: [[@LINE-3]]:5: note: iterations i=0 and i=1 both write 'a[0]' (with n=2, m=1){{$}}

// i >> 1: iterations 0 and 1 both write a[0].
void shift_right(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i >> 1] = 0;
}
// CHECK: [[@LINE-2]]:5: warning: 'a' is written by every iteration at the same element
// CHECK: [[@LINE-3]]:5: note: iterations i=0 and i=1 both write 'a[0]'{{$}}

// The swap of mirrored pairs one step too far: with n=2, i runs over 0..1;
// i=0 reads a[1], which i=1 writes.
void swap_too_far(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i <= n / 2; i++) {
    double t = a[i];
    a[i] = a[n - 1 - i];
    a[n - 1 - i] = t;
  }
}
// CHECK: [[@LINE-4]]:5: warning: 'a' is written by one iteration and read by another
// CHECK: [[@LINE-5]]:12: note: iteration i=0 reads 'a[n - 1 - i]' here while iteration i=1 writes 'a[i]': both access 'a[1]' (with n=2){{$}}

// In-place transpose of the whole matrix: i=0 reads a[1][0], which i=1 writes.
void transpose_whole(double a[][N]) {
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      a[i][j] = a[j][i];
}
// CHECK: [[@LINE-2]]:7: warning: 'a' is written by one iteration and read by another
// CHECK: [[@LINE-3]]:17: note: iteration i=0 reads 'a[j][i]' here while iteration i=1 writes 'a[i][j]': both access 'a[1][0]'{{$}}
