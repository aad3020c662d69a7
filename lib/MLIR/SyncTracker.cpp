//===- SyncTracker.cpp - Where an access sits in its work item ------------===//
//
// Part of privateer. The loops, branches (structured and unstructured) and
// guards of the omp dialect around an access, barriers and the constructs
// nested in the unit's code, and the lanes of SIMD loops.
//
//===----------------------------------------------------------------------===//

#include "SyncTracker.h"
#include "FlangOps.h"
#include "OpSemantics.h"
#include "RegionContext.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace privateer {
namespace mlirfe {

bool isSequentialLoop(Operation *Op) {
  return isa<scf::ForOp, scf::ParallelOp, scf::ForallOp, affine::AffineForOp,
             affine::AffineParallelOp, omp::LoopNestOp, scf::WhileOp>(Op) ||
         flang::isDoLoop(Op) || flang::isIterateWhile(Op);
}
namespace {
bool isBranch(Operation *Op) {
  return isa<scf::IfOp, affine::AffineIfOp, scf::IndexSwitchOp>(Op) ||
         flang::isIf(Op);
}
} // namespace

void SyncTracker::noteBranch(Operation *If, unsigned Arm, AccessContext &C) {
  C.Conditional = true;
  auto Key = std::make_pair(If, Arm);
  C.Branch.push_back(
      State.BranchIds.try_emplace(Key, State.BranchIds.size() + 1)
          .first->second);
  // `then` of a two-way branch holds its condition, `else` its negation.
  if ((flang::isIf(If) || isa<scf::IfOp>(If)) && Arm < 2 &&
      If->getNumOperands() >= 1 && If->getOperand(0).getType().isInteger(1))
    noteCondition(If->getOperand(0), Arm == 0, C);
}

void SyncTracker::noteUnstructured(Operation *P, Operation *Child,
                                   AccessContext &C,
                                   std::vector<unsigned> &Path) {
  // Unstructured control flow (a `do while`, `exit`, `cycle`): a block
  // after the entry may not run, and is a branch of its own.
  Region *Holder = Child->getParentRegion();
  if (Holder->hasOneBlock() || Child->getBlock() == &Holder->front())
    return;
  if (!State.Dominance)
    State.Dominance = std::make_unique<DominanceInfo>(State.Unit);
  auto BlockNo = [&](Block *Of) {
    unsigned No = 1;
    for (Block &B : *Holder) {
      if (&B == Of)
        break;
      ++No;
    }
    return No;
  };
  // The blocks that dominate it, up the dominator tree (innermost first, as
  // Path is built): the branches it is in. An access whose block dominates
  // another's runs before it on every path, as an arm's access runs before
  // those of the arms nested in it. A block entered only from the block
  // before it, which branches nowhere else (`cf.br` into the loop body of
  // an `omp.loop_nest`), runs whenever that block runs: part of it.
  std::vector<Block *> Chain;
  for (Block *D = Child->getBlock(); D && D != &Holder->front();) {
    Chain.push_back(D);
    DominanceInfoNode *Node = State.Dominance->getNode(D);
    DominanceInfoNode *IDom = Node ? Node->getIDom() : nullptr;
    D = IDom ? IDom->getBlock() : nullptr;
  }
  auto PartOfPredecessor = [&](Block *D) {
    Block *Pred = D->getSinglePredecessor();
    return Pred && Pred->getNumSuccessors() == 1 && BlockNo(Pred) < BlockNo(D);
  };
  // From the entry down, the blocks that always run with it.
  size_t Always = Chain.size();
  while (Always > 0 && PartOfPredecessor(Chain[Always - 1]))
    --Always;
  for (size_t K = 0; K < Always; ++K) {
    auto Key = std::make_pair(P, (Holder->getRegionNumber() + 1) * 4096 +
                                     BlockNo(Chain[K]));
    Path.push_back(State.BranchIds.try_emplace(Key, State.BranchIds.size() + 1)
                       .first->second);
  }
  if (Always == 0)
    return;
  C.Conditional = true;
  noteBlockGuards(Child->getBlock(), C);
}

void SyncTracker::noteBlockGuards(Block *B, AccessContext &C) {
  Region *Holder = B->getParent();
  if (!State.Dominance)
    State.Dominance = std::make_unique<DominanceInfo>(State.Unit);
  // Up the dominator tree: a block entered only by one edge of a
  // `cf.cond_br` (the `IF` of a construct with a `DO WHILE` or an `EXIT`
  // inside, which Flang lowers to blocks) lies on that edge's side, and so
  // does every block it dominates.
  for (Block *D = B; D && D != &Holder->front();) {
    Block *Pred = D->getSinglePredecessor();
    Operation *Term = Pred ? Pred->getTerminator() : nullptr;
    if (Term && Term->getName().getStringRef() == "cf.cond_br" &&
        Term->getNumSuccessors() == 2 &&
        Term->getSuccessor(0) != Term->getSuccessor(1) &&
        Term->getNumOperands() >= 1 &&
        Term->getOperand(0).getType().isInteger(1))
      noteCondition(Term->getOperand(0), Term->getSuccessor(0) == D, C);
    DominanceInfoNode *Node = State.Dominance->getNode(D);
    DominanceInfoNode *IDom = Node ? Node->getIDom() : nullptr;
    D = IDom ? IDom->getBlock() : nullptr;
  }
}

void SyncTracker::noteCondition(Value Cond, bool Holds, AccessContext &C) {
  // The comparisons the branch's work items satisfy.
  Ctx.Facts.conditionsOf(Cond, Holds, C.Conditions);
  if (!Holds)
    return;
  // `if (f() == 0)` with f's body elsewhere: the branch may be one work
  // item's, which the model cannot tell.
  if (auto Cmp = Cond.getDefiningOp<arith::CmpIOp>();
      Cmp && (Cmp.getPredicate() == arith::CmpIPredicate::eq ||
              Cmp.getPredicate() == arith::CmpIPredicate::ne))
    for (Value Side : {Cmp.getLhs(), Cmp.getRhs()})
      Ctx.Exprs.expr(Side)->mentions([&](SymbolId S) {
        auto It = State.UnseenResults.find(S);
        if (It != State.UnseenResults.end() && C.Doubt.empty())
          C.Doubt = "the branch around it tests what '" + It->second +
                    "' returns, whose body is not in this file: it may be "
                    "taken by one thread only";
        return false;
      });
  if (lastIterationOnly(Cond)) {
    C.SingleWorkItem = true;
  } else if (ExprRef V = pinnedValue(Cond)) {
    // `if (tid == 0)`, `if (i == n)`: one work item runs the branch.
    C.SingleWorkItem = true;
    C.PinnedItem = V;
  } else if (C.Protection == Guard::None && State.Kind != UnitKind::Task &&
             !C.InNestedTask && oneThreadOnly(Cond)) {
    // One thread of the team runs its work items one after another (not
    // for tasks, which interleave on a thread).
    C.Protection = Guard::Single;
  }
}

void SyncTracker::noteEnclosing(Operation *P, Operation *Child,
                                AccessContext &C,
                                std::vector<unsigned> &Inner) {
  Region *Holder = Child->getParentRegion();
  if (isSequentialLoop(P) && P != State.Nest)
    ++C.LoopDepth;
  if (isa<scf::WhileOp>(P) || flang::isIterateWhile(P))
    C.Conditional = true;
  if (isBranch(P)) {
    size_t Before = C.Branch.size();
    noteBranch(P, Holder->getRegionNumber(), C);
    Inner.insert(Inner.end(), C.Branch.begin() + Before, C.Branch.end());
    C.Branch.resize(Before);
  }
  noteUnstructured(P, Child, C, Inner);
  if (auto Critical = dyn_cast<omp::CriticalOp>(P))
    C.Criticals.push_back(Critical.getNameAttr()
                              ? Critical.getNameAttr().getValue().str()
                              : std::string());
  if (C.Protection == Guard::None) {
    if (isa<omp::CriticalOp>(P))
      C.Protection = Guard::Critical;
    else if (isa<omp::OrderedRegionOp>(P))
      C.Protection = Guard::Ordered;
    else if (isa<omp::SingleOp, omp::MaskedOp, omp::MasterOp, omp::WorkshareOp,
                 omp::SectionsOp>(P)) {
      // A workshare's statements run once, shared out by the team with
      // the meaning of their sequential order.
      C.Protection = Guard::Single;
      if (std::optional<int64_t> T = pinnedThread(P);
          T && State.R.Kind == RegionKind::Replicated && !C.PinnedItem)
        C.PinnedItem = Expr::constant(*T);
    }
  }
  if (isa<omp::TaskOp>(P))
    C.InNestedTask = true;
  if (isa<omp::SectionOp>(P) && P->getParentOp() == State.Unit) {
    unsigned N = 1;
    for (Operation &S : State.Unit->getRegion(0).front()) {
      if (&S == P)
        break;
      N += isa<omp::SectionOp>(S);
    }
    C.Section = N;
  }
}

void SyncTracker::addCallerContext(AccessContext &C) {
  // Inside a followed function: the call's context, then this one's.
  const AccessContext &Outer = State.Calls.back().AtCall;
  C.LoopDepth += Outer.LoopDepth;
  C.Conditional |= Outer.Conditional;
  std::vector<unsigned> Path = Outer.Branch;
  Path.insert(Path.end(), C.Branch.begin(), C.Branch.end());
  C.Branch = std::move(Path);
  if (Outer.Protection != Guard::None)
    C.Protection = Outer.Protection;
  C.SingleWorkItem |= Outer.SingleWorkItem;
  if (Outer.PinnedItem)
    C.PinnedItem = Outer.PinnedItem;
  C.InNestedTask |= Outer.InNestedTask;
  if (Outer.Section)
    C.Section = Outer.Section;
  C.LockHeld |= Outer.LockHeld;
  C.Criticals.insert(C.Criticals.end(), Outer.Criticals.begin(),
                     Outer.Criticals.end());
  if (C.Doubt.empty())
    C.Doubt = Outer.Doubt;
  C.Conditions.insert(C.Conditions.begin(), Outer.Conditions.begin(),
                      Outer.Conditions.end());
}

AccessContext SyncTracker::contextOf(Operation *Op) {
  AccessContext C;
  // The operations around the access up to the unit, the function being
  // followed, or the block of the creator's statements; innermost first.
  Operation *Stop = State.Unit;
  for (Operation *Statement : State.Body)
    if (Statement->isAncestor(Op) ||
        (!State.Calls.empty() &&
         Statement->isAncestor(State.Calls.front().Call)))
      Stop = Statement->getParentOp();
  std::vector<unsigned> Inner;
  Operation *Boundary = Stop;
  Operation *Child = Op;
  for (Operation *P = Op->getParentOp();
       P && P != Stop && !isa<FunctionOpInterface>(P);
       Child = P, P = P->getParentOp()) {
    noteEnclosing(P, Child, C, Inner);
    Boundary = P;
  }
  (void)Boundary;
  // The unit's own region, or the followed function's body, may be
  // unstructured too.
  if (Operation *Top = Child->getParentOp();
      Top && (Top == State.Unit ||
              (!State.Calls.empty() && isa<FunctionOpInterface>(Top))))
    noteUnstructured(Top, Child, C, Inner);
  C.Branch.assign(Inner.rbegin(), Inner.rend());
  Operation *LockScope = State.Calls.empty()
                             ? (State.Body.empty() ? State.Unit : Stop)
                             : State.Calls.back().Callee;
  C.LockHeld = heldLock(Op, LockScope);
  Ctx.Facts.statedAt(Op, Stop, C.Conditions);
  if (!State.Calls.empty())
    addCallerContext(C);
  if (State.Statement)
    C.Section = State.Statement;
  return C;
}

bool SyncTracker::visitNested(Operation *Op) {
  if (isa<omp::BarrierOp>(Op)) {
    ++State.Phase; // accesses after it never race with those before it
    return true;
  }
  bool Replicated = State.R.Kind == RegionKind::Replicated;
  // Constructs that are units of their own: worksharing, distribute and
  // taskloop loops, sections, and the tasks a task creates. The team waits
  // at the end of a worksharing construct without nowait.
  // (The inner wrappers of the unit's own composite are no unit.)
  // A worksharing construct of a team nested in the unit shares out the
  // work item's own work: walked as its code.
  // (A distribute binds to its league, through the team of a composite.)
  Operation *Team = isa<omp::DistributeOp>(Op)
                        ? Op->getParentOfType<omp::TeamsOp>().getOperation()
                        : enclosingTeam(Op);
  Operation *OwnTeam = Replicated ? State.Unit : enclosingTeam(State.Unit);
  bool BoundHere = !Team || Team == OwnTeam;
  bool OwnUnit = (unitKind(Op) == UnitKind::Worksharing && BoundHere) ||
                 isa<omp::TeamsOp>(Op) ||
                 (isa<omp::SectionsOp>(Op) && !Replicated && BoundHere) ||
                 (isa<omp::TaskOp>(Op) && State.Kind == UnitKind::Task);
  if (OwnUnit) {
    if (Replicated && endsWithBarrier(Op))
      ++State.Phase;
    return true;
  }
  // Code one thread runs (single, a section), or the team shares out
  // (workshare): walked with their guard (see contextOf), then the barrier
  // at their end.
  if (isa<omp::SingleOp, omp::WorkshareOp, omp::SectionsOp>(Op)) {
    Ctx.Walker.collectUpdates(Op);
    Ctx.Walker.walkRegions(Op);
    if (Replicated && endsWithBarrier(Op))
      ++State.Phase;
    return true;
  }
  // A task created by the work item, a nested team (its accesses are this
  // work item's), simd lanes, guards: walked as the work item's code.
  return false;
}

bool SyncTracker::simdCounterCopyOut(Operation *Store, Value Target) {
  Value Root = Ctx.Exprs.rootOf(Target);
  for (auto Simd = Store->getParentOfType<omp::SimdOp>();
       Simd && State.Unit->isProperAncestor(Simd) && Simd != State.Nest;
       Simd = Simd->getParentOfType<omp::SimdOp>()) {
    omp::LoopNestOp Loop = loopNestOf(Simd);
    if (!Loop || Loop.getRegion().empty())
      continue;
    auto Args = cast<omp::BlockArgOpenMPOpInterface>(Simd.getOperation())
                    .getPrivateBlockArgs();
    for (auto [Var, Arg] : llvm::zip(Simd.getPrivateVars(), Args)) {
      if (Ctx.Exprs.rootOf(Var) != Root)
        continue;
      // The private copy the loop's body assigns the loop's variable to.
      for (Operation &Op : Loop.getRegion().front())
        if (auto S = flang::storedValue(&Op);
            S && llvm::is_contained(Loop.getIVs(), S->first) &&
            flang::rootOf(S->second) == Value(Arg))
          return true;
    }
  }
  return false;
}

void SyncTracker::collectDoVariables() {
  // Flang counts a `do` loop in an iteration argument and stores it into
  // the DO variable first thing in the body: `fir.store %iv to %m`.
  State.Unit->walk([&](Operation *Loop) {
    if (!flang::isDoLoop(Loop) || Loop->getNumRegions() != 1 ||
        Loop->getRegion(0).empty())
      return;
    mlir::Block &Body = Loop->getRegion(0).front();
    for (Operation &Op : Body) {
      auto Stored = flang::storedValue(&Op);
      if (!Stored)
        continue;
      auto Arg = dyn_cast<mlir::BlockArgument>(Stored->first);
      if (Arg && Arg.getOwner() == &Body && Arg.getArgNumber() > 0)
        State.DoVariables.insert(Ctx.Exprs.rootOf(Stored->second));
    }
  });
}

void SyncTracker::boundSimdWindow(omp::SimdOp Simd) {
  std::optional<uint64_t> Len = Simd.getSafelen();
  if (!Len)
    Len = Simd.getSimdlen();
  if (!Len || *Len == 0 || *Len > (uint64_t(1) << 30) ||
      State.R.WorkItemVars.size() != 1)
    return;
  Symbol &IV = State.R.Symbols[State.R.WorkItemVars[0]];
  if (IV.Descending || !IV.Min || !IV.Max)
    return;
  // The lanes that run together start at a window W of the iteration
  // space, on its lattice: both iterations lie in [W, W + (L - 1) * step].
  Symbol W;
  W.Name = "lanes from " + IV.Name;
  W.Kind = SymbolKind::Invariant;
  W.IterationDependent = false;
  W.Min = IV.Min;
  W.Max = IV.Max;
  W.Step = IV.Step;
  ExprRef Start = Expr::symbol(State.R.addSymbol(std::move(W)));
  Symbol &Var = State.R.Symbols[State.R.WorkItemVars[0]];
  ExprRef Span = Expr::binary(ExprKind::Add, Start,
                              Expr::constant(int64_t(*Len - 1) * Var.Step));
  Var.Min = Start;
  Var.Max = Expr::binary(ExprKind::Min, Var.Max, Span);
}

} // namespace mlirfe
} // namespace privateer
