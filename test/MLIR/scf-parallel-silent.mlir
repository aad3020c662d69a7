// RUN: %mlir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer-shared-buffer))' -verify-diagnostics %s -o /dev/null
//
// Correct scf.parallel loops: privateer-shared-buffer stays silent.
// expected-no-diagnostics

// Each iteration its own element.
func.func @own_element(%a: memref<100xf32>, %b: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    %v = memref.load %a[%i] : memref<100xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %b[%i] : memref<100xf32>
    scf.reduce
  }
  return
}

// Read-only sharing is never a problem.
func.func @read_only(%a: memref<100xf32>, %t: memref<8xf32>, %b: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c7 = arith.constant 7 : index
  %c100 = arith.constant 100 : index
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    %k = memref.load %t[%c7] : memref<8xf32>
    %v = memref.load %a[%i] : memref<100xf32>
    %w = arith.mulf %v, %k : f32
    memref.store %w, %b[%i] : memref<100xf32>
    scf.reduce
  }
  return
}

// Scratch allocated inside the loop body belongs to one iteration.
func.func @scratch_inside(%a: memref<100x8xf32>, %b: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c100 = arith.constant 100 : index
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    %row = memref.alloca() : memref<8xf32>
    scf.for %j = %c0 to %c8 step %c1 {
      %v = memref.load %a[%i, %j] : memref<100x8xf32>
      memref.store %v, %row[%j] : memref<8xf32>
    }
    %r = memref.load %row[%c0] : memref<8xf32>
    memref.store %r, %b[%i] : memref<100xf32>
    scf.reduce
  }
  return
}

// Rows of a linearized matrix: i * 8 + j never meets another iteration's.
func.func @linearized_rows(%m: memref<800xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c100 = arith.constant 100 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    scf.for %j = %c0 to %c8 step %c1 {
      %r = arith.muli %i, %c8 : index
      %k = arith.addi %r, %j : index
      memref.store %zero, %m[%k] : memref<800xf32>
    }
    scf.reduce
  }
  return
}

// A sum through scf.reduce: the loop's own reduction, no shared memory.
func.func @scf_reduce(%a: memref<100xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %zero = arith.constant 0.0 : f32
  %sum = scf.parallel (%i) = (%c0) to (%c100) step (%c1) init (%zero) -> f32 {
    %v = memref.load %a[%i] : memref<100xf32>
    scf.reduce(%v : f32) {
    ^bb0(%x: f32, %y: f32):
      %s = arith.addf %x, %y : f32
      scf.reduce.return %s : f32
    }
  }
  return %sum : f32
}

// Strided writes of even elements with step 2, reads of odd ones by the
// same iteration: disjoint.
func.func @stepped(%a: memref<200xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c200 = arith.constant 200 : index
  scf.parallel (%i) = (%c0) to (%c200) step (%c2) {
    %j = arith.addi %i, %c1 : index
    %v = memref.load %a[%j] : memref<200xf32>
    memref.store %v, %a[%i] : memref<200xf32>
    scf.reduce
  }
  return
}

// One iteration only: nothing runs concurrently.
func.func @single_iteration(%a: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c1) step (%c1) {
    memref.store %zero, %a[%c0] : memref<4xf32>
    scf.reduce
  }
  return
}
