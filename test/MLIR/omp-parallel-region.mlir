// RUN: %mlir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer-shared-buffer))' -verify-diagnostics %s -o /dev/null
//
// omp.parallel without a worksharing loop: every thread runs the body.

func.func private @omp_get_thread_num() -> i32

// Every thread writes the first element.
func.func @same_element(%out: memref<64xf32>) {
  // expected-note @-1 {{'%arg0' is declared here, outside the parallel region, so all threads share it}}
  %c0 = arith.constant 0 : index
  %x = arith.constant 1.0 : f32
  // expected-note @+1 {{'%arg0' is shared by this 'omp.parallel'}}
  omp.parallel {
    // expected-warning @+2 {{'%arg0' is written by every thread at the same element without synchronization [privateer-shared-buffer]}}
    // expected-note @+1 {{thread 0 and thread 1 both write '%arg0[0]'}}
    memref.store %x, %out[%c0] : memref<64xf32>
    omp.terminator
  }
  return
}

// A slot per thread, then a read of another slot after a barrier: silent.
func.func @slots(%out: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %x = arith.constant 1.0 : f32
  omp.parallel {
    %t = func.call @omp_get_thread_num() : () -> i32
    %i = arith.index_cast %t : i32 to index
    memref.store %x, %out[%i] : memref<64xf32>
    omp.barrier
    %v = memref.load %out[%c0] : memref<64xf32>
    omp.terminator
  }
  return
}
