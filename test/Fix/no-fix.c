// Where no exact edit exists, the file is left alone: a scratch value read
// after the loop that the last iteration may skip (lastprivate would leave
// it undefined), a directive from a macro, and heap scratch whose contents
// are read after the loop.
// RUN: %verify-setup
// RUN: %cc -fplugin-arg-privateer-fix %t/in.c 2>&1 | FileCheck %s --check-prefix=DIAG
// RUN: %strip-checks %s | diff - %t/in.c
#include <stdlib.h>
#define PARALLEL_FOR _Pragma("omp parallel for")

double used_after(int n, const double *x) {
  double t = 0;
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    if (x[i] < 0)
      continue;
    t = x[i] * 2;
    (void)t;
  }
  return t;
}

void from_macro(int n, double *out) {
  double row[4];
  PARALLEL_FOR
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 4; k++)
      row[k] = i + k;
    out[i] = row[3];
  }
}

void heap(int n, double *out) {
  double *w = malloc(4 * sizeof *w);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 4; k++)
      w[k] = i + k;
    out[i] = w[3];
  }
  out[0] += w[0]; // the last iteration's scratch, read after the loop
  free(w);
}
// Each finding says why it has no fix.
// DIAG: warning: shared buffer 't' is scratch
// DIAG: note: no automatic fix: 't' is used after the construct, and a private copy would not leave its value there (lastprivate would, but the last iteration may not write it)
// DIAG: warning: shared buffer 'row' is scratch
// DIAG: note: no automatic fix: the directive comes from a macro
// DIAG: warning: shared buffer 'w' is scratch
// DIAG: note: no automatic fix: the buffer or its size is reassigned, or its contents are used after the loop
