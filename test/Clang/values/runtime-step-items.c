// A worksharing loop whose step is known only at run time (`j += tile`,
// `k += nthreads`) is analysed like any other: its work items take the
// values start + step * k, and the accesses of its body carry that
// lattice. Tiles that do not overlap stay silent; a shared accumulator, or
// tiles one element too long, race. A step the body changes, or one that
// differs per work item, leaves the loop unmodelled.
// RUN: %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note %s
// RUN: %cc -fplugin-arg-privateer-report-may -Xclang -verify=expected,may -Xclang -verify-ignore-unexpected=note %s

void tiles(double *a, const double *b, int n, int tile) {
#pragma omp parallel for
  for (int j = 0; j < n; j += tile)
    for (int k = j; k < j + tile && k < n; k++)
      a[k] = 2 * b[k];
}

double tiled_sum(const double *a, int n, int tile) {
  double s = 0;
#pragma omp parallel for
  for (int j = 0; j < n; j += tile)
    s += a[j]; // expected-warning {{'s' is updated by every iteration without a reduction}}
  return s;
}

void tiles_overlap(double *a, int n, int tile) {
#pragma omp parallel for
  for (int j = 0; j < n; j += tile)
    for (int k = j; k <= j + tile && k < n; k++)
      a[k] += 1; // may-warning {{iterations can update 'a' at the same element}}
}

void strided_slots(double *a, int n, int nthreads) {
  // Each work item writes its own element, wherever the step lands.
#pragma omp parallel for
  for (int j = 0; j < n; j += nthreads)
    a[j] = j;
}
