//===- Plugin.cpp - privateer as an mlir-opt pass plugin ------------------===//
//
// Part of privateer. The entry point `mlir-opt --load-pass-plugin=` (and
// `fir-opt`) look up. Every MLIR symbol stays undefined here and resolves
// against the host's libMLIR.so, so the host's registries are the ones used.
//
//===----------------------------------------------------------------------===//

#include "privateer/MLIR/Passes.h"

#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Compiler.h"

extern "C" LLVM_ATTRIBUTE_WEAK ::mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "Privateer", LLVM_VERSION_STRING,
          [] { privateer::mlirfe::registerPasses(); }};
}
