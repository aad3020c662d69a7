//===- NowaitLoops.h - Worksharing loops no barrier separates ---*- C++ -*-===//
//
// Part of privateer. The `omp.wsloop`s of one team that end with `nowait`
// just before another: nothing orders them and it (a thread that finishes
// its share of one starts on the next), which lib/Analysis/AfterNowait.cpp
// checks through ParallelRegion::Previous.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_MLIR_NOWAITLOOPS_H
#define PRIVATEER_LIB_MLIR_NOWAITLOOPS_H

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

namespace privateer {
namespace mlirfe {

/// For an `omp.wsloop` directly in an `omp.parallel`, the `omp.wsloop`s
/// with `nowait` just before it in the same block, nearest first. Between
/// them only operations that write no memory (constants, the loads of
/// bounds Flang emits); anything else ends the list, as the Clang front end
/// stops at any statement between the loops.
llvm::SmallVector<mlir::Operation *> previousNowaitLoops(mlir::Operation *Loop);

} // namespace mlirfe
} // namespace privateer

#endif // PRIVATEER_LIB_MLIR_NOWAITLOOPS_H
