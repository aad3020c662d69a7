// What the analysis cannot prove ('may') is held back unless report-may
// asks for it, and the pass says how many it held back, for the function
// (or module) it ran on; the rewrite pass likewise.
// RUN: %mlir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=HELD --implicit-check-not=warning:
// HELD: privateer: 1 unproven ('may') finding held back (report-may=1 shows them) in '@histogram'
// RUN: %privateer_opt --privateer-shared-buffer %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODULE --implicit-check-not=warning:
// MODULE: privateer: 1 unproven ('may') finding held back (report-may=1 shows them) in 'builtin.module'
// RUN: %privateer_opt --privateer-privatize %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=MODULE --implicit-check-not=remark:
// RUN: %privateer_opt --privateer-shared-buffer='report-may=1' -verify-diagnostics %s -o /dev/null 2>&1 | FileCheck %s --allow-empty --check-prefix=SHOWN
// SHOWN-NOT: held back

// The bin each iteration updates is loaded: two may be the same (nothing
// bounds the bins: the memref has no static size).
func.func @histogram(%hist: memref<?xi32>, %k: memref<100xindex>) {
  // expected-note @-1 {{'%arg0' is declared here, outside the parallel loop, so all iterations share it}}
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %one = arith.constant 1 : i32
  // expected-note @+1 {{'%arg0' is shared by this 'scf.parallel'}}
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    %b = memref.load %k[%i] : memref<100xindex>
    %h = memref.load %hist[%b] : memref<?xi32>
    %t = arith.addi %h, %one : i32
    // expected-warning @+2 {{iterations can update '%arg0' at the same element without synchronization; concurrent updates may be lost [privateer-shared-buffer]}}
    // expected-note @+1 {{may both update}}
    memref.store %t, %hist[%b] : memref<?xi32>
    scf.reduce
  }
  return
}
