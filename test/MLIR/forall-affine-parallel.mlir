// RUN: %mlir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer-shared-buffer))' -verify-diagnostics %s -o /dev/null
//
// scf.forall and affine.parallel over memrefs: a shared scratch element and
// a sum race; each iteration its own element does not.

func.func @forall_scratch(%a: memref<64xf32>, %b: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %tmp = memref.alloc() : memref<1xf32>
    // expected-note @-1 {{'%alloc' is declared here, outside the parallel loop, so all iterations share it}}
  // expected-note @+1 {{'%alloc' is shared by this 'scf.forall'}}
  scf.forall (%i) in (64) {
    %v = memref.load %a[%i] : memref<64xf32>
    // expected-warning @+2 {{shared buffer '%alloc' is scratch that every iteration overwrites; iterations on different threads race on it [privateer-shared-buffer]}}
    // expected-note @+1 {{iterations %arg2=0 and %arg2=1 both write '%alloc[0]'}}
    memref.store %v, %tmp[%c0] : memref<1xf32>
    %w = memref.load %tmp[%c0] : memref<1xf32>
    memref.store %w, %b[%i] : memref<64xf32>
  }
  return
}

func.func @forall_own_element(%a: memref<64xf32>, %b: memref<64xf32>) {
  scf.forall (%i) = (0) to (64) step (2) {
    %v = memref.load %a[%i] : memref<64xf32>
    memref.store %v, %b[%i] : memref<64xf32>
  }
  return
}

func.func @affine_sum(%a: memref<100xf32>, %s: memref<1xf32>) {
  // expected-note @-1 {{'%arg1' is declared here, outside the parallel loop, so all iterations share it}}
  %c0 = arith.constant 0 : index
  // expected-note @+1 {{'%arg1' is shared by this 'affine.parallel'}}
  affine.parallel (%i) = (0) to (100) {
    %v = affine.load %a[%i] : memref<100xf32>
    %x = memref.load %s[%c0] : memref<1xf32>
    %y = arith.addf %x, %v : f32
    // expected-warning @+2 {{iterations update '%arg1' at the same element without synchronization; concurrent updates are lost [privateer-shared-buffer]}}
    // expected-note @+1 {{iterations %arg2=0 and %arg2=1 both update '%arg1[0]'}}
    memref.store %y, %s[%c0] : memref<1xf32>
  }
  return
}

func.func @affine_rows(%m: memref<10x8xf32>) {
  %zero = arith.constant 0.0 : f32
  affine.parallel (%i) = (0) to (10) {
    affine.for %j = 0 to 8 {
      affine.store %zero, %m[%i, %j] : memref<10x8xf32>
    }
  }
  return
}
