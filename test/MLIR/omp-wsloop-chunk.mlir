// RUN: %mlir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer-chunk-false-sharing))' -verify-diagnostics %s -o /dev/null
//
// privateer-chunk-false-sharing on omp.wsloop schedules: a chunk of one
// 8-byte element hands parts of one cache line to different threads, which
// write them repeatedly; a chunk of 8 elements covers a whole line.

func.func @chunk_one(%a: memref<1024xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c1024 = arith.constant 1024 : index
  %chunk = arith.constant 1 : i32
  %x = arith.constant 1.0 : f64
  omp.parallel {
    // expected-warning @+2 {{a chunk of 1 gives each thread 8 bytes of '%arg0' at a time: up to 8 threads write into each 64-byte cache line, and they write it repeatedly (false sharing) [privateer-chunk-false-sharing]}}
    // expected-note @+1 {{use a chunk of whole lines: 8 iterations}}
    omp.wsloop schedule(static = %chunk : i32) {
      omp.loop_nest (%i) : index = (%c0) to (%c1024) step (%c1) {
        scf.for %k = %c0 to %c16 step %c1 {
          %v = memref.load %a[%i] : memref<1024xf64>
          %w = arith.addf %v, %x : f64
          // expected-note @+1 {{written repeatedly here}}
          memref.store %w, %a[%i] : memref<1024xf64>
        }
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

func.func @chunk_line(%a: memref<1024xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c1024 = arith.constant 1024 : index
  %chunk = arith.constant 8 : i32
  %x = arith.constant 1.0 : f64
  omp.parallel {
    omp.wsloop schedule(static = %chunk : i32) {
      omp.loop_nest (%i) : index = (%c0) to (%c1024) step (%c1) {
        scf.for %k = %c0 to %c16 step %c1 {
          %v = memref.load %a[%i] : memref<1024xf64>
          %w = arith.addf %v, %x : f64
          memref.store %w, %a[%i] : memref<1024xf64>
        }
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
