// Loops that are not parallel as written: loop-carried dependences
// (recurrences, prefix sums, anti-dependences) and index maps that send
// several iterations to one element (i/2, i%4, overlapping strides).
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

// Recurrence: a[i] depends on a[i-1].
void recurrence(int n, int *a) {
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    a[i] = a[i - 1] + 1; // expected-warning {{'a' is written by one iteration and read by another: the loop carries a dependence and is not parallel as written [privateer-shared-buffer]}}
}

// Inclusive prefix sum.
void prefix_sum(int n, const double *x, double *s) {
  s[0] = x[0];
#pragma omp parallel for
  for (int i = 1; i < n; i++)
    s[i] = s[i - 1] + x[i]; // expected-warning {{'s' is written by one iteration and read by another}}
}

// Anti-dependence: iteration i reads a[i+1], which iteration i+1 writes.
void shift_left(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    a[i] = a[i + 1]; // expected-warning {{'a' is written by one iteration and read by another}}
}

// The same shift done right: into another array.
void shift_left_copy(int n, const double *a, double *b) {
#pragma omp parallel for
  for (int i = 0; i < n - 1; i++)
    b[i] = a[i + 1];
}

// The recurrence kept in order with an ordered region.
void recurrence_ordered(int n, int *a) {
#pragma omp parallel for ordered
  for (int i = 1; i < n; i++) {
#pragma omp ordered
    a[i] = a[i - 1] + 1;
  }
}

// In-place reversal done right: swap the two halves.
void reverse_inplace(int n, int *a) {
#pragma omp parallel for
  for (int i = 0; i < n / 2; i++) {
    int t = a[i];
    a[i] = a[n - 1 - i];
    a[n - 1 - i] = t;
  }
}

// Downsampling written backwards: iterations 2k and 2k+1 both write a[k].
void downsample_racy(int n, double *a, const double *b) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i / 2] = b[i]; // expected-warning {{'a' is written by every iteration at the same element without synchronization}}
}

void downsample(int n, double *a, const double *b) {
#pragma omp parallel for
  for (int i = 0; i < n / 2; i++)
    a[i] = 0.5 * (b[2 * i] + b[2 * i + 1]);
}

// Folding into four lanes.
void fold4_racy(int n, double *a, const double *b) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i % 4] += b[i]; // expected-warning {{iterations update 'a' at the same element without synchronization; concurrent updates are lost}}
}

void fold4(int n, double *a, const double *b) {
#pragma omp parallel for reduction(+ : a[:4])
  for (int i = 0; i < n; i++)
    a[i % 4] += b[i];
}

// Step 2 with a third write that reaches the next iteration's a[i]:
// iteration i writes a[i+2], which iteration i+2 also writes.
void overlap_step_racy(int n, double *a) {
#pragma omp parallel for
  for (int i = 0; i < n - 2; i += 2) {
    a[i] = 1.0; // expected-warning {{'a' is written by}}
    a[i + 1] = 2.0;
    a[i + 2] = 3.0;
  }
}

// Red-black Gauss-Seidel: the red sweep reads only black points.
void red_sweep(int n, double *u) {
#pragma omp parallel for
  for (int i = 1; i < n - 1; i += 2)
    u[i] = 0.5 * (u[i - 1] + u[i + 1]);
}

// Plain Gauss-Seidel: the same update over every point is a dependence.
void gauss_seidel_racy(int n, double *u) {
#pragma omp parallel for
  for (int i = 1; i < n - 1; i++)
    u[i] = 0.5 * (u[i - 1] + u[i + 1]); // expected-warning {{'u' is written by one iteration and read by another}}
}

// Reversed loop shifting right: iteration i reads a[i-1], which iteration
// i-1 writes.
void shift_right_reversed(int n, double *a) {
#pragma omp parallel for
  for (int i = n - 1; i > 0; i--)
    a[i] = a[i - 1]; // expected-warning {{'a' is written by one iteration and read by another}}
}

// Reversed loop with step 2 writing disjoint pairs.
void pairs_reversed(int n, double *a) {
#pragma omp parallel for
  for (int i = n - 2; i >= 0; i -= 2) {
    a[i + 1] = a[i] - a[i + 1];
    a[i] = 0.0;
  }
}
