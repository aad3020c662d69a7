// RUN: %mlir_opt %lower-omp %s -o %t.orig.mlir
// RUN: env OMP_NUM_THREADS=1 %mlir_runner %t.orig.mlir > %t.seq
// RUN: FileCheck %s < %t.seq
// RUN: %privateer_opt --privateer-privatize %s -o %t.fixed.mlir
// RUN: FileCheck %s --check-prefix=FIXED < %t.fixed.mlir
// RUN: %mlir_opt %lower-omp %t.fixed.mlir -o %t.omp.mlir
// RUN: env OMP_NUM_THREADS=1 %mlir_runner %t.omp.mlir > %t.1
// RUN: env OMP_NUM_THREADS=2 %mlir_runner %t.omp.mlir > %t.2
// RUN: env OMP_NUM_THREADS=4 %mlir_runner %t.omp.mlir > %t.4
// RUN: diff %t.seq %t.1
// RUN: diff %t.seq %t.2
// RUN: diff %t.seq %t.4
//
// privatize-run.mlir's kernel written in the omp dialect: the rewritten
// omp.wsloop (scratch per iteration, the sum a reduction operand) prints
// on 1, 2 and 4 threads what the original prints on one thread, where it
// runs sequentially. On 4 threads the original loses updates and mixes
// rows.

// CHECK: 119880000007
// CHECK-NEXT: 119899940040000000

// FIXED: omp.declare_reduction @__privateer_addi_i64
// FIXED: omp.wsloop reduction(@__privateer_addi_i64
// FIXED-NEXT: omp.loop_nest
// FIXED-NEXT: memref.alloca_scope
// FIXED-NEXT: memref.alloca() : memref<16xi64>

func.func private @printI64(i64)
func.func private @printNewline()

func.func @kernel(%a: memref<?xi64>, %out: memref<?xi64>, %sum: memref<1xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0 : i64
  %n = memref.dim %a, %c0 : memref<?xi64>
  %tmp = memref.alloc() : memref<16xi64>
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%n) step (%c1) {
        %v = memref.load %a[%i] : memref<?xi64>
        scf.for %j = %c0 to %c16 step %c1 {
          %j64 = arith.index_cast %j : index to i64
          %w = arith.muli %v, %j64 : i64
          memref.store %w, %tmp[%j] : memref<16xi64>
        }
        %s = scf.for %j = %c0 to %c16 step %c1 iter_args(%acc = %zero) -> (i64) {
          %r = memref.load %tmp[%j] : memref<16xi64>
          %x = arith.addi %acc, %r : i64
          scf.yield %x : i64
        }
        memref.store %s, %out[%i] : memref<?xi64>
        %old = memref.load %sum[%c0] : memref<1xi64>
        %new = arith.addi %old, %s : i64
        memref.store %new, %sum[%c0] : memref<1xi64>
        omp.yield
      }
    }
    omp.terminator
  }
  memref.dealloc %tmp : memref<16xi64>
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 2000000 : index
  %c1000 = arith.constant 1000 : i64
  %seven = arith.constant 7 : i64
  %zero = arith.constant 0 : i64
  %a = memref.alloc(%n) : memref<?xi64>
  %out = memref.alloc(%n) : memref<?xi64>
  %sum = memref.alloc() : memref<1xi64>
  scf.for %i = %c0 to %n step %c1 {
    %i64 = arith.index_cast %i : index to i64
    %m = arith.remsi %i64, %c1000 : i64
    memref.store %m, %a[%i] : memref<?xi64>
  }
  memref.store %seven, %sum[%c0] : memref<1xi64>
  func.call @kernel(%a, %out, %sum) : (memref<?xi64>, memref<?xi64>, memref<1xi64>) -> ()
  %total = memref.load %sum[%c0] : memref<1xi64>
  func.call @printI64(%total) : (i64) -> ()
  func.call @printNewline() : () -> ()
  // A checksum of every element, weighted by its index.
  %check = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i64) {
    %v = memref.load %out[%i] : memref<?xi64>
    %i64 = arith.index_cast %i : index to i64
    %p = arith.muli %v, %i64 : i64
    %x = arith.addi %acc, %p : i64
    scf.yield %x : i64
  }
  func.call @printI64(%check) : (i64) -> ()
  func.call @printNewline() : () -> ()
  memref.dealloc %a : memref<?xi64>
  memref.dealloc %out : memref<?xi64>
  memref.dealloc %sum : memref<1xi64>
  return
}
