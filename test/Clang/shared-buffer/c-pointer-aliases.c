// A local pointer assigned before the construct, in straight-line code of
// the construct's block, names what it was last assigned: two pointers
// made equal are one buffer. Assigned in a branch or a loop, the value at
// the construct is unknown and the pointer stays a buffer of its own
// (silent rather than guessed).
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

void made_equal(int n, double *a, double *b) {
  double *u1 = a, *u2 = b;
  u1 = u2;
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    u1[i + 1] = u2[i] * 2; // expected-warning {{'b' is written by one iteration and read by another}}
}

void swapped_buffers(int n, double *a, double *b) {
  double *src = a, *dst = b;
  double *t = src;
  src = dst;
  dst = t;
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    dst[i + 1] = src[i] * 2; // distinct: dst is a, src is b
}

void assigned_in_branch(int n, int c, double *a, double *b) {
  double *u1 = a;
  if (c)
    u1 = b;
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    u1[i + 1] = b[i] * 2;
}

void assigned_after(int n, double *a, double *b, double **keep) {
  double *u1 = a;
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    u1[i + 1] = b[i] * 2;
  u1 = b;
  *keep = u1;
}
