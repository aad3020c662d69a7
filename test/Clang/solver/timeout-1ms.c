// solver-timeout-ms=1 (the smallest accepted value) on many hard disjoint
// pairs: every query times out; the compile (well under a second) must end
// and stay silent. `timeout` turns a hang (a deadlock in z3 4.8.12's
// scoped_timer, seen in ~9 of 10 runs) into a failure.
// RUN: timeout 60 %cc -Xclang -verify -Xclang -verify-ignore-unexpected=note -fplugin-arg-privateer-solver-timeout-ms=1 %s
// expected-no-diagnostics

// Packed lower-triangular rows at sixteen offsets: disjoint, nonlinear.
#define PACKED(k)                                                              \
  void packed##k(int n, double *a) {                                           \
    _Pragma("omp parallel for") for (int i = 0; i < n; i++)                    \
      for (int j = 0; j <= i; j++)                                             \
        a[i * (i + 1) / 2 + j + k] = 1;                                        \
  }
PACKED(0) PACKED(1) PACKED(2) PACKED(3) PACKED(4) PACKED(5) PACKED(6) PACKED(7)
PACKED(8) PACKED(9) PACKED(10) PACKED(11) PACKED(12) PACKED(13) PACKED(14)
PACKED(15)
