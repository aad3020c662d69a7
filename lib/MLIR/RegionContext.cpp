//===- RegionContext.cpp - The parts of one MLIR region's model -----------===//
//
// Part of privateer. Sets up the state and the parts of one region's model
// (see RegionContext.h), and builds it.
//
//===----------------------------------------------------------------------===//

#include "RegionContext.h"

namespace privateer {
namespace mlirfe {

RegionState::RegionState(Operation *Unit, LocationTable &Locs)
    : Unit(Unit), Kind(unitKind(Unit)), Scope(Unit), Locs(Locs),
      Names(Unit->getParentWithTrait<mlir::OpTrait::IsIsolatedFromAbove>()
                ? Unit->getParentWithTrait<mlir::OpTrait::IsIsolatedFromAbove>()
                : Unit) {}

RegionContext::RegionContext(Operation *Unit, LocationTable &Locs)
    : State(Unit, Locs), Exprs(*this, State), Facts(*this, State),
      Sync(*this, State), Follower(*this, State), Walker(*this, State),
      Assembler(*this, State) {}

RegionContext::RegionContext(Operation *Task, llvm::ArrayRef<Operation *> Body,
                             LocationTable &Locs)
    : RegionContext(Task, Locs) {
  State.Body.assign(Body.begin(), Body.end());
}

std::optional<ParallelRegion> modelUnit(Operation *Unit, LocationTable &Locs) {
  RegionContext Ctx(Unit, Locs);
  return Ctx.Assembler.build();
}

std::optional<ParallelRegion> modelCreatorCode(Operation *Task,
                                               llvm::ArrayRef<Operation *> Body,
                                               LocationTable &Locs) {
  RegionContext Ctx(Task, Body, Locs);
  return Ctx.Assembler.build();
}

} // namespace mlirfe
} // namespace privateer
