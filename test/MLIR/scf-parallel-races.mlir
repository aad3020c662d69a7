// RUN: %mlir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer-shared-buffer))' -verify-diagnostics %s -o /dev/null
// RUN: %privateer_opt --privateer-shared-buffer -verify-diagnostics %s -o /dev/null
//
// Races privateer-shared-buffer reports on scf.parallel over memrefs.

// Every iteration writes one element of a buffer from outside the loop.
func.func @constant_index(%out: memref<16xf32>, %a: memref<100xf32>) {
  // expected-note @-1 {{'%arg0' is declared here, outside the parallel loop, so all iterations share it}}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c100 = arith.constant 100 : index
  // expected-note @+1 {{'%arg0' is shared by this 'scf.parallel'}}
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    %v = memref.load %a[%i] : memref<100xf32>
    // expected-warning @+2 {{'%arg0' is written by every iteration at the same element without synchronization [privateer-shared-buffer]}}
    // expected-note @+1 {{iterations %arg2=0 and %arg2=1 both write '%arg0[3]'}}
    memref.store %v, %out[%c3] : memref<16xf32>
    scf.reduce
  }
  return
}

// A scratch row allocated before the loop, filled and then read by every
// iteration: what a lowering that hoists an allocation out of the loop makes.
func.func @hoisted_scratch(%a: memref<100x8xf32>, %b: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c100 = arith.constant 100 : index
  %zero = arith.constant 0.0 : f32
  %row = memref.alloc() : memref<8xf32>
  // expected-note @-1 {{'%alloc' is declared here, outside the parallel loop, so all iterations share it}}
  // expected-note @+1 {{'%alloc' is shared by this 'scf.parallel'}}
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    scf.for %j = %c0 to %c8 step %c1 {
      %v = memref.load %a[%i, %j] : memref<100x8xf32>
      %w = arith.mulf %v, %v : f32
      // expected-warning @+2 {{shared buffer '%alloc' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]}}
      // expected-note @+1 {{iterations %arg2=0 and %arg2=1 both write '%alloc[%arg3]'}}
      memref.store %w, %row[%j] : memref<8xf32>
    }
    %s = scf.for %j = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (f32) {
      %r = memref.load %row[%j] : memref<8xf32>
      %n = arith.addf %acc, %r : f32
      scf.yield %n : f32
    }
    memref.store %s, %b[%i] : memref<100xf32>
    scf.reduce
  }
  memref.dealloc %row : memref<8xf32>
  return
}

// A sum into one shared element: updates are lost.
func.func @accumulation(%a: memref<100xf32>, %sum: memref<1xf32>) {
  // expected-note @-1 {{'%arg1' is declared here, outside the parallel loop, so all iterations share it}}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  // expected-note @+1 {{'%arg1' is shared by this 'scf.parallel'}}
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    %v = memref.load %a[%i] : memref<100xf32>
    %s = memref.load %sum[%c0] : memref<1xf32>
    %t = arith.addf %s, %v : f32
    // expected-warning @+2 {{iterations update '%arg1' at the same element without synchronization; concurrent updates are lost [privateer-shared-buffer]}}
    // expected-note @+1 {{iterations %arg2=0 and %arg2=1 both update '%arg1[0]'}}
    memref.store %t, %sum[%c0] : memref<1xf32>
    scf.reduce
  }
  return
}

// A histogram-like update at a computed index (i mod 4) collides.
func.func @colliding_update(%a: memref<64xi32>, %h: memref<4xi32>) {
  // expected-note @-1 {{'%arg1' is declared here, outside the parallel loop, so all iterations share it}}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  // expected-note @+1 {{'%arg1' is shared by this 'scf.parallel'}}
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %k = arith.remsi %i, %c4 : index
    %v = memref.load %a[%i] : memref<64xi32>
    %o = memref.load %h[%k] : memref<4xi32>
    %n = arith.addi %o, %v : i32
    // expected-warning @+2 {{iterations update '%arg1' at the same element without synchronization}}
    // expected-note @+1 {{iterations %arg2=0 and %arg2=4 both update '%arg1[0]'}}
    memref.store %n, %h[%k] : memref<4xi32>
    scf.reduce
  }
  return
}

// Each iteration reads what the previous one wrote: a loop-carried
// dependence, not a parallel loop.
func.func @loop_carried(%a: memref<101xf32>) {
  // expected-note @-1 {{'%arg0' is declared here, outside the parallel loop, so all iterations share it}}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  // expected-note @+1 {{'%arg0' is shared by this 'scf.parallel'}}
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    // expected-note @+1 {{iteration %arg1=1 reads '%arg0[%arg1]' here while iteration %arg1=0 writes '%arg0[%arg1 + 1]': both access '%arg0[1]'}}
    %v = memref.load %a[%i] : memref<101xf32>
    %j = arith.addi %i, %c1 : index
    // expected-warning @+1 {{'%arg0' is written by one iteration and read by another: the loop carries a dependence and is not parallel as written [privateer-shared-buffer]}}
    memref.store %v, %a[%j] : memref<101xf32>
    scf.reduce
  }
  return
}

// Two-dimensional scf.parallel writing a row that depends on one variable
// only: iterations (i, j) and (i, j') collide.
func.func @two_dims(%a: memref<10xf32>, %b: memref<10x10xf32>) {
  // expected-note @-1 {{'%arg0' is declared here, outside the parallel loop, so all iterations share it}}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  // expected-note @+1 {{'%arg0' is shared by this 'scf.parallel'}}
  scf.parallel (%i, %j) = (%c0, %c0) to (%c10, %c10) step (%c1, %c1) {
    %v = memref.load %b[%i, %j] : memref<10x10xf32>
    // expected-warning @+2 {{'%arg0' is written by every iteration at the same element without synchronization}}
    // expected-note @+1 {{iterations (%arg2=0, %arg3=0) and (%arg2=0, %arg3=1) both write '%arg0[0]'}}
    memref.store %v, %a[%i] : memref<10xf32>
    scf.reduce
  }
  return
}

// A row allocated per outer iteration is private to it, but shared by the
// iterations of the inner scf.parallel: reported once, on the inner loop.
func.func @nested(%a: memref<10x10xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  scf.parallel (%i) = (%c0) to (%c10) step (%c1) {
    %row = memref.alloca() : memref<10xf32>
    // expected-note @-1 {{'%alloca' is declared here, outside the parallel loop, so all iterations share it}}
    // expected-note @+1 {{'%alloca' is shared by this 'scf.parallel'}}
    scf.parallel (%j) = (%c0) to (%c10) step (%c1) {
      %v = memref.load %a[%i, %j] : memref<10x10xf32>
      // expected-warning @+2 {{'%alloca' is written by every iteration at the same element without synchronization [privateer-shared-buffer]}}
      // expected-note @+1 {{iterations %arg2=0 and %arg2=1 both write '%alloca[0]'}}
      memref.store %v, %row[%c0] : memref<10xf32>
      scf.reduce
    }
    scf.reduce
  }
  return
}
