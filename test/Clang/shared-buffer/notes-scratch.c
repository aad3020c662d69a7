// The notes of a scratch finding: declaration, witness, directive and fix.
// RUN: %cc %s 2>&1 | FileCheck %s --implicit-check-not=warning:

void f(int n, double *out, const double *in) {
  double tmp[8];
#pragma omp parallel for schedule(static) // a trailing comment
  for (int i = 0; i < n; i++) {
    for (int k = 0; k < 8; k++)
      tmp[k] = in[i] + k;
    out[i] = tmp[7];
  }
}
// CHECK: notes-scratch.c:9:7: warning: shared buffer 'tmp' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]
// CHECK: notes-scratch.c:5:10: note: 'tmp' is declared here, outside the parallel loop, so all iterations share it
// CHECK: notes-scratch.c:9:7: note: iterations i=0 and i=1 both write 'tmp[k]'
// CHECK: notes-scratch.c:6:1: note: 'tmp' is shared by this 'omp parallel for'; give each thread its own copy: declare 'tmp' inside the loop body or add 'private(tmp)'
