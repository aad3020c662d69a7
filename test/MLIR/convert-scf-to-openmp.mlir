// RUN: %mlir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(convert-scf-to-openmp,func.func(privateer-shared-buffer))' -verify-diagnostics %s -o /dev/null
// RUN: %mlir_opt --convert-scf-to-openmp %s | FileCheck %s --check-prefix=OMP
//
// The scratch race of an scf.parallel survives --convert-scf-to-openmp: the
// loop becomes omp.parallel/omp.wsloop/omp.loop_nest (its body wrapped in
// memref.alloca_scope), the buffer stays outside, and privateer reports it
// on the omp form at the original locations.

// OMP: memref.alloc()
// OMP: omp.parallel
// OMP: omp.wsloop
// OMP: omp.loop_nest
// OMP: memref.alloca_scope
// OMP: omp.wsloop reduction(@__scf_reduction

func.func @hoisted_scratch(%a: memref<100xf32>, %b: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %buf = memref.alloc() : memref<8xf32>
    // expected-note @-1 {{'%alloc' is declared here, outside the parallel loop, so all iterations share it}}
  // expected-note @+1 {{'%alloc' is shared by this 'omp.wsloop'}}
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    %v = memref.load %a[%i] : memref<100xf32>
    // expected-warning @+2 {{shared buffer '%alloc' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]}}
    // expected-note @+1 {{iterations %arg2=0 and %arg2=1 both write '%alloc[0]'}}
    memref.store %v, %buf[%c0] : memref<8xf32>
    %w = memref.load %buf[%c0] : memref<8xf32>
    memref.store %w, %b[%i] : memref<100xf32>
    scf.reduce
  }
  return
}

// The sum stays silent: scf.reduce becomes an omp reduction operand.
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
