// RUN: %mlir_opt --load-pass-plugin=%mlir_plugin --mlir-disable-threading --pass-pipeline='builtin.module(func.func(privateer-shared-buffer{dump-model=1}))' %s -o /dev/null 2>&1 | FileCheck %s
//
// The model the MLIR front end builds: bounds on the step's lattice,
// inclusive descending omp.loop_nest bounds (from 99 down to 0), affine maps as indices,
// private operands left out, a load-add-store as one update.

// CHECK-LABEL: region 'scf.parallel'
// CHECK: symbol %arg1: induction work-item min=1 max=97 step=3
// CHECK: buffer %arg0: shared
// CHECK: access #0 write %arg0[%arg1 * 2 + 1]
func.func @stepped(%a: memref<200xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c100 = arith.constant 100 : index
  %x = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c1) to (%c100) step (%c3) {
    %t = arith.muli %i, %c2 : index
    %j = arith.addi %t, %c1 : index
    memref.store %x, %a[%j] : memref<200xf32>
    scf.reduce
  }
  return
}

omp.private {type = private} @priv : memref<4xf32>

// CHECK-LABEL: region 'omp.wsloop'
// CHECK: symbol %arg3: induction work-item min=0 max=99
// CHECK: buffer %arg0: shared
// CHECK-NOT: buffer
// CHECK: access #0 update %arg0[%arg3]
// CHECK-NOT: access
func.func @descending_update(%a: memref<100xf32>, %w: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c99 = arith.constant 99 : index
  %m1 = arith.constant -1 : index
  %x = arith.constant 1.0 : f32
  omp.parallel {
    omp.wsloop private(@priv %w -> %p : memref<4xf32>) {
      omp.loop_nest (%i) : index = (%c99) to (%c0) inclusive step (%m1) {
        memref.store %x, %p[%c0] : memref<4xf32>
        %v = memref.load %a[%i] : memref<100xf32>
        %y = arith.addf %v, %x : f32
        memref.store %y, %a[%i] : memref<100xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// CHECK-LABEL: region 'affine.parallel'
// CHECK: symbol %arg1: induction work-item min=0 max=9
// CHECK: symbol %arg2: inner-loop min=0 max=7
// CHECK: access #0 write %arg0[%arg1 * 8 + %arg2]
func.func @affine_map(%m: memref<80xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.parallel (%i) = (0) to (10) {
    affine.for %j = 0 to 8 {
      affine.store %zero, %m[%i * 8 + %j] : memref<80xf32>
    }
  }
  return
}
