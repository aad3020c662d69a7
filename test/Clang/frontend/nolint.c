// Suppression comments in the clang-tidy syntax silence privateer-shared-buffer
// findings: bare, by check name or glob, next-line and begin/end blocks.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s

double f(int);

double nolint_bare(int n) {
  double sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    sum += f(i); // NOLINT
  return sum;
}

double nolint_named(int n) {
  double sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    sum += f(i); // NOLINT(privateer-shared-buffer)
  return sum;
}

double nolint_glob(int n) {
  double sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    sum += f(i); // NOLINT(privateer-*)
  return sum;
}

double nolint_list(int n) {
  double sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    sum += f(i); // NOLINT(bugprone-branch-clone, privateer-shared-buffer)
  return sum;
}

double nolint_other_check(int n) {
  double sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    sum += f(i); // NOLINT(privateer-threadid-index) expected-warning {{'sum' is updated by every iteration without a reduction}}
  return sum;
}

double nolintnextline(int n) {
  double sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    // NOLINTNEXTLINE(privateer-shared-buffer)
    sum += f(i);
  return sum;
}

double nolintnextline_too_far(int n) {
  double sum = 0;
#pragma omp parallel for
  // NOLINTNEXTLINE(privateer-shared-buffer)
  for (int i = 0; i < n; i++)
    sum += f(i); // expected-warning {{'sum' is updated by every iteration without a reduction}}
  return sum;
}

// NOLINTBEGIN(privateer-shared-buffer)
double nolint_block(int n) {
  double sum = 0;
  double tmp[4];
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 4; k++)
      tmp[k] = f(i + k);
    sum += tmp[3];
  }
  return sum;
}
// NOLINTEND(privateer-shared-buffer)

double after_block(int n) {
  double sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    sum += f(i); // expected-warning {{'sum' is updated by every iteration without a reduction}}
  return sum;
}

// NOLINTBEGIN(bugprone-*)
double other_block(int n) {
  double sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    sum += f(i); // expected-warning {{'sum' is updated by every iteration without a reduction}}
  return sum;
}
// NOLINTEND(bugprone-*)

// A finding in the first column belongs to its own line: a NOLINT on the
// line above does not cover it, nor does a NOLINTNEXTLINE two lines up.
// clang-format off
double first_column(int n) {
  double sum = 0, other = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    other = f(i); // NOLINT
sum += other; // expected-warning {{'sum' is updated by every iteration without a reduction}}
  }
  return sum;
}

double next_line_gap(int n) {
  double sum = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    // NOLINTNEXTLINE

sum += f(i); // expected-warning {{'sum' is updated by every iteration without a reduction}}
  }
  return sum;
}
// clang-format on
