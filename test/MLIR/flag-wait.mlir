// RUN: %mlir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer-shared-buffer))' %s -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=warning:
//
// A flag polled with omp.atomic.read in an scf.while that does nothing but
// wait hands over what the producer wrote before setting it (silent); the
// same read with no loop, or in a loop that does work of its own, orders
// nothing (reported).

func.func private @omp_get_thread_num() -> i32

// Thread 0 publishes the data and sets the flag; the others wait in a loop
// that does nothing but read the flag, then read the data: a hand-off.
func.func @waits_on_flag(%out: memref<64xf32>, %flag: memref<i32>, %got: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : i32
  %z = arith.constant 0 : i32
  %x = arith.constant 1.0 : f32
  omp.parallel {
    %t = func.call @omp_get_thread_num() : () -> i32
    %i = arith.index_cast %t : i32 to index
    %first = arith.cmpi eq, %t, %z : i32
    scf.if %first {
      memref.store %x, %out[%c0] : memref<64xf32>
      omp.atomic.write %flag = %c1 : memref<i32>, i32
    } else {
      %seen = memref.alloca() : memref<i32>
      scf.while : () -> () {
        omp.atomic.read %seen = %flag : memref<i32>, memref<i32>, i32
        %s = memref.load %seen[] : memref<i32>
        %wait = arith.cmpi eq, %s, %z : i32
        scf.condition(%wait)
      } do {
        scf.yield
      }
      %v = memref.load %out[%c0] : memref<64xf32>
      memref.store %v, %got[%i] : memref<64xf32>
    }
    omp.terminator
  }
  return
}

// The flag is read once: the readers do not wait for it.
func.func @no_wait(%out: memref<64xf32>, %flag: memref<i32>, %got: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : i32
  %z = arith.constant 0 : i32
  %x = arith.constant 1.0 : f32
  omp.parallel {
    %t = func.call @omp_get_thread_num() : () -> i32
    %i = arith.index_cast %t : i32 to index
    %first = arith.cmpi eq, %t, %z : i32
    scf.if %first {
      memref.store %x, %out[%c0] : memref<64xf32>
      omp.atomic.write %flag = %c1 : memref<i32>, i32
    } else {
      %seen = memref.alloca() : memref<i32>
      omp.atomic.read %seen = %flag : memref<i32>, memref<i32>, i32
      %v = memref.load %out[%c0] : memref<64xf32>
      memref.store %v, %got[%i] : memref<64xf32>
    }
    omp.terminator
  }
  return
}

// The loop also writes shared memory on each pass: no hand-off.
func.func @loop_does_work(%out: memref<64xf32>, %flag: memref<i32>, %got: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : i32
  %z = arith.constant 0 : i32
  %x = arith.constant 1.0 : f32
  omp.parallel {
    %t = func.call @omp_get_thread_num() : () -> i32
    %i = arith.index_cast %t : i32 to index
    %first = arith.cmpi eq, %t, %z : i32
    scf.if %first {
      memref.store %x, %out[%c0] : memref<64xf32>
      omp.atomic.write %flag = %c1 : memref<i32>, i32
    } else {
      %seen = memref.alloca() : memref<i32>
      scf.while : () -> () {
        omp.atomic.read %seen = %flag : memref<i32>, memref<i32>, i32
        %s = memref.load %seen[] : memref<i32>
        %wait = arith.cmpi eq, %s, %z : i32
        scf.condition(%wait)
      } do {
        memref.store %x, %got[%c0] : memref<64xf32>
        scf.yield
      }
      %v = memref.load %out[%c0] : memref<64xf32>
      memref.store %v, %got[%i] : memref<64xf32>
    }
    omp.terminator
  }
  return
}

// CHECK: flag-wait.mlir:53:7: warning: '%arg0' is written by one thread while other threads access it without synchronization [privateer-shared-buffer]
// CHECK: flag-wait.mlir:77:7: warning: '%arg0' is written by one thread while other threads access it without synchronization [privateer-shared-buffer]
// CHECK: flag-wait.mlir:87:9: warning: '%arg2' is written by every thread at the same element without synchronization [privateer-shared-buffer]
