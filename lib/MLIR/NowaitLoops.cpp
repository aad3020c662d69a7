//===- NowaitLoops.cpp - Worksharing loops no barrier separates -----------===//
//
// Part of privateer. See NowaitLoops.h.
//
//===----------------------------------------------------------------------===//

#include "NowaitLoops.h"
#include "FlangOps.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace privateer {
namespace mlirfe {

namespace {
/// Reads at most, and runs no code of its own (no region, no call).
bool writesNothing(Operation *Op) {
  if (Op->getNumRegions() != 0)
    return false;
  return isa<memref::LoadOp>(Op) || flang::loadedRef(Op) ||
         isMemoryEffectFree(Op);
}
} // namespace

llvm::SmallVector<Operation *> previousNowaitLoops(Operation *Loop) {
  llvm::SmallVector<Operation *> Loops;
  if (!isa<omp::WsloopOp>(Loop) ||
      !isa_and_nonnull<omp::ParallelOp>(Loop->getParentOp()))
    return Loops;
  for (Operation *Prev = Loop->getPrevNode(); Prev;
       Prev = Prev->getPrevNode()) {
    if (auto Ws = dyn_cast<omp::WsloopOp>(Prev)) {
      // Without nowait, its end is a barrier: it and everything before it
      // are ordered before this loop.
      if (!Ws.getNowait())
        break;
      Loops.push_back(Prev);
      continue;
    }
    if (!writesNothing(Prev))
      break;
  }
  return Loops;
}

} // namespace mlirfe
} // namespace privateer
