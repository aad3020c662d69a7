// RUN: %privateer_opt --privateer-privatize -verify-diagnostics %s | FileCheck %s
//
// Where a remedy of privateer-shared-buffer would not be exact as MLIR,
// privateer-privatize leaves the code as it is and says why in a remark.

// Read after the loop: a copy per iteration would leave the outer buffer
// unwritten.
// CHECK-LABEL: func.func @read_after_loop
// CHECK:         memref.alloc() : memref<8xf32>
// CHECK:         scf.parallel
// CHECK-NOT:       memref.alloca
func.func @read_after_loop(%a: memref<100xf32>, %b: memref<100xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %row = memref.alloc() : memref<8xf32>
  // expected-remark @+1 {{privateer-privatize: '%alloc' left shared: it is used outside the loop, by 'memref.load'}}
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    %v = memref.load %a[%i] : memref<100xf32>
    memref.store %v, %row[%c0] : memref<8xf32>
    %w = memref.load %row[%c0] : memref<8xf32>
    memref.store %w, %b[%i] : memref<100xf32>
    scf.reduce
  }
  // expected-note @+1 {{this use would see other memory}}
  %last = memref.load %row[%c0] : memref<8xf32>
  return %last : f32
}

// One buffer, scratch of two loops: neither may take it alone.
// CHECK-LABEL: func.func @two_loops
// CHECK:         memref.alloc() : memref<8xf32>
// CHECK-NOT:     memref.alloca
// CHECK:         return
func.func @two_loops(%a: memref<100xf32>, %b: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %row = memref.alloc() : memref<8xf32>
  // expected-remark @+1 {{'%alloc' left shared: it is used outside the loop, by 'memref.load'}}
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    %v = memref.load %a[%i] : memref<100xf32>
    memref.store %v, %row[%c0] : memref<8xf32>
    // expected-note @+1 {{this use would see other memory}}
    %w = memref.load %row[%c0] : memref<8xf32>
    memref.store %w, %b[%i] : memref<100xf32>
    scf.reduce
  }
  // expected-remark @+1 {{'%alloc' left shared: it is used outside the loop, by 'memref.load'}}
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    %v = memref.load %b[%i] : memref<100xf32>
    memref.store %v, %row[%c0] : memref<8xf32>
    // expected-note @+1 {{this use would see other memory}}
    %w = memref.load %row[%c0] : memref<8xf32>
    memref.store %w, %a[%i] : memref<100xf32>
    scf.reduce
  }
  memref.dealloc %row : memref<8xf32>
  return
}

// Scratch the caller passes: its memory is not the loop's to replace.
// CHECK-LABEL: func.func @argument_scratch
// CHECK-NOT:     memref.alloca
// CHECK:         return
func.func @argument_scratch(%a: memref<100xf32>, %b: memref<100xf32>, %t: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  // expected-remark @+1 {{'%arg2' left shared: it is not made by memref.alloc or memref.alloca}}
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    %v = memref.load %a[%i] : memref<100xf32>
    memref.store %v, %t[%c0] : memref<8xf32>
    %w = memref.load %t[%c0] : memref<8xf32>
    memref.store %w, %b[%i] : memref<100xf32>
    scf.reduce
  }
  return
}

// A float sum without allow-reassociation.
// CHECK-LABEL: func.func @float_sum
// CHECK:         scf.parallel
// CHECK-NEXT:      memref.load
// CHECK-NEXT:      memref.load
// CHECK-NEXT:      arith.addf
// CHECK-NEXT:      memref.store
func.func @float_sum(%a: memref<100xf32>, %sum: memref<1xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  // expected-remark @+1 {{'%arg1' left shared: a floating-point reduction adds in another order and rounds differently; pass 'allow-reassociation=1' to accept that}}
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    %v = memref.load %a[%i] : memref<100xf32>
    %s = memref.load %sum[%c0] : memref<1xf32>
    %t = arith.addf %s, %v : f32
    memref.store %t, %sum[%c0] : memref<1xf32>
    scf.reduce
  }
  return
}

// An update under a condition contributes in some iterations only.
// CHECK-LABEL: func.func @conditional_sum
// CHECK:         scf.parallel
// CHECK:           scf.if
// CHECK:             memref.store
func.func @conditional_sum(%a: memref<100xi32>, %sum: memref<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %zero = arith.constant 0 : i32
  // expected-remark @+1 {{'%arg1' left shared: its update is not made exactly once per iteration (it is nested in 'scf.if')}}
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    %v = memref.load %a[%i] : memref<100xi32>
    %pos = arith.cmpi sgt, %v, %zero : i32
    scf.if %pos {
      %s = memref.load %sum[] : memref<i32>
      %t = arith.addi %s, %v : i32
      memref.store %t, %sum[] : memref<i32>
    }
    scf.reduce
  }
  return
}

// A histogram: iterations update different elements.
// CHECK-LABEL: func.func @histogram
// CHECK:         scf.parallel
// CHECK:           memref.store %{{.*}}, %arg1
func.func @histogram(%a: memref<64xi32>, %h: memref<4xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  // expected-remark @+1 {{'%arg1' left shared: iterations update different elements}}
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %k = arith.remsi %i, %c4 : index
    %v = memref.load %a[%i] : memref<64xi32>
    %s = memref.load %h[%k] : memref<4xi32>
    %t = arith.addi %s, %v : i32
    memref.store %t, %h[%k] : memref<4xi32>
    scf.reduce
  }
  return
}

// An orphaned omp.wsloop: its team, and the place for a variable shared by
// the team, is in the caller (whose call inside an omp.parallel makes the
// argument shared: without one the finding would be unproven).
// CHECK-LABEL: func.func @orphaned_sum
// CHECK:         omp.wsloop {
// CHECK:           arith.addi
// CHECK:           memref.store
func.func @orphaned_sum(%a: memref<100xi32>, %s: memref<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  // expected-remark @+1 {{'%arg1' left shared: the omp.wsloop is not directly in an omp.parallel}}
  omp.wsloop {
    omp.loop_nest (%i) : index = (%c0) to (%c100) step (%c1) {
      %v = memref.load %a[%i] : memref<100xi32>
      %x = memref.load %s[] : memref<i32>
      %y = arith.addi %x, %v : i32
      memref.store %y, %s[] : memref<i32>
      omp.yield
    }
  }
  return
}

func.func @orphaned_sum_caller(%a: memref<100xi32>, %s: memref<i32>) {
  omp.parallel {
    func.call @orphaned_sum(%a, %s) : (memref<100xi32>, memref<i32>) -> ()
    omp.terminator
  }
  return
}

// A collision (every iteration writes one element, nobody reads it) has
// no exact remedy.
// CHECK-LABEL: func.func @collision
// CHECK:         memref.store %{{.*}}, %arg0[%{{.*}}] : memref<16xf32>
func.func @collision(%out: memref<16xf32>, %a: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c100 = arith.constant 100 : index
  // expected-remark @+1 {{'%arg0' left shared: the analysis has no privatization or reduction that fixes this race exactly}}
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    %v = memref.load %a[%i] : memref<100xf32>
    memref.store %v, %out[%c3] : memref<16xf32>
    scf.reduce
  }
  return
}

// Iterations read an element none of them writes: the copy would need the
// shared value copied in (first-private), which an alloca does not have.
// CHECK-LABEL: func.func @copy_in
// CHECK:         memref.alloc() : memref<2xf32>
// CHECK-NOT:     memref.alloca
// CHECK:         return
func.func @copy_in(%a: memref<100xf32>, %b: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %t = memref.alloc() : memref<2xf32>
  // expected-remark @+1 {{'%alloc' left shared: iterations read elements they do not write first, so a private copy would need the shared values copied in}}
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    %v = memref.load %a[%i] : memref<100xf32>
    memref.store %v, %t[%c0] : memref<2xf32>
    %w = memref.load %t[%c0] : memref<2xf32>
    %u = memref.load %t[%c1] : memref<2xf32>
    %x = arith.addf %w, %u : f32
    memref.store %x, %b[%i] : memref<100xf32>
    scf.reduce
  }
  return
}

// The team reads the sum after the loop (after its barrier): with a
// reduction it would see the value from before the team.
// CHECK-LABEL: func.func @read_in_team
// CHECK:         omp.wsloop {
// CHECK:           arith.addi
func.func @read_in_team(%a: memref<100xi32>, %s: memref<i32>, %out: memref<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  omp.parallel {
    // expected-remark @+1 {{'%arg1' left shared: the omp.parallel uses it outside the loop}}
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c100) step (%c1) {
        %v = memref.load %a[%i] : memref<100xi32>
        %x = memref.load %s[] : memref<i32>
        %y = arith.addi %x, %v : i32
        memref.store %y, %s[] : memref<i32>
        omp.yield
      }
    }
    omp.single {
      // expected-note @+1 {{this use would see the old value}}
      %t = memref.load %s[] : memref<i32>
      memref.store %t, %out[] : memref<i32>
      omp.terminator
    }
    omp.terminator
  }
  return
}
