// RUN: %mlir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer-shared-buffer))' -verify-diagnostics %s -o /dev/null
//
// Correct omp.wsloop loops: private and reduction operands, guarded
// updates, per-thread memory. privateer-shared-buffer stays silent.
// expected-no-diagnostics

omp.declare_reduction @add_f32 : f32 init {
^bb0(%arg: f32):
  %0 = arith.constant 0.0 : f32
  omp.yield (%0 : f32)
} combiner {
^bb1(%arg0: f32, %arg1: f32):
  %1 = arith.addf %arg0, %arg1 : f32
  omp.yield (%1 : f32)
}
omp.private {type = private} @row_private : memref<8xf32>

// The scratch row is a private operand: each thread has its own.
func.func @private_operand(%a: memref<100xf32>, %b: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %row = memref.alloc() : memref<8xf32>
  omp.parallel {
    omp.wsloop private(@row_private %row -> %p : memref<8xf32>) {
      omp.loop_nest (%i) : index = (%c0) to (%c100) step (%c1) {
        %v = memref.load %a[%i] : memref<100xf32>
        memref.store %v, %p[%c0] : memref<8xf32>
        %w = memref.load %p[%c0] : memref<8xf32>
        memref.store %w, %b[%i] : memref<100xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// The sum is a reduction operand.
func.func @reduction_operand(%a: memref<100xf32>, %s: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  omp.parallel {
    omp.wsloop reduction(@add_f32 %s -> %r : memref<f32>) {
      omp.loop_nest (%i) : index = (%c0) to (%c100) step (%c1) {
        %v = memref.load %a[%i] : memref<100xf32>
        %x = memref.load %r[] : memref<f32>
        %y = arith.addf %x, %v : f32
        memref.store %y, %r[] : memref<f32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// The update of the shared sum is in omp.critical, or omp.atomic.update.
func.func @guarded(%a: memref<100xf32>, %s: memref<f32>, %t: memref<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c100) step (%c1) {
        %v = memref.load %a[%i] : memref<100xf32>
        omp.critical {
          %x = memref.load %s[] : memref<f32>
          %y = arith.addf %x, %v : f32
          memref.store %y, %s[] : memref<f32>
          omp.terminator
        }
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

// Memory allocated inside omp.parallel (outside the loop) is one thread's.
func.func @per_thread(%a: memref<100xf32>, %b: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  omp.parallel {
    %row = memref.alloca() : memref<8xf32>
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
  return
}

// Each iteration its own element, with an inclusive loop nest.
func.func @own_element_inclusive(%a: memref<101xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %zero = arith.constant 0.0 : f32
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c100) inclusive step (%c1) {
        memref.store %zero, %a[%i] : memref<101xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
