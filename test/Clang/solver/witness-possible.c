// Witnesses that can happen: a loop whose start is known only at run time
// has no iteration values to show (0 and 1 may lie outside it), and a
// collision that only sizes below one make (a row of a flattened array
// shorter than its halo) is not proven: held back as "may".
// RUN: %cc %s 2>&1 | FileCheck %s --check-prefix=DEFAULT --implicit-check-not=warning:
// RUN: %cc -fplugin-arg-privateer-report-may %s 2>&1 | FileCheck %s --implicit-check-not=warning:

void symbolic_start(int lo, int hi, double *a) {
  double t;
#pragma omp parallel for
  for (int i = lo; i < hi; i++) {
    t = a[i];
    a[i] = t * t;
  }
}
// DEFAULT: [[@LINE-4]]:5: warning: shared buffer 't' is scratch
// CHECK: [[@LINE-5]]:5: warning: shared buffer 't' is scratch
// CHECK: [[@LINE-6]]:5: note: one iteration and another iteration both write 't'{{$}}

#define NUM_VARS 4
#define HS 2
int nx, nz;
double *state;

// miniWeather's halo exchange in x: rows of nx + 2*HS values, the halo
// columns 0, 1, nx + HS and nx + HS + 1 of row k + HS written by (ll, k).
// Two work items meet only when a row is shorter than the halo needs
// (nx + 4 below 1, or rows that overlap for nx < 1).
void set_halo_values_x(void) {
  int k, ll;
#pragma omp parallel for private(k) collapse(2)
  for (ll = 0; ll < NUM_VARS; ll++) {
    for (k = 0; k < nz; k++) {
      state[ll*(nz+2*HS)*(nx+2*HS) + (k+HS)*(nx+2*HS) + 0      ] = state[ll*(nz+2*HS)*(nx+2*HS) + (k+HS)*(nx+2*HS) + nx+HS-2];
      state[ll*(nz+2*HS)*(nx+2*HS) + (k+HS)*(nx+2*HS) + 1      ] = state[ll*(nz+2*HS)*(nx+2*HS) + (k+HS)*(nx+2*HS) + nx+HS-1];
      state[ll*(nz+2*HS)*(nx+2*HS) + (k+HS)*(nx+2*HS) + nx+HS  ] = state[ll*(nz+2*HS)*(nx+2*HS) + (k+HS)*(nx+2*HS) + HS     ];
      state[ll*(nz+2*HS)*(nx+2*HS) + (k+HS)*(nx+2*HS) + nx+HS+1] = state[ll*(nz+2*HS)*(nx+2*HS) + (k+HS)*(nx+2*HS) + HS+1   ];
    }
  }
}
// CHECK: [[@LINE-7]]:7: warning: 'state' may be written by every iteration at the same element without synchronization
