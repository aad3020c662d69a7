// RUN: %mlir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer-shared-buffer))' -verify-diagnostics %s -o /dev/null
// RUN: %privateer_opt --privateer-shared-buffer -verify-diagnostics %s -o /dev/null
//
// An omp.wsloop with 'nowait' and the next omp.wsloop of the same
// omp.parallel: no barrier orders them (lib/Analysis/AfterNowait.cpp).

// The next loop reads the element after the one its iteration wrote.
func.func @shifted(%a: memref<100xf32>, %b: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c99 = arith.constant 99 : index
  %c100 = arith.constant 100 : index
  %f = arith.constant 1.0 : f32
  omp.parallel {
    // expected-note @+1 {{this 'omp.wsloop' ends with 'nowait': without it, the barrier at its end would order the two loops}}
    omp.wsloop nowait {
      omp.loop_nest (%i) : index = (%c0) to (%c100) step (%c1) {
        // expected-note @+1 {{the previous loop writes '%arg0[%arg2]' here}}
        memref.store %f, %a[%i] : memref<100xf32>
        omp.yield
      }
    }
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c99) step (%c1) {
        %j = arith.addi %i, %c1 : index
        // expected-warning @+1 {{'%arg0' is written by the previous loop, which ends with 'nowait', and read here in other iterations}}
        %v = memref.load %a[%j] : memref<100xf32>
        memref.store %v, %b[%i] : memref<100xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// Silent: the same iteration of loops with the same bounds; a loop without
// nowait; a barrier.
func.func @ordered(%a: memref<100xf32>, %b: memref<100xf32>, %s: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c99 = arith.constant 99 : index
  %c100 = arith.constant 100 : index
  %f = arith.constant 1.0 : f32
  omp.parallel {
    omp.wsloop nowait {
      omp.loop_nest (%i) : index = (%c0) to (%c100) step (%c1) {
        memref.store %f, %a[%i] : memref<100xf32>
        omp.yield
      }
    }
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c100) step (%c1) {
        %v = memref.load %a[%i] : memref<100xf32>
        memref.store %v, %b[%i] : memref<100xf32>
        omp.yield
      }
    }
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c100) step (%c1) {
        memref.store %f, %a[%i] : memref<100xf32>
        omp.yield
      }
    }
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c99) step (%c1) {
        %j = arith.addi %i, %c1 : index
        %v = memref.load %a[%j] : memref<100xf32>
        memref.store %v, %b[%i] : memref<100xf32>
        omp.yield
      }
    }
    omp.wsloop nowait {
      omp.loop_nest (%i) : index = (%c0) to (%c100) step (%c1) {
        memref.store %f, %a[%i] : memref<100xf32>
        omp.yield
      }
    }
    omp.barrier
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c99) step (%c1) {
        %j = arith.addi %i, %c1 : index
        %v = memref.load %a[%j] : memref<100xf32>
        memref.store %v, %b[%i] : memref<100xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
