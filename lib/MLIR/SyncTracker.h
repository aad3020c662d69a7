//===- SyncTracker.h - What orders an access in its work item ---*- C++ -*-===//
//
// Part of privateer. Where an access sits in its work item and what orders
// it against other work items: loops and branches around it, guards of the
// omp dialect (critical, ordered, single, masked, atomic, locks), barriers
// and nested constructs (SyncTracker.cpp); the tests that select one work
// item or thread (WorkItemTests.cpp); flags handed over with `flush`
// (FlushedFlags.cpp); the work items of a task (TaskOrdering.cpp); and the
// lanes of SIMD loops.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_MLIR_SYNCTRACKER_H
#define PRIVATEER_LIB_MLIR_SYNCTRACKER_H

#include "RegionState.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"

namespace privateer {
namespace mlirfe {

class RegionContext;

/// The synchronization around one construct's accesses.
class SyncTracker {
public:
  SyncTracker(RegionContext &Ctx, RegionState &State)
      : Ctx(Ctx), State(State) {}

  // --- Where an access sits (SyncTracker.cpp) ---
  AccessContext contextOf(Operation *Op);
  /// The context of \p If's branch \p Arm for the work item: one work item
  /// only (`if (tid == 0)`, `if (i == n)`), one thread (`tid == k` in a
  /// loop), or a condition.
  void noteBranch(Operation *If, unsigned Arm, AccessContext &C);
  /// What the branches to block \p B of an unstructured region (a
  /// `cf.cond_br` whose edge B's dominators lie on) say of its work items.
  void noteBlockGuards(mlir::Block *B, AccessContext &C);
  /// For \p Child in a block after the entry of its region in \p P: a
  /// branch of its own on \p Path, and what the branches to it say.
  void noteUnstructured(Operation *P, Operation *Child, AccessContext &C,
                        std::vector<unsigned> &Path);
  /// Where \p Cond is \p Holds around an access: its comparisons, and
  /// (where it holds) a work item or thread it selects.
  void noteCondition(Value Cond, bool Holds, AccessContext &C);
  /// A construct of the omp dialect nested in the unit's code: walked,
  /// skipped (a unit of its own) or a barrier. False for other operations.
  bool visitNested(Operation *Op);

  // --- SIMD lanes (SyncTracker.cpp) ---
  /// For a standalone simd loop with `safelen` (or `simdlen`) L: the lanes
  /// that run together are within L - 1 iterations of each other.
  void boundSimdWindow(mlir::omp::SimdOp Simd);
  /// The variables of the sequential `do` loops inside a SIMD loop: each
  /// lane's own (DoVariables).
  void collectDoVariables();
  /// Whether \p Store writes \p Target, the variable of a simd loop nested
  /// in the unit, with Flang's copy-out of its last value.
  bool simdCounterCopyOut(Operation *Store, Value Target);

  // --- Tests of the work item (WorkItemTests.cpp) ---
  bool lastIterationOnly(Value Condition, unsigned Depth = 0);
  /// Whether \p Condition is a conjunction of last-iteration tests of the
  /// distributed nest's loops, marking each in \p Tested.
  bool lastIterationTests(Value Condition, std::vector<bool> &Tested,
                          unsigned Depth);
  /// For `v == e` (`tid == 0`, `i == n`): e when v is the only work-item
  /// variable and e the same for every work item.
  ExprRef pinnedValue(Value Condition);
  /// Whether \p Condition holds on one thread of the team only (`tid == k`
  /// in a worksharing loop).
  bool oneThreadOnly(Value Condition);
  /// Whether \p Condition is `nthreads == 1` for the team's size.
  bool teamOfOneTest(Value Condition);

  // --- Flags (FlushedFlags.cpp) ---
  /// Variables a `flush` names (or, for a flush without a list, integer
  /// scalars only ever assigned constants), and whether a work item polls
  /// a flag in a loop (see ParallelRegion::WaitsOnFlags).
  void collectFlushed();

private:
  /// What the construct \p P around an access (its child \p Child on the
  /// way to it) says: a loop, a branch (on \p Inner), a guard, a task, a
  /// section.
  void noteEnclosing(Operation *P, Operation *Child, AccessContext &C,
                     std::vector<unsigned> &Inner);
  /// For an access reached through calls: what the context of the
  /// outermost call adds.
  void addCallerContext(AccessContext &C);

  RegionContext &Ctx;
  RegionState &State;
};

} // namespace mlirfe
} // namespace privateer

#endif // PRIVATEER_LIB_MLIR_SYNCTRACKER_H
