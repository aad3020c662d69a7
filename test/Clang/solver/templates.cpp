// Templates whose verdict depends on the template arguments: each
// instantiation is analysed with its constants, and a racy one is reported
// once, at the template's line, with a witness for those constants.
// RUN: %cxx -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %cxx -DRACY %s 2>&1 | FileCheck %s --implicit-check-not=warning:

#if !defined(RACY)
// expected-no-diagnostics
#endif

// Rows of N, j < N: disjoint for every N.
template <int N> void rows(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < N; j++)
      a[i * N + j] = 0;
}

// Rows of N + 1 elements at a stride of N: i=0 j=4 and i=1 j=0 meet at 4.
template <int N> void rows_overlap(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j <= N; j++)
      a[i * N + j] = 0;
}
// CHECK: [[@LINE-2]]:7: warning: 'a' is written by every iteration at the same element
// CHECK: [[@LINE-3]]:7: note: iterations i=0 and i=1 both write 'a[4]' (with n=2){{$}}

// Windows of W at a stride of S: disjoint when W <= S.
template <int W, int S> void windows(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < W; j++)
      a[i * S + j] = 0;
}
// W=8, S=4: i=0 j=4 and i=1 j=0 meet at 4.
// CHECK: [[@LINE-3]]:7: warning: 'a' is written by every iteration at the same element
// CHECK: [[@LINE-4]]:7: note: iterations i=0 and i=1 both write 'a[4]' (with n=2){{$}}

// Elements i and i+1 at a step of S: disjoint when S >= 2.
template <int S> void pairs(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n; i += S) {
    a[i] = 0;
    a[i + 1] = 1;
  }
}
// S=1: i=0 writes a[1] through a[i + 1], i=1 through a[i].
// CHECK: [[@LINE-5]]:5: warning: 'a' is written by one iteration and written by another
// CHECK: [[@LINE-5]]:5: note: iteration i=0 writes 'a[i + 1]' here while iteration i=1 writes 'a[i]': both access 'a[1]'{{$}}

// Swapping mirrored pairs for i <= N/2: racy for even N only. N=8: i=4
// reads a[3], which i=3 writes; N=9: i=4 meets only itself.
template <int N> void swap_mirrored(double *a) {
#pragma omp parallel for
  for (int i = 0; i <= N / 2; i++) {
    double t = a[i];
    a[i] = a[N - 1 - i];
    a[N - 1 - i] = t;
  }
}
// CHECK: [[@LINE-4]]:5: warning: 'a' is written by one iteration and read by another
// CHECK: [[@LINE-5]]:12: note: iteration i=4 reads 'a[N - 1 - i]' here while iteration i=3 writes 'a[i]': both access 'a[3]'{{$}}

// Blocks of B at a stride of 8, B a template argument.
template <int B> void blocks(int nb, double *a) {
#pragma omp parallel for
  for (int b = 0; b < nb; b++)
    for (int k = 0; k < B; k++)
      a[8 * b + k] = b;
}
// B=9: b=0 k=8 and b=1 k=0 meet at 8.
// CHECK: [[@LINE-3]]:7: warning: 'a' is written by every iteration at the same element
// CHECK: [[@LINE-4]]:7: note: iterations b=0 and b=1 both write 'a[8]' (with nb=2){{$}}

void instantiate(double *a) {
  rows<4>(10, a);
  rows<8>(10, a);
  windows<4, 4>(10, a);
  windows<4, 8>(10, a);
  pairs<2>(10, a);
  pairs<3>(10, a);
  swap_mirrored<9>(a);
  swap_mirrored<7>(a);
  blocks<8>(10, a);
  blocks<4>(10, a);
#if defined(RACY)
  rows_overlap<4>(10, a);
  windows<8, 4>(10, a);
  pairs<1>(10, a);
  swap_mirrored<8>(a);
  blocks<9>(10, a);
#endif
}
