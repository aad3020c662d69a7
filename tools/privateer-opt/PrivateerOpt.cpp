//===- PrivateerOpt.cpp - mlir-opt with privateer's passes built in -------===//
//
// Part of privateer. An MlirOptMain driver with the upstream dialects that
// parallel loops over memrefs are written in and privateer's passes
// registered as ordinary passes, so that they are flags
// (`--privateer-privatize`) and need no plugin. Flang's dialects are not
// here: Debian ships them only inside fir-opt, which loads the plugin.
//
//===----------------------------------------------------------------------===//

#include "privateer/MLIR/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry Registry;
  Registry.insert<mlir::affine::AffineDialect, mlir::arith::ArithDialect,
                  mlir::cf::ControlFlowDialect, mlir::func::FuncDialect,
                  mlir::LLVM::LLVMDialect, mlir::math::MathDialect,
                  mlir::memref::MemRefDialect, mlir::omp::OpenMPDialect,
                  mlir::scf::SCFDialect>();
  // canonicalize and cse, to tidy what a rewrite leaves.
  mlir::registerTransformsPasses();
  privateer::mlirfe::registerPasses();
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "privateer's MLIR passes over upstream dialects\n",
      Registry));
}
