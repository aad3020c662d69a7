//===- FlushedFlags.cpp - Flags handed over with flush --------------------===//
//
// Part of privateer. Variables a `flush` names (or, for a flush without a
// list, integer scalars only ever assigned constants), whose accesses the
// hand-off orders, and whether a work item polls a flag in a loop.
//
//===----------------------------------------------------------------------===//

#include "FlangOps.h"
#include "OpSemantics.h"
#include "RegionContext.h"
#include "SyncTracker.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace privateer {
namespace mlirfe {

namespace {
/// The blocks of \p B's region that lie on a cycle through \p B (a
/// `DO WHILE`, a loop left by `EXIT`, a backward `GOTO`): those reachable
/// from it that reach it again. Empty when none does.
llvm::SmallPtrSet<Block *, 16> cycleThrough(Block *B) {
  llvm::SmallPtrSet<Block *, 16> Cycle;
  if (!B || B->getParent()->hasOneBlock())
    return Cycle;
  auto Reach = [](Block *From, bool Forward) {
    llvm::SmallPtrSet<Block *, 16> Seen;
    llvm::SmallVector<Block *, 16> Work{From};
    while (!Work.empty()) {
      Block *X = Work.pop_back_val();
      auto Next = [&](Block *Y) {
        if (Seen.insert(Y).second)
          Work.push_back(Y);
      };
      if (Forward)
        llvm::for_each(X->getSuccessors(), Next);
      else
        llvm::for_each(X->getPredecessors(), Next);
    }
    return Seen;
  };
  llvm::SmallPtrSet<Block *, 16> Ahead = Reach(B, true);
  if (!Ahead.contains(B))
    return Cycle;
  for (Block *X : Reach(B, false))
    if (Ahead.contains(X))
      Cycle.insert(X);
  return Cycle;
}

/// Memory a store to which only sets the waiting work item's own state (a
/// local, as the C front end's onlyWaits allows): a `fir.alloca` or
/// `memref.alloca`, or a construct's block argument (a private copy); not a
/// global, a dummy argument or the heap.
bool localMemory(Value Root) {
  if (flang::isGlobal(Root))
    return false;
  if (auto Arg = dyn_cast<BlockArgument>(Root))
    return !isa_and_nonnull<FunctionOpInterface>(Arg.getOwner()->getParentOp());
  Operation *Def = Root.getDefiningOp();
  return Def && (isa<memref::AllocaOp>(Def) ||
                 Def->getName().getStringRef() == "fir.alloca");
}

/// Whether \p Op does nothing but wait, as the C front end's onlyWaits: a
/// flush, an atomic read, a taskyield, a load or a computation without
/// memory effects, a scalar store into local memory, a branch of the loop
/// itself, a call without arguments (a pause). A construct with code of its
/// own (an `IF`, a nested loop) does more than wait, as C's onlyWaits has
/// no `if`.
bool onlyWaits(Operation *Op) {
  if (isa<omp::FlushOp, omp::AtomicReadOp, omp::TaskyieldOp>(Op) ||
      readsAtMost(Op))
    return true;
  if (auto Stored = flang::storedValue(Op))
    return !flang::isArrayReference(Stored->second.getType()) &&
           localMemory(flang::rootOf(Stored->second));
  if (auto Store = dyn_cast<memref::StoreOp>(Op))
    return localMemory(flang::rootOf(Store.getMemRef()));
  if (auto Call = dyn_cast<CallOpInterface>(Op))
    return Call.getArgOperands().empty();
  return false;
}

bool blockOnlyWaits(Block &B) {
  return llvm::all_of(B, [](Operation &Op) { return onlyWaits(&Op); });
}

/// Whether \p Cond is a constant: a loop it ends never ends, or always
/// does (an endless loop is not a wait, as for spinsOnFlag).
bool constantCondition(Value Cond) {
  APInt C;
  return matchPattern(Cond, m_ConstantInt(&C));
}

/// Whether the loop \p Loop (`scf.while`, `fir.iterate_while`) does nothing
/// but wait on a condition that can change: C's `while (!flag) { flush }`.
bool whileOnlyWaits(Operation *Loop) {
  for (Region &R : Loop->getRegions())
    for (Block &B : R)
      if (!blockOnlyWaits(B))
        return false;
  if (auto While = dyn_cast<scf::WhileOp>(Loop))
    return !constantCondition(While.getConditionOp().getCondition());
  return true; // (fir.iterate_while ends on a value its body computes)
}

/// Whether the cycle of blocks \p Cycle (a `DO WHILE`, a `DO` left by
/// `EXIT`) is such a loop: blocks that only wait, left through one
/// conditional branch on a condition that can change (more would be an
/// `IF` of the body, which C's onlyWaits does not allow).
bool cycleOnlyWaits(const llvm::SmallPtrSetImpl<Block *> &Cycle) {
  unsigned Tests = 0;
  for (Block *B : Cycle) {
    if (!blockOnlyWaits(*B))
      return false;
    Operation *Term = B->getTerminator();
    if (!Term || Term->getNumSuccessors() < 2)
      continue;
    ++Tests;
    if (Term->getNumOperands() == 0 || constantCondition(Term->getOperand(0)))
      return false;
  }
  return Tests == 1;
}

/// Whether the loop around \p Poll waits for another work item: a cycle of
/// blocks (a `DO WHILE`, a loop left by `EXIT`) or a while loop that does
/// nothing but wait (C's spinsOnFlag). A counted `DO` waits for nothing: it
/// ends after its count, whatever the flag says.
bool pollsInWaitLoop(Operation *Poll, Operation *Where) {
  for (Operation *P = Poll; P && P != Where; P = P->getParentOp()) {
    if (auto Cycle = cycleThrough(P->getBlock()); !Cycle.empty())
      return cycleOnlyWaits(Cycle);
    if (isa<scf::WhileOp>(P) || flang::isIterateWhile(P))
      return whileOnlyWaits(P);
  }
  return false;
}
} // namespace

void SyncTracker::collectFlushed() {
  // Flags handed between threads with `flush` or atomic reads (a "done"
  // flag a consumer polls, a failure flag that stops the others) order
  // the accesses around them by a protocol the model does not follow:
  // prefer silence to a report on code that is correct in practice. The
  // team's whole body is looked at, as the hand-off's two sides may be in
  // different constructs.
  Operation *Where =
      State.Body.empty() ? State.Unit : State.Body.front()->getParentOp();
  if (Operation *Team = enclosingTeam(State.Unit); Team && State.Body.empty())
    Where = Team;
  bool Bare = false;
  llvm::SmallVector<Operation *> Polls;
  Where->walk([&](Operation *Op) {
    if (auto Flush = dyn_cast<omp::FlushOp>(Op)) {
      for (Value V : Flush.getVarList())
        State.Ordered.push_back(Ctx.Exprs.rootOf(V));
      Bare |= Flush.getVarList().empty();
      Polls.push_back(Op);
    } else if (isa<omp::AtomicReadOp>(Op) &&
               !isa<omp::AtomicCaptureOp>(Op->getParentOp())) {
      // (The read of an `atomic capture` takes a ticket from a counter it
      // also updates, `task = next; next = next + 1`: no flag is polled.)
      Polls.push_back(Op);
    }
  });
  // A flush or atomic read in a loop that only waits (`do while (flag ==
  // 0)`, a loop left by `exit` once the flag is set) hands work over; one
  // in straight-line code, in a counted DO or in a loop that does work of
  // its own polls nothing (as the C front end's spinsOnFlag).
  State.SpinsOnFlag = llvm::any_of(
      Polls, [&](Operation *Poll) { return pollsInWaitLoop(Poll, Where); });
  if (!Bare)
    return;
  // A flush without a list: the flags are the integer scalars the code only
  // ever assigns constants.
  llvm::DenseMap<Value, bool> OnlyConstants;
  Where->walk([&](Operation *Op) {
    auto Stored = flang::storedValue(Op);
    if (!Stored || !Stored->first.getType().isSignlessInteger() ||
        flang::isArrayReference(Stored->second.getType()))
      return;
    APInt C;
    bool Constant = matchPattern(Stored->first, m_ConstantInt(&C));
    auto [It, New] =
        OnlyConstants.try_emplace(Ctx.Exprs.rootOf(Stored->second), Constant);
    if (!New)
      It->second &= Constant;
  });
  for (auto &[Root, Flag] : OnlyConstants)
    if (Flag)
      State.Ordered.push_back(Root);
}

} // namespace mlirfe
} // namespace privateer
