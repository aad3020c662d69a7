//===- TaskOrdering.h - What a task runs beside ------------------*- C++
//-*-===//
//
// Part of privateer. For a task created once: the sibling tasks before it
// that nothing orders with it, and the code that created it up to the
// first operation that may wait for it (ParallelRegion::UnorderedSiblings
// and ::Continuation, which lib/Analysis/UnorderedTasks.cpp compares).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_MLIR_TASKORDERING_H
#define PRIVATEER_LIB_MLIR_TASKORDERING_H

#include "privateer/MLIR/RegionBuilder.h"
#include "privateer/Model/Region.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"

namespace privateer {
namespace mlirfe {

/// Fills \p R's unordered siblings and continuation for the task \p Task
/// (nothing for the instances of a task made by a loop).
void orderTask(mlir::omp::TaskOp Task, ParallelRegion &R, LocationTable &Locs);

} // namespace mlirfe
} // namespace privateer

#endif // PRIVATEER_LIB_MLIR_TASKORDERING_H
