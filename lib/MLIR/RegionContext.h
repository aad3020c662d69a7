//===- RegionContext.h - The parts of one MLIR region's model ---*- C++ -*-===//
//
// Part of privateer. Owns the state of building one ParallelRegion and the
// parts that build it, each with one job: ExprTranslator (values to
// expressions), ValueFacts (what loads, conditions and stated facts say of
// values), SyncTracker (what orders an access), CallFollower (calls into
// the module's functions), AccessWalker (the accesses of the code) and
// RegionAssembler (the region they compose). Each part holds the context,
// to ask the others, and the shared RegionState.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_MLIR_REGIONCONTEXT_H
#define PRIVATEER_LIB_MLIR_REGIONCONTEXT_H

#include "AccessWalker.h"
#include "CallFollower.h"
#include "ExprTranslator.h"
#include "RegionAssembler.h"
#include "RegionState.h"
#include "SyncTracker.h"
#include "ValueFacts.h"

namespace privateer {
namespace mlirfe {

/// Owns the state and the parts that build the model of one unit; each part
/// holds the context, to call the others, and the state.
class RegionContext {
public:
  RegionContext(Operation *Unit, LocationTable &Locs);
  /// The code that created the task \p Task: the operations \p Body of its
  /// block after it, each a statement, with the task's data sharing.
  RegionContext(Operation *Task, llvm::ArrayRef<Operation *> Body,
                LocationTable &Locs);
  RegionContext(const RegionContext &) = delete;
  RegionContext &operator=(const RegionContext &) = delete;

  RegionState State;
  ExprTranslator Exprs;
  ValueFacts Facts;
  SyncTracker Sync;
  CallFollower Follower;
  AccessWalker Walker;
  RegionAssembler Assembler;
};

/// The model of the unit of parallel work \p Unit (see buildRegion, which
/// adds what orders it against the constructs and tasks around it).
std::optional<ParallelRegion> modelUnit(Operation *Unit, LocationTable &Locs);

/// The model of the code that created the task \p Task: the operations
/// \p Body of its block after it, each a statement.
std::optional<ParallelRegion> modelCreatorCode(Operation *Task,
                                               llvm::ArrayRef<Operation *> Body,
                                               LocationTable &Locs);

} // namespace mlirfe
} // namespace privateer

#endif // PRIVATEER_LIB_MLIR_REGIONCONTEXT_H
