// RUN: %privateer_opt --privateer-privatize %s | FileCheck %s
// RUN: %privateer_opt --privateer-privatize %s | %privateer_opt --privateer-shared-buffer -verify-diagnostics -o /dev/null
// On functions, the pass may not add the module's declaration:
// RUN: %mlir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer-privatize))' -verify-diagnostics %s | FileCheck %s --check-prefix=FUNC
// On the module, it may:
// RUN: %mlir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(privateer-privatize)' %s | FileCheck %s
//
// An accumulation in an omp.wsloop becomes a reduction operand of the loop:
// a variable of the function (llvm.alloca, outside the team, as
// --convert-scf-to-openmp makes) holds the element's value before the
// team and its combined value after; each thread updates its private copy,
// which starts at the operation's neutral value.

// The user's declaration stays first; privateer's follow, in the order made.
// CHECK:       omp.declare_reduction @sub_i32
// CHECK:       omp.declare_reduction @__privateer_subi_i32 : i32 init {
// CHECK-NEXT:  ^bb0(%{{.*}}: i32):
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    omp.yield(%[[ZERO]] : i32)
// CHECK-NEXT:  } combiner {
// CHECK-NEXT:  ^bb0(%[[A:.*]]: i32, %[[B:.*]]: i32):
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[A]], %[[B]] : i32
// CHECK-NEXT:    omp.yield(%[[S]] : i32)
// CHECK:       omp.declare_reduction @__privateer_muli_i64 : i64 init {
// CHECK:         arith.constant 1 : i64
// CHECK:       } combiner {
// CHECK:         arith.muli
// CHECK:       omp.declare_reduction @__privateer_maxsi_i32 : i32 init {
// CHECK:         arith.constant -2147483648 : i32
// CHECK:       } combiner {
// CHECK:         arith.maxsi

omp.declare_reduction @sub_i32 : i32 init {
^bb0(%arg: i32):
  %0 = arith.constant 0 : i32
  omp.yield(%0 : i32)
} combiner {
^bb0(%x: i32, %y: i32):
  %1 = arith.addi %x, %y : i32
  omp.yield(%1 : i32)
}

// CHECK-LABEL: func.func @count_down
// CHECK:         %[[OLD:.*]] = memref.load %arg1[] : memref<i32>
// CHECK:         %[[VAR:.*]] = llvm.alloca %{{.*}} x i32 : (i64) -> !llvm.ptr
// CHECK-NEXT:    llvm.store %[[OLD]], %[[VAR]] : i32, !llvm.ptr
// CHECK-NEXT:    omp.parallel {
// CHECK-NEXT:      omp.wsloop reduction(@__privateer_subi_i32 %[[VAR]] -> %[[PRV:.*]] : !llvm.ptr) {
// CHECK:             %[[X:.*]] = llvm.load %[[PRV]] : !llvm.ptr -> i32
// CHECK-NEXT:        %[[Y:.*]] = arith.subi %[[X]], %{{.*}} : i32
// CHECK-NEXT:        llvm.store %[[Y]], %[[PRV]] : i32, !llvm.ptr
// CHECK:         %[[NEW:.*]] = llvm.load %[[VAR]] : !llvm.ptr -> i32
// CHECK-NEXT:    memref.store %[[NEW]], %arg1[] : memref<i32>
// FUNC-LABEL: func.func @count_down
// FUNC:         omp.wsloop {
// FUNC:           memref.store %{{.*}}, %arg1[] : memref<i32>
func.func @count_down(%a: memref<100xi32>, %s: memref<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  omp.parallel {
    // expected-remark @+1 {{'%arg1' left shared: an omp.wsloop reduction needs an omp.declare_reduction in the module: run privateer-privatize on builtin.module}}
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c100) step (%c1) {
        %v = memref.load %a[%i] : memref<100xi32>
        %x = memref.load %s[] : memref<i32>
        %y = arith.subi %x, %v overflow<nsw> : i32
        memref.store %y, %s[] : memref<i32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// A loop with a reduction of its own keeps it and gains two; the
// declarations are made once per operation and type.
// CHECK-LABEL: func.func @two_more
// CHECK:         omp.wsloop reduction(@sub_i32 %{{.*}} -> %{{.*}}, @__privateer_muli_i64 %{{.*}} -> %{{.*}}, @__privateer_maxsi_i32 %{{.*}} -> %{{.*}} : !llvm.ptr, !llvm.ptr, !llvm.ptr) {
func.func @two_more(%a: memref<100xi32>, %p: memref<1xi64>, %m: memref<i32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %one = llvm.mlir.constant(1 : i64) : i64
  %var = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
  omp.parallel {
    // expected-remark @+2 {{'%arg1' left shared: an omp.wsloop reduction needs an omp.declare_reduction in the module}}
    // expected-remark @+1 {{'%arg2' left shared: an omp.wsloop reduction needs an omp.declare_reduction in the module}}
    omp.wsloop reduction(@sub_i32 %var -> %prv : !llvm.ptr) {
      omp.loop_nest (%i) : index = (%c0) to (%c100) step (%c1) {
        %v = memref.load %a[%i] : memref<100xi32>
        %w = arith.extsi %v : i32 to i64
        %x = memref.load %p[%c0] : memref<1xi64>
        %y = arith.muli %x, %w : i64
        memref.store %y, %p[%c0] : memref<1xi64>
        %q = memref.load %m[] : memref<i32>
        %r = arith.maxsi %v, %q : i32
        memref.store %r, %m[] : memref<i32>
        %t = llvm.load %prv : !llvm.ptr -> i32
        %u = arith.subi %t, %v : i32
        llvm.store %u, %prv : i32, !llvm.ptr
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
