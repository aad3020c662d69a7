// RUN: %mlir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer-same-value-store))' -verify-diagnostics %s -o /dev/null
// RUN: %privateer_opt --privateer-shared-buffer %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SHARED --implicit-check-not=warning:
//
// Stores of one value into a scalar shared by every iteration: reported by
// privateer-same-value-store, and no longer by privateer-shared-buffer (it
// means data can be lost). A value that differs per iteration is a lost
// update, privateer-shared-buffer's alone.

func.func @flag(%done: memref<i32>, %a: memref<100xf32>) {
  // expected-note @-1 {{'%arg0' is declared here, outside the parallel loop, so all iterations share it}}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %one = arith.constant 1 : i32
  // expected-note @+1 {{make the store atomic ('memref.atomic_rmw assign', 'omp.atomic.write')}}
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    // expected-note @+2 {{iterations %arg2=0 and %arg2=1 both write '%arg0'}}
    // expected-warning @+1 {{'%arg0' is written by every iteration with the same value ('1') without synchronization}}
    memref.store %one, %done[] : memref<i32>
    scf.reduce
  }
  return
}

func.func @own_value(%last: memref<index>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    memref.store %i, %last[] : memref<index>
    // SHARED: same-value-store.mlir:[[@LINE-1]]:5: warning: '%arg0' is written by every iteration without synchronization [privateer-shared-buffer]
    scf.reduce
  }
  return
}
