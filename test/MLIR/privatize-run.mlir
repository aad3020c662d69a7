// RUN: %mlir_opt %lower-seq %s | %mlir_runner > %t.seq
// RUN: FileCheck %s < %t.seq
// RUN: %privateer_opt --privateer-privatize %s -o %t.fixed.mlir
// RUN: %mlir_opt %lower-omp %t.fixed.mlir -o %t.omp.mlir
// RUN: FileCheck %s --check-prefix=OMP < %t.omp.mlir
// RUN: env OMP_NUM_THREADS=1 %mlir_runner %t.omp.mlir > %t.1
// RUN: env OMP_NUM_THREADS=2 %mlir_runner %t.omp.mlir > %t.2
// RUN: env OMP_NUM_THREADS=4 %mlir_runner %t.omp.mlir > %t.4
// RUN: diff %t.seq %t.1
// RUN: diff %t.seq %t.2
// RUN: diff %t.seq %t.4
//
// The rewritten loop, run on 1, 2 and 4 OpenMP threads, prints what the
// original prints run sequentially. The kernel fills a 16-element scratch
// row hoisted out of the loop and adds every row's sum into one shared
// element: run in parallel as written, threads overwrite each other's row
// and lose updates (with 4 threads the printed values differ from run to
// run); privatized and reduced, they cannot.

// The sequential results: 7 + 120 * sum(i mod 1000) over 2000000 i, and
// the checksum of the rows' sums.
// CHECK: 119880000007
// CHECK-NEXT: 119899940040000000

// The lowered rewrite runs on threads, with a reduction.
// OMP: omp.parallel
// OMP: omp.wsloop reduction(
func.func private @printI64(i64)
func.func private @printNewline()

func.func @kernel(%a: memref<?xi64>, %out: memref<?xi64>, %sum: memref<1xi64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 16 : index
  %zero = arith.constant 0 : i64
  %n = memref.dim %a, %c0 : memref<?xi64>
  %tmp = memref.alloc() : memref<16xi64>
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %a[%i] : memref<?xi64>
    scf.for %j = %c0 to %c4 step %c1 {
      %j64 = arith.index_cast %j : index to i64
      %w = arith.muli %v, %j64 : i64
      memref.store %w, %tmp[%j] : memref<16xi64>
    }
    %s = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> (i64) {
      %r = memref.load %tmp[%j] : memref<16xi64>
      %x = arith.addi %acc, %r : i64
      scf.yield %x : i64
    }
    memref.store %s, %out[%i] : memref<?xi64>
    %old = memref.load %sum[%c0] : memref<1xi64>
    %new = arith.addi %old, %s : i64
    memref.store %new, %sum[%c0] : memref<1xi64>
    scf.reduce
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
