//===- NowaitLoops.h - Constructs no barrier separates -----------*- C++
//-*-===//
//
// Part of privateer. The `omp.wsloop`s of one team that end with `nowait`
// just before another construct of the team, and the code one thread runs
// with no barrier after it (`single nowait`, `master`, `masked`): nothing
// orders them and what follows (a thread that finishes its share of one
// starts on the next), which lib/Analysis/AfterNowait.cpp checks through
// ParallelRegion::Previous.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_MLIR_NOWAITLOOPS_H
#define PRIVATEER_LIB_MLIR_NOWAITLOOPS_H

#include "privateer/MLIR/RegionBuilder.h"
#include "privateer/Model/Region.h"

#include "mlir/IR/Operation.h"

#include <memory>
#include <vector>

namespace privateer {
namespace mlirfe {

/// For a worksharing loop or a `single`/`master`/`masked` directly in an
/// `omp.parallel`, the constructs just before it in the same block that end
/// with no barrier, nearest first, modelled with \p Locs: worksharing loops
/// with `nowait` (with the clause's construct as ParallelRegion::
/// NowaitClause), and for a loop also one-thread code. Between them only
/// operations that write no memory (constants, the loads of bounds Flang
/// emits); anything else ends the list, as the Clang front end stops at any
/// statement between the constructs.
std::vector<std::shared_ptr<const ParallelRegion>>
previousUnordered(mlir::Operation *Unit, LocationTable &Locs);

} // namespace mlirfe
} // namespace privateer

#endif // PRIVATEER_LIB_MLIR_NOWAITLOOPS_H
