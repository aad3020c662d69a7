//===- NowaitLoops.cpp - Constructs no barrier separates ------------------===//
//
// Part of privateer. See NowaitLoops.h.
//
//===----------------------------------------------------------------------===//

#include "NowaitLoops.h"
#include "FlangOps.h"
#include "OpSemantics.h"
#include "RegionContext.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace privateer {
namespace mlirfe {

std::vector<std::shared_ptr<const ParallelRegion>>
previousUnordered(Operation *Unit, LocationTable &Locs) {
  std::vector<std::shared_ptr<const ParallelRegion>> Found;
  bool Loop = isa<omp::WsloopOp>(Unit) && unitKind(Unit) != UnitKind::None;
  bool OneThread = unitKind(Unit) == UnitKind::OneThread;
  if ((!Loop && !OneThread) ||
      !isa_and_nonnull<omp::ParallelOp>(Unit->getParentOp()))
    return Found;
  auto Model = [&](Operation *Prev, bool Nowait) {
    std::optional<ParallelRegion> P = modelUnit(Prev, Locs);
    if (!P)
      return;
    if (Nowait)
      P->NowaitClause = Locs.add(Prev->getLoc(), Prev);
    Found.push_back(std::make_shared<const ParallelRegion>(std::move(*P)));
  };
  for (Operation *Prev = Unit->getPrevNode(); Prev;
       Prev = Prev->getPrevNode()) {
    if (auto Ws = dyn_cast<omp::WsloopOp>(Prev)) {
      // Without nowait, its end is a barrier: it and everything before it
      // are ordered before this construct.
      if (!Ws.getNowait())
        break;
      Model(Prev, true);
      continue;
    }
    if (Loop && oneThreadNoBarrier(Prev)) {
      Model(Prev, isa<omp::SingleOp>(Prev));
      continue;
    }
    if (!readsAtMost(Prev))
      break;
  }
  return Found;
}

} // namespace mlirfe
} // namespace privateer
