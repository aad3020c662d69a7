// RUN: %mlir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer-shared-buffer))' -verify-diagnostics %s -o /dev/null
// RUN: %privateer_opt --privateer-shared-buffer -verify-diagnostics %s -o /dev/null
//
// Races privateer-shared-buffer reports on omp.wsloop inside omp.parallel.

// The scratch row is shared: no private operand.
func.func @shared_scratch(%a: memref<100xf32>, %b: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %row = memref.alloc() : memref<8xf32>
    // expected-note @-1 {{'%alloc' is declared here, outside the parallel loop, so all iterations share it}}
  omp.parallel {
    // expected-note @+1 {{'%alloc' is shared by this 'omp.wsloop'}}
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c100) step (%c1) {
        %v = memref.load %a[%i] : memref<100xf32>
        // expected-warning @+2 {{shared buffer '%alloc' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]}}
        // expected-note @+1 {{iterations %arg2=0 and %arg2=1 both write '%alloc[0]'}}
        memref.store %v, %row[%c0] : memref<8xf32>
        %w = memref.load %row[%c0] : memref<8xf32>
        memref.store %w, %b[%i] : memref<100xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// A sum without a reduction operand; the atomic update of another buffer
// beside it does not protect it.
func.func @unprotected_sum(%a: memref<100xf32>, %s: memref<f32>, %t: memref<f32>) {
  // expected-note @-1 {{'%arg1' is declared here, outside the parallel loop, so all iterations share it}}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  omp.parallel {
    // expected-note @+1 {{'%arg1' is shared by this 'omp.wsloop'}}
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c100) step (%c1) {
        %v = memref.load %a[%i] : memref<100xf32>
        %x = memref.load %s[] : memref<f32>
        %y = arith.addf %x, %v : f32
        // expected-warning @+2 {{'%arg1' is updated by every iteration without a reduction; concurrent updates are lost [privateer-shared-buffer]}}
        // expected-note @+1 {{iterations %arg3=0 and %arg3=1 both update '%arg1'}}
        memref.store %y, %s[] : memref<f32>
        omp.atomic.update %t : memref<f32> {
        ^bb0(%q: f32):
          %q2 = arith.addf %q, %v : f32
          omp.yield(%q2 : f32)
        }
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// A descending loop (step -1, inclusive, as Flang emits) writing one element.
func.func @descending(%a: memref<100xi32>) {
  // expected-note @-1 {{'%arg0' is declared here, outside the parallel loop, so all iterations share it}}
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %m1 = arith.constant -1 : index
  %c99 = arith.constant 99 : index
  %one = arith.constant 1 : i32
  omp.parallel {
    // expected-note @+1 {{'%arg0' is shared by this 'omp.wsloop'}}
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c99) to (%c0) inclusive step (%m1) {
        // expected-warning @+2 {{'%arg0' is written by every iteration at the same element without synchronization [privateer-shared-buffer]}}
        // expected-note @+1 {{iterations %arg1=99 and %arg1=98 both write '%arg0[5]'}}
        memref.store %one, %a[%c5] : memref<100xi32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
