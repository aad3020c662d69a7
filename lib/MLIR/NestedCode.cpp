//===- NestedCode.cpp - The code of one work item, walked -----------------===//
//
// Part of privateer. What a work item runs: its operations in order, the
// constructs of the omp dialect nested in them (a guard, a barrier, a task
// the work item creates, a construct that is a unit of its own, code every
// thread of a nested team runs), and the functions of the module it calls,
// followed with their dummy arguments bound to the actual ones (as the C
// front end inlines visible callees).
//
//===----------------------------------------------------------------------===//

#include "FlangOps.h"
#include "OpSemantics.h"
#include "RegionModeler.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace privateer {
namespace mlirfe {

bool RegionModeler::insideUnit(Value V) {
  Operation *Owner = V.getDefiningOp();
  if (!Owner)
    Owner = cast<BlockArgument>(V).getOwner()->getParentOp();
  if (!Owner)
    return false;
  for (const CallFrame &F : Calls)
    if (F.Callee->isAncestor(Owner))
      return true;
  if (!Body.empty())
    return llvm::any_of(Body,
                        [&](Operation *Op) { return Op->isAncestor(Owner); });
  return (ItemRoot ? ItemRoot : Unit)->isAncestor(Owner);
}

bool RegionModeler::privateMemory(Value Root) {
  // A global's address may be taken anywhere; every thread sees one.
  if (flang::isGlobal(Root))
    return false;
  Operation *Owner = Root.getDefiningOp();
  auto Arg = dyn_cast<BlockArgument>(Root);
  if (!Owner)
    Owner = Arg.getOwner()->getParentOp();
  if (!Owner)
    return false;
  // A local of a called function: made anew by each call.
  for (const CallFrame &F : Calls)
    if (F.Callee->isAncestor(Owner))
      return !(Arg && Owner == F.Callee);
  if (!Body.empty())
    return llvm::any_of(Body,
                        [&](Operation *Op) { return Op->isAncestor(Owner); });
  // The dummy arguments of an orphaned construct's function are the
  // caller's memory.
  if (Orphaned && Arg && Owner == Scope)
    return false;
  return Scope->isAncestor(Owner);
}

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

void RegionModeler::conditionsOf(Value Cond, bool Holds,
                                 std::vector<Condition> &Out, unsigned Depth) {
  Operation *D = Cond.getDefiningOp();
  if (!D || Depth > 8)
    return;
  if (flang::isConversion(D) && D->getNumOperands() == 1)
    return conditionsOf(D->getOperand(0), Holds, Out, Depth + 1);
  // `.not. c`: c xor true.
  if (auto Xor = dyn_cast<arith::XOrIOp>(D)) {
    for (int Side = 0; Side < 2; ++Side)
      if (auto One = Xor->getOperand(Side).getDefiningOp<arith::ConstantOp>())
        if (auto Int = dyn_cast<IntegerAttr>(One.getValue());
            Int && Int.getValue().isAllOnes())
          return conditionsOf(Xor->getOperand(1 - Side), !Holds, Out,
                              Depth + 1);
    return;
  }
  // a .and. b holds: both do; a .or. b fails: neither holds.
  if ((Holds && isa<arith::AndIOp>(D)) || (!Holds && isa<arith::OrIOp>(D))) {
    conditionsOf(D->getOperand(0), Holds, Out, Depth + 1);
    conditionsOf(D->getOperand(1), Holds, Out, Depth + 1);
    return;
  }
  auto Cmp = dyn_cast<arith::CmpIOp>(D);
  if (!Cmp || !Cmp.getLhs().getType().isSignlessIntOrIndex())
    return;
  Comparison Op;
  switch (Cmp.getPredicate()) {
  case arith::CmpIPredicate::eq:
    Op = Comparison::EQ;
    break;
  case arith::CmpIPredicate::ne:
    Op = Comparison::NE;
    break;
  case arith::CmpIPredicate::slt:
    Op = Comparison::LT;
    break;
  case arith::CmpIPredicate::sle:
    Op = Comparison::LE;
    break;
  case arith::CmpIPredicate::sgt:
    Op = Comparison::GT;
    break;
  case arith::CmpIPredicate::sge:
    Op = Comparison::GE;
    break;
  default:
    return; // unsigned comparisons: not what Fortran writes
  }
  if (!Holds)
    Op = negated(Op);
  Out.push_back({expr(Cmp.getLhs()), Op, expr(Cmp.getRhs())});
}

void RegionModeler::noteBranch(Operation *If, unsigned Arm, Context &C) {
  C.Conditional = true;
  auto Key = std::make_pair(If, Arm);
  C.Branch.push_back(
      BranchIds.try_emplace(Key, BranchIds.size() + 1).first->second);
  // `then` of a two-way branch holds its condition, `else` its negation.
  if ((flang::isIf(If) || isa<scf::IfOp>(If)) && Arm < 2 &&
      If->getNumOperands() >= 1 && If->getOperand(0).getType().isInteger(1))
    noteCondition(If->getOperand(0), Arm == 0, C);
}

void RegionModeler::noteUnstructured(Operation *P, Operation *Child, Context &C,
                                     std::vector<unsigned> &Path) {
  // Unstructured control flow (a `do while`, `exit`, `cycle`): a block
  // after the entry may not run, and is a branch of its own.
  Region *Holder = Child->getParentRegion();
  if (Holder->hasOneBlock() || Child->getBlock() == &Holder->front())
    return;
  if (!Dominance)
    Dominance = std::make_unique<DominanceInfo>(Unit);
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
    DominanceInfoNode *Node = Dominance->getNode(D);
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
    Path.push_back(
        BranchIds.try_emplace(Key, BranchIds.size() + 1).first->second);
  }
  if (Always == 0)
    return;
  C.Conditional = true;
  noteBlockGuards(Child->getBlock(), C);
}

void RegionModeler::noteBlockGuards(Block *B, Context &C) {
  Region *Holder = B->getParent();
  if (!Dominance)
    Dominance = std::make_unique<DominanceInfo>(Unit);
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
    DominanceInfoNode *Node = Dominance->getNode(D);
    DominanceInfoNode *IDom = Node ? Node->getIDom() : nullptr;
    D = IDom ? IDom->getBlock() : nullptr;
  }
}

void RegionModeler::noteCondition(Value Cond, bool Holds, Context &C) {
  // The comparisons the branch's work items satisfy.
  conditionsOf(Cond, Holds, C.Conditions);
  if (!Holds)
    return;
  // `if (f() == 0)` with f's body elsewhere: the branch may be one work
  // item's, which the model cannot tell.
  if (auto Cmp = Cond.getDefiningOp<arith::CmpIOp>();
      Cmp && (Cmp.getPredicate() == arith::CmpIPredicate::eq ||
              Cmp.getPredicate() == arith::CmpIPredicate::ne))
    for (Value Side : {Cmp.getLhs(), Cmp.getRhs()})
      expr(Side)->mentions([&](SymbolId S) {
        auto It = UnseenResults.find(S);
        if (It != UnseenResults.end() && C.Doubt.empty())
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
  } else if (C.Protection == Guard::None && Kind != UnitKind::Task &&
             !C.InNestedTask && oneThreadOnly(Cond)) {
    // One thread of the team runs its work items one after another (not
    // for tasks, which interleave on a thread).
    C.Protection = Guard::Single;
  }
}

RegionModeler::Context RegionModeler::contextOf(Operation *Op) {
  Context C;
  // The operations around the access up to the unit, the function being
  // followed, or the block of the creator's statements; innermost first.
  Operation *Stop = Unit;
  for (Operation *Statement : Body)
    if (Statement->isAncestor(Op) ||
        (!Calls.empty() && Statement->isAncestor(Calls.front().Call)))
      Stop = Statement->getParentOp();
  std::vector<unsigned> Inner;
  Operation *Boundary = Stop;
  Operation *Child = Op;
  for (Operation *P = Op->getParentOp();
       P && P != Stop && !isa<FunctionOpInterface>(P);
       Child = P, P = P->getParentOp()) {
    Region *Holder = Child->getParentRegion();
    if (isSequentialLoop(P) && P != Nest)
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
    if (C.Protection == Guard::None) {
      if (isa<omp::CriticalOp>(P))
        C.Protection = Guard::Critical;
      else if (isa<omp::OrderedRegionOp>(P))
        C.Protection = Guard::Ordered;
      else if (isa<omp::SingleOp, omp::MaskedOp, omp::MasterOp,
                   omp::WorkshareOp, omp::SectionsOp>(P)) {
        // A workshare's statements run once, shared out by the team with
        // the meaning of their sequential order.
        C.Protection = Guard::Single;
        if (std::optional<int64_t> T = pinnedThread(P);
            T && R.Kind == RegionKind::Replicated && !C.PinnedItem)
          C.PinnedItem = Expr::constant(*T);
      }
    }
    if (isa<omp::TaskOp>(P))
      C.InNestedTask = true;
    if (isa<omp::SectionOp>(P) && P->getParentOp() == Unit) {
      unsigned N = 1;
      for (Operation &S : Unit->getRegion(0).front()) {
        if (&S == P)
          break;
        N += isa<omp::SectionOp>(S);
      }
      C.Section = N;
    }
    Boundary = P;
  }
  (void)Boundary;
  // The unit's own region, or the followed function's body, may be
  // unstructured too.
  if (Operation *Top = Child->getParentOp();
      Top && (Top == Unit || (!Calls.empty() && isa<FunctionOpInterface>(Top))))
    noteUnstructured(Top, Child, C, Inner);
  C.Branch.assign(Inner.rbegin(), Inner.rend());
  Operation *LockScope =
      Calls.empty() ? (Body.empty() ? Unit : Stop) : Calls.back().Callee;
  C.LockHeld = heldLock(Op, LockScope);
  if (!Calls.empty()) {
    // Inside a followed function: the call's context, then this one's.
    const Context &Outer = Calls.back().AtCall;
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
    if (C.Doubt.empty())
      C.Doubt = Outer.Doubt;
    C.Conditions.insert(C.Conditions.begin(), Outer.Conditions.begin(),
                        Outer.Conditions.end());
  }
  if (Statement)
    C.Section = Statement;
  return C;
}

bool RegionModeler::visitNested(Operation *Op) {
  if (isa<omp::BarrierOp>(Op)) {
    ++Phase; // accesses after it never race with those before it
    return true;
  }
  bool Replicated = R.Kind == RegionKind::Replicated;
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
  Operation *OwnTeam = Replicated ? Unit : enclosingTeam(Unit);
  bool BoundHere = !Team || Team == OwnTeam;
  bool OwnUnit = (unitKind(Op) == UnitKind::Worksharing && BoundHere) ||
                 isa<omp::TeamsOp>(Op) ||
                 (isa<omp::SectionsOp>(Op) && !Replicated && BoundHere) ||
                 (isa<omp::TaskOp>(Op) && Kind == UnitKind::Task);
  if (OwnUnit) {
    if (Replicated && endsWithBarrier(Op))
      ++Phase;
    return true;
  }
  // Code one thread runs (single, a section), or the team shares out
  // (workshare): walked with their guard (see contextOf), then the barrier
  // at their end.
  if (isa<omp::SingleOp, omp::WorkshareOp, omp::SectionsOp>(Op)) {
    collectUpdates(Op);
    walkRegions(Op);
    if (Replicated && endsWithBarrier(Op))
      ++Phase;
    return true;
  }
  // A task created by the work item, a nested team (its accesses are this
  // work item's), simd lanes, guards: walked as the work item's code.
  return false;
}

bool RegionModeler::inlineCall(Operation *Call) {
  Operation *Callee = visibleCallee(Call);
  if (!Callee)
    return false;
  // Deeper than we look, or recursion (whose locals are other objects).
  auto Own = Unit->getParentOfType<FunctionOpInterface>();
  if (Calls.size() >= MaxCallDepth || Callee == Own.getOperation() ||
      llvm::any_of(Calls,
                   [&](const CallFrame &F) { return F.Callee == Callee; }))
    return false;
  auto Fn = cast<FunctionOpInterface>(Callee);
  Block &Entry = Fn.getFunctionBody().front();
  if (Entry.getNumArguments() != Call->getNumOperands())
    return false;
  Context AtCall = contextOf(Call);
  Calls.push_back({Call, Callee, std::move(AtCall)});
  for (unsigned K = 0; K < Entry.getNumArguments(); ++K)
    Bindings[Entry.getArgument(K)] = Call->getOperand(K);
  collectUpdates(Callee);
  walkRegions(Callee);
  forgetCallee(Callee);
  for (unsigned K = 0; K < Entry.getNumArguments(); ++K)
    Bindings.erase(Entry.getArgument(K));
  Calls.pop_back();
  return true;
}

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

void RegionModeler::collectFlushed() {
  // Flags handed between threads with `flush` or atomic reads (a "done"
  // flag a consumer polls, a failure flag that stops the others) order
  // the accesses around them by a protocol the model does not follow:
  // prefer silence to a report on code that is correct in practice. The
  // team's whole body is looked at, as the hand-off's two sides may be in
  // different constructs.
  Operation *Where = Body.empty() ? Unit : Body.front()->getParentOp();
  if (Operation *Team = enclosingTeam(Unit); Team && Body.empty())
    Where = Team;
  bool Bare = false;
  llvm::SmallVector<Operation *> Polls;
  Where->walk([&](Operation *Op) {
    if (auto Flush = dyn_cast<omp::FlushOp>(Op)) {
      for (Value V : Flush.getVarList())
        Ordered.push_back(rootOf(V));
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
  SpinsOnFlag = llvm::any_of(
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
        OnlyConstants.try_emplace(rootOf(Stored->second), Constant);
    if (!New)
      It->second &= Constant;
  });
  for (auto &[Root, Flag] : OnlyConstants)
    if (Flag)
      Ordered.push_back(Root);
}

void RegionModeler::walkRegions(Operation *Op) {
  for (Region &Rg : Op->getRegions())
    for (Block &B : Rg)
      for (Operation &X : B)
        walk(&X);
}

void RegionModeler::walk(Operation *Op) {
  if (visitNested(Op))
    return;
  if (inlineCall(Op)) {
    R.MakesCalls = true;
    return;
  }
  // The distributed loop nest's variables are the work items' already.
  if (Op != Nest)
    registerInnerLoops(Op);
  visit(Op);
  walkRegions(Op);
}

} // namespace mlirfe
} // namespace privateer
