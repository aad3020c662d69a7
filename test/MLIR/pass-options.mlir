// Every pass takes privateer's options as pass options, generated from
// include/privateer/Options.def (a new option there is one here), their
// values checked by the core's parser with the words the other front ends
// use.
// RUN: %privateer_opt --help > %t.help
// RUN: python3 -c "import re, sys; names = re.findall(r'(?m)^PRIVATEER_OPTION\(\w+,\s*\"([^\"]+)\"', open(sys.argv[1]).read()); text = open(sys.argv[2]).read(); missing = [n for n in names if text.count('--' + n + '=') + text.count('--' + n + ' ') < 2]; print('not options of the check and rewrite passes:', missing) if missing else None; sys.exit(bool(missing) or len(names) < 7)" %S/../../include/privateer/Options.def %t.help
//
// RUN: %privateer_opt --privateer-shared-buffer='solver-timeout-ms=250 cache-line=128' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FOUND --implicit-check-not=error:
// RUN: %mlir_opt --load-pass-plugin=%mlir_plugin --pass-pipeline='builtin.module(func.func(privateer{checks=-*,privateer-shared-buffer solver-timeout-ms=250}))' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FOUND --implicit-check-not=error:
// FOUND: warning: iterations update '%arg0' at the same element
// RUN: not %privateer_opt --privateer-shared-buffer='cache-line=100' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LINE
// LINE: error: privateer: invalid cache-line size '100': expected a power of two between 8 and 4096
// RUN: not %privateer_opt --privateer-shared-buffer='solver-timeout-ms=0' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TIMEOUT
// TIMEOUT: error: privateer: invalid solver-timeout-ms '0': expected milliseconds between 1 and 60000
// RUN: not %privateer_opt --privateer-privatize='solver-timeout-ms=100000' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=REWRITE
// REWRITE: error: privateer: invalid solver-timeout-ms '100000'
//
// werror=on: the findings are errors, and the pass fails.
// RUN: not %privateer_opt --privateer-shared-buffer='werror=on' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WERROR
// WERROR: error: iterations update '%arg0' at the same element
// The check passes only report; the rewrite is privateer-privatize.
// RUN: not %privateer_opt --privateer-shared-buffer='fix' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FIX
// FIX: error: privateer: the check passes only report; privateer-privatize applies the fixes
// stats: what the solver did, after the pass.
// RUN: %privateer_opt --privateer-shared-buffer='stats' %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
// STATS: privateer stats: {{[0-9]+}} index pairs decided by patterns

func.func @sum(%q: memref<1xf32>, %a: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  scf.parallel (%i) = (%c0) to (%c100) step (%c1) {
    %x = memref.load %a[%i] : memref<100xf32>
    %s = memref.load %q[%c0] : memref<1xf32>
    %t = arith.addf %s, %x : f32
    memref.store %t, %q[%c0] : memref<1xf32>
    scf.reduce
  }
  return
}
