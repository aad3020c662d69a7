// RUN: %privateer_opt --privateer-privatize %s | FileCheck %s
// RUN: %privateer_opt --privateer-privatize=allow-reassociation=1 %s | FileCheck %s --check-prefix=REASSOC
// The plugin registers the same pass:
// RUN: %mlir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer-privatize))' %s | FileCheck %s
// Twice is once, and the analysis is silent on what the rewrite made:
// RUN: %privateer_opt --privateer-privatize=allow-reassociation=1 %s -o %t.once.mlir
// RUN: %privateer_opt --privateer-privatize=allow-reassociation=1 %t.once.mlir -o %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: %privateer_opt --privateer-shared-buffer -verify-diagnostics %t.once.mlir -o /dev/null
//
// privateer-privatize applies the remedies of privateer-shared-buffer:
// scratch allocated outside a parallel loop becomes a memref.alloca per
// iteration, and an accumulation into one element of an scf.parallel a
// reduction of the loop.

// CHECK-LABEL: func.func @hoisted_scratch
// CHECK-NOT:     memref.alloc
// CHECK:         scf.parallel
// CHECK-NEXT:      %[[ROW:.*]] = memref.alloca() {alignment = 64 : i64} : memref<8xf32>
// CHECK:           memref.store %{{.*}}, %[[ROW]][%{{.*}}] : memref<8xf32>
// CHECK:           memref.load %[[ROW]][%{{.*}}] : memref<8xf32>
// CHECK:         scf.reduce
// CHECK-NOT:     memref.dealloc
// CHECK:         return
func.func @hoisted_scratch(%a: memref<100x8xf32>, %b: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c100 = arith.constant 100 : index
  %zero = arith.constant 0.0 : f32
  %row = memref.alloc() {alignment = 64 : i64} : memref<8xf32>
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    scf.for %j = %c0 to %c8 step %c1 {
      %v = memref.load %a[%i, %j] : memref<100x8xf32>
      %w = arith.mulf %v, %v : f32
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

// A dynamically sized scratch row: its size is defined before the loop, so
// the per-iteration alloca takes it.
// CHECK-LABEL: func.func @dynamic_scratch
// CHECK:         %[[N:.*]] = memref.dim
// CHECK:         scf.parallel
// CHECK-NEXT:      %[[ROW:.*]] = memref.alloca(%[[N]]) : memref<?xi32>
// CHECK:           memref.store %{{.*}}, %[[ROW]][%{{.*}}]
func.func @dynamic_scratch(%a: memref<?xi32>, %b: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : memref<?xi32>
  %row = memref.alloca(%n) : memref<?xi32>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %a[%i] : memref<?xi32>
    memref.store %v, %row[%c0] : memref<?xi32>
    %w = memref.load %row[%c0] : memref<?xi32>
    memref.store %w, %b[%i] : memref<?xi32>
    scf.reduce
  }
  return
}

// omp.wsloop: the alloca goes into the body of its omp.loop_nest, in a
// memref.alloca_scope (nothing else releases it per iteration).
// CHECK-LABEL: func.func @wsloop_scratch
// CHECK-NOT:     memref.alloc
// CHECK:         omp.loop_nest
// CHECK-NEXT:      memref.alloca_scope {
// CHECK-NEXT:        %[[ROW:.*]] = memref.alloca() : memref<8xf32>
// CHECK:             memref.store %{{.*}}, %[[ROW]][%{{.*}}]
// CHECK:           }
// CHECK-NEXT:      omp.yield
func.func @wsloop_scratch(%a: memref<100xf32>, %b: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %row = memref.alloc() : memref<8xf32>
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c100) step (%c1) {
        %v = memref.load %a[%i] : memref<100xf32>
        memref.store %v, %row[%c0] : memref<8xf32>
        %w = memref.load %row[%c0] : memref<8xf32>
        memref.store %w, %b[%i] : memref<100xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  memref.dealloc %row : memref<8xf32>
  return
}

// scf.forall and affine.parallel have one body per iteration too.
// CHECK-LABEL: func.func @forall_scratch
// CHECK:         scf.forall
// CHECK-NEXT:      memref.alloca() : memref<4xf32>
// CHECK-LABEL: func.func @affine_scratch
// CHECK:         affine.parallel
// CHECK-NEXT:      memref.alloca() : memref<4xf32>
func.func @forall_scratch(%a: memref<64xf32>, %b: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %t = memref.alloc() : memref<4xf32>
  scf.forall (%i) in (64) {
    %v = memref.load %a[%i] : memref<64xf32>
    memref.store %v, %t[%c0] : memref<4xf32>
    %w = memref.load %t[%c0] : memref<4xf32>
    memref.store %w, %b[%i] : memref<64xf32>
  }
  return
}
func.func @affine_scratch(%a: memref<64xf32>, %b: memref<64xf32>) {
  %t = memref.alloc() : memref<4xf32>
  affine.parallel (%i) = (0) to (64) {
    %v = affine.load %a[%i] : memref<64xf32>
    affine.store %v, %t[0] : memref<4xf32>
    %w = affine.load %t[0] : memref<4xf32>
    affine.store %w, %b[%i] : memref<64xf32>
  }
  return
}

// An integer sum: exact in any order. The old value is the initial value,
// the loop's result is stored back.
// CHECK-LABEL: func.func @int_sum
// CHECK:         %[[OLD:.*]] = memref.load %arg1[%[[C0:.*]]] : memref<1xi32>
// CHECK-NEXT:    %[[RES:.*]] = scf.parallel (%{{.*}}) = (%{{.*}}) to (%{{.*}}) step (%{{.*}}) init (%[[OLD]]) -> i32 {
// CHECK-NEXT:      %[[V:.*]] = memref.load %arg0
// CHECK-NEXT:      scf.reduce(%[[V]] : i32) {
// CHECK-NEXT:      ^bb0(%[[L:.*]]: i32, %[[R:.*]]: i32):
// CHECK-NEXT:        %[[S:.*]] = arith.addi %[[L]], %[[R]] : i32
// CHECK-NEXT:        scf.reduce.return %[[S]] : i32
// CHECK:         memref.store %[[RES]], %arg1[%[[C0]]] : memref<1xi32>
// CHECK-NEXT:    return
func.func @int_sum(%a: memref<100xi32>, %sum: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    %v = memref.load %a[%i] : memref<100xi32>
    %s = memref.load %sum[%c0] : memref<1xi32>
    %t = arith.addi %s, %v : i32
    memref.store %t, %sum[%c0] : memref<1xi32>
    scf.reduce
  }
  return
}

// A loop with a reduction of its own keeps it and gains one: the counted
// down value (`s - x` is `s + (-x)`) and a product into a 0-d memref.
// CHECK-LABEL: func.func @existing_reduction
// CHECK:         %[[OLDC:.*]] = memref.load %arg1[] : memref<i64>
// CHECK:         %[[OLDP:.*]] = memref.load %arg2[] : memref<i64>
// CHECK:         %[[RES:.*]]:3 = scf.parallel {{.*}} init (%{{.*}}, %[[OLDC]], %[[OLDP]]) -> (index, i64, i64) {
// CHECK:           %[[NEG:.*]] = arith.subi %{{.*}}, %[[V:.*]] : i64
// CHECK:           scf.reduce(%{{.*}}, %[[NEG]], %[[V]] : index, i64, i64) {
// CHECK:             arith.maxui
// CHECK:             %[[A:.*]] = arith.addi %{{.*}}, %{{.*}} : i64
// CHECK-NEXT:        scf.reduce.return %[[A]] : i64
// CHECK:             %[[M:.*]] = arith.muli %{{.*}}, %{{.*}} : i64
// CHECK-NEXT:        scf.reduce.return %[[M]] : i64
// CHECK:         memref.store %[[RES]]#2, %arg2[] : memref<i64>
// CHECK:         memref.store %[[RES]]#1, %arg1[] : memref<i64>
// CHECK:         return %[[RES]]#0 : index
func.func @existing_reduction(%a: memref<100xi64>, %count: memref<i64>, %prod: memref<i64>) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %m = scf.parallel (%i) = (%c0) to (%c100) step (%c1) init (%c0) -> index {
    %v = memref.load %a[%i] : memref<100xi64>
    %s = memref.load %count[] : memref<i64>
    %t = arith.subi %s, %v overflow<nsw> : i64
    memref.store %t, %count[] : memref<i64>
    %p = memref.load %prod[] : memref<i64>
    %q = arith.muli %v, %p : i64
    memref.store %q, %prod[] : memref<i64>
    scf.reduce(%i : index) {
    ^bb0(%x: index, %y: index):
      %z = arith.maxui %x, %y : index
      scf.reduce.return %z : index
    }
  }
  return %m : index
}

// Floating point only with allow-reassociation: its sum rounds differently.
// CHECK-LABEL: func.func @float_sum
// CHECK:         scf.parallel
// CHECK:           memref.load %arg1[]
// CHECK:           arith.addf
// CHECK:           memref.store
// REASSOC-LABEL: func.func @float_sum
// REASSOC:         %[[OLD:.*]] = memref.load %arg1[] : memref<f32>
// REASSOC:         scf.parallel {{.*}} init (%[[OLD]]) -> f32
// REASSOC:           arith.addf %{{.*}}, %{{.*}} fastmath<contract> : f32
// REASSOC:         memref.store %{{.*}}, %arg1[] : memref<f32>
func.func @float_sum(%a: memref<100xf32>, %sum: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    %v = memref.load %a[%i] : memref<100xf32>
    %s = memref.load %sum[] : memref<f32>
    %t = arith.addf %s, %v fastmath<contract> : f32
    memref.store %t, %sum[] : memref<f32>
    scf.reduce
  }
  return
}
