//===- SyncTracker.cpp - Barriers, guards, tasks and phases ---------------===//
//
// Part of privateer. What orders the accesses of the access walk: the
// team's barriers and the phases they separate (with the exits and the ends
// of branches that decide how many a path passed), guarded code (critical,
// atomic, locks, master, single; code only one thread runs), nested tasks
// and their scheduling points, child tasks and worksharing loops nested in
// the work item. The model's nested statements reach it as a
// NestedCodeVisitor.
//
//===----------------------------------------------------------------------===//

#include "SyncTracker.h"
#include "AccessQueries.h"
#include "RegionContext.h"

#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/StmtWalk.h"
#include "privateer/Clang/Handles.h"
#include "privateer/Clang/SourceLoc.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace privateer {
namespace clangfe {

using namespace accessquery;

namespace {
/// \p S can leave by a jump the walk does not follow (goto, throw).
bool jumpsAway(const Stmt *S) {
  if (!S || isa<LambdaExpr>(S) || isa<BlockExpr>(S))
    return false;
  if (isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) || isa<CXXThrowExpr>(S) ||
      isa<CoreturnStmt>(S))
    return true;
  return llvm::any_of(S->children(), jumpsAway);
}
} // namespace

void SyncTracker::visit(const Stmt *S) { Ctx.Walker.visitStmt(S); }

void SyncTracker::noteExit(size_t Depth) {
  // (A return of a called function leaves that function only.)
  if (Depth == 0 && State.InlineStack.empty())
    State.LeftWorkItem = true;
  for (size_t K = Depth; K < State.BranchPath.size(); ++K) {
    auto [It, New] =
        State.ExitPhases.try_emplace(State.BranchPath[K], State.Phase);
    if (!New)
      It->second = std::min(It->second, State.Phase);
  }
}

void SyncTracker::noteBranchEnd(const Stmt *Branch) {
  if (State.BranchPath.empty() || !Branch || jumpsAway(Branch))
    return;
  // The fewest barriers passed on a way out: its end, a break, a continue
  // or a return.
  unsigned Id = State.BranchPath.back(), Fewest = State.Phase;
  if (auto It = State.ExitPhases.find(Id); It != State.ExitPhases.end())
    Fewest = std::min(Fewest, It->second);
  State.R.BranchEndPhase[Id] = Fewest;
}

void SyncTracker::joinPhases(std::initializer_list<PhaseMark> Ends) {
  unsigned Fewest = ~0u, Most = 0;
  for (const PhaseMark &M : Ends) {
    Fewest = std::min(Fewest, M.Phase);
    Most = std::max(Most, M.Possible);
  }
  bool Same = llvm::all_of(
      Ends, [&](const PhaseMark &M) { return M == *Ends.begin(); });
  State.Phase = Fewest;
  // A count no path through the arms reached: what follows may or may not
  // be past a barrier of some arm.
  State.PossibleBarriers = Same ? Most : Most + 1;
}

void SyncTracker::barrier() {
  // After a return in a called function, only paths that did not take it
  // reach the barrier.
  if (State.AfterReturn)
    ++State.PossibleBarriers;
  else
    ++State.Phase;
}

void SyncTracker::notePossibleBarrier(const CallExpr *Call) {
  // Only a team's replicated code meets the team's barriers; none may be in
  // a task, a critical section or code one thread runs.
  if (State.Spec.Kind != RegionKind::Replicated || State.InNestedTask ||
      State.CurrentGuard != Guard::None)
    return;
  if (State.Semantics.callMayHoldBarrier(Call))
    ++State.PossibleBarriers;
}

bool SyncTracker::oneThreadOnly(const Expr *Cond) {
  Cond = Cond->IgnoreParenImpCasts();
  const auto *BO = dyn_cast<BinaryOperator>(Cond);
  if (!BO)
    return false;
  if (BO->getOpcode() == BO_LAnd)
    return oneThreadOnly(BO->getLHS()) || oneThreadOnly(BO->getRHS());
  // `tid == 1 || nthreads == 1`: in a team of one its only thread, in a
  // larger team the one thread the other side selects.
  if (BO->getOpcode() == BO_LOr)
    return (teamOfOneTest(BO->getLHS()) && oneThreadOnly(BO->getRHS())) ||
           (teamOfOneTest(BO->getRHS()) && oneThreadOnly(BO->getLHS()));
  if (BO->getOpcode() != BO_EQ)
    return false;
  // `omp_get_num_threads() == 1`: the serial path of a team of one.
  if (teamOfOneTest(BO))
    return true;
  const Expr *L = BO->getLHS(), *Rt = BO->getRHS();
  // `tid == k`, `tid == nthreads - 1`: one thread of the team.
  return (Ctx.Exprs.isThreadIdValue(L) &&
          Ctx.Exprs.isWorkItemInvariant(Ctx.Exprs.translate(Rt))) ||
         (Ctx.Exprs.isThreadIdValue(Rt) &&
          Ctx.Exprs.isWorkItemInvariant(Ctx.Exprs.translate(L)));
}

bool SyncTracker::teamOfOneTest(const Expr *Cond) {
  const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!BO || BO->getOpcode() != BO_EQ)
    return false;
  // The team size, as a call or a local that holds one.
  auto IsTeamCount = [&](const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && V->getInit() && !State.Modified.count(V))
        E = V->getInit()->IgnoreParenImpCasts();
    const auto *Call = dyn_cast<CallExpr>(E);
    return Call && isKnown(Call, TeamCount);
  };
  auto IsOne = [&](const Expr *E) {
    Expr::EvalResult V;
    return !E->isValueDependent() && E->EvaluateAsInt(V, State.AST) &&
           V.Val.getInt() == 1;
  };
  const Expr *L = BO->getLHS(), *Rt = BO->getRHS();
  return (IsTeamCount(L) && IsOne(Rt)) || (IsTeamCount(Rt) && IsOne(L));
}

void SyncTracker::visitGuarded(const Stmt *S, Guard G,
                               std::optional<int64_t> Thread,
                               std::optional<std::string> Critical) {
  Guard Saved = State.CurrentGuard;
  std::optional<int64_t> SavedThread = State.GuardThread;
  if (G != Guard::None && State.CurrentGuard == Guard::None)
    State.CurrentGuard = G;
  if (Thread && !State.GuardThread)
    State.GuardThread = Thread;
  // (Every critical section around the access counts: one inside another
  // excludes what either name excludes.)
  if (Critical)
    State.Criticals.push_back(*Critical);
  Ctx.Walker.visitStmt(S);
  if (Critical)
    State.Criticals.pop_back();
  State.CurrentGuard = Saved;
  State.GuardThread = SavedThread;
}

void SyncTracker::visitAssuming(const Stmt *S,
                                llvm::ArrayRef<const Expr *> Holds) {
  size_t Saved = State.PathConditions.size();
  for (const Expr *H : Holds)
    Ctx.Facts.conditionsOf(H, true, State.PathConditions);
  for (size_t I = Saved; I < State.PathConditions.size(); ++I)
    State.PathConditions[I].Stated = true;
  Ctx.Walker.visitStmt(S);
  State.PathConditions.resize(Saved);
}

void SyncTracker::visitNestedTask(const Stmt *S) {
  bool Saved = State.InNestedTask;
  State.InNestedTask = true;
  Ctx.Walker.visitStmt(S);
  State.InNestedTask = Saved;
}

void SyncTracker::childTasks(const Stmt *TaskBody) {
  State.R.CreatesChildTasks = true;
  State.R.ChildTasksUseThreadId |= Ctx.Facts.mayUseThreadId(TaskBody, 0);
  State.ThreadIdWalked.clear();
  State.R.ChildTasksSeenUsingThreadId |=
      Ctx.Facts.mayUseThreadId(TaskBody, 0, /*Unseen=*/false);
}

void SyncTracker::worksharingLoop(const Stmt *Body) {
  if (State.R.Kind != RegionKind::Replicated || !Body)
    return;
  // `ws[k] = ...`, `ws[k] += ...`, `*ws = ...`, `ws[k]++` on a variable
  // holding one of this work item's blocks.
  auto Block = [&](const Expr *Target) -> const VarDecl * {
    Target = Target->IgnoreParenImpCasts();
    const Expr *Base = nullptr;
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Target))
      Base = AS->getBase();
    else if (const auto *UO = dyn_cast<UnaryOperator>(Target);
             UO && UO->getOpcode() == UO_Deref)
      Base = UO->getSubExpr();
    const auto *DRE =
        Base ? dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts()) : nullptr;
    return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  };
  auto Written = [&](const Stmt *S) -> const Expr * {
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp())
      return BO->getLHS();
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && UO->isIncrementDecrementOp())
      return UO->getSubExpr();
    return nullptr;
  };
  // Whether \p S writes through the pointer \p P.
  auto WritesThrough = [&](const Stmt *S, const VarDecl *P) {
    return walkStmts(
        S,
        [&](const Stmt *X) {
          const Expr *Target = Written(X);
          return Target && Block(Target) == P ? WalkStep::Interrupt
                                              : WalkStep::Advance;
        },
        CapturedChildren::Captures);
  };
  auto Mark = [&](const VarDecl *V, SourceLocation At) {
    auto It = V ? State.AllocationsOf.find(V) : State.AllocationsOf.end();
    if (It == State.AllocationsOf.end())
      return;
    for (size_t K : It->second)
      if (State.R.Allocations[K].PerThread &&
          !State.R.Allocations[K].WrittenInNestedLoop.valid())
        State.R.Allocations[K].WrittenInNestedLoop = toLoc(At);
  };
  auto Visit = [&](const Stmt *S) {
    if (const Expr *Target = Written(S))
      Mark(Block(Target), Target->getBeginLoc());
    // A block handed to a function of the unit that writes through it
    // (`step(ws, x, i)`), one call deep.
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Def = nullptr;
      if (const FunctionDecl *FD = Call->getDirectCallee();
          FD && FD->hasBody(Def) && Def &&
          !isSystemFunction(Def, State.AST.getSourceManager()) &&
          Def->getNumParams() == Call->getNumArgs())
        for (unsigned K = 0; K < Call->getNumArgs(); ++K) {
          const auto *Arg =
              dyn_cast<DeclRefExpr>(Call->getArg(K)->IgnoreParenImpCasts());
          const auto *V = Arg ? dyn_cast<VarDecl>(Arg->getDecl()) : nullptr;
          if (V && State.AllocationsOf.count(V) &&
              WritesThrough(Def->getBody(), Def->getParamDecl(K)))
            Mark(V, Call->getBeginLoc());
        }
    }
  };
  forEachStmt(Body, Visit, CapturedChildren::Captures);
}

void SyncTracker::schedulingPoint(SourceLocation Where, const char *What) {
  // Every unit runs in a task, explicit or implicit: what its thread may
  // run while it waits decides about its thread-indexed slots.
  SchedulingPoint P;
  P.Where = toLoc(Where);
  P.What = What;
  P.Order = State.NextOrder++;
  State.R.SchedulingPoints.push_back(std::move(P));
}

bool SyncTracker::noteLockStatement(const Stmt *S, unsigned BlockLockDepth) {
  int Effect = lockEffect(S, State.AST);
  if (!Effect)
    return false;
  // (`if (lk) omp_set_lock(lk);` takes no lock where the caller passes
  // none.)
  const auto *If = dyn_cast<IfStmt>(S);
  auto Test = If ? testsLockPointer(If->getCond(), State.AST) : std::nullopt;
  if (Test && Ctx.Follower.knownNull(Test->Pointer).value_or(false))
    return true;
  if (Effect > 0)
    ++State.LockDepth;
  else if (State.LockDepth > BlockLockDepth)
    --State.LockDepth;
  return true;
}

bool SyncTracker::noteLockGuard(const VarDecl *V) {
  if (!isLockGuardType(V->getType()))
    return false;
  ++State.LockDepth; // released when the enclosing block ends
  return true;
}

BranchGuards SyncTracker::enterBranch(const Expr *Cond) {
  BranchGuards Saved{State.InSingleItem, State.PinnedItem, State.CurrentGuard};
  if (ExprRef Pinned = Ctx.Facts.singleWorkItemValue(Cond)) {
    State.InSingleItem = true;
    if (!State.PinnedItem)
      State.PinnedItem = Pinned;
    return Saved;
  }
  State.InConditional = true;
  // Code only one thread of the team runs (`if (omp_get_thread_num() ==
  // 1)` in a worksharing loop) runs its work items one after the other:
  // among themselves they cannot race. (Tasks on one thread can
  // interleave, so not for tasks.)
  if (State.CurrentGuard == Guard::None && State.R.Kind != RegionKind::Tasks &&
      !State.InNestedTask && oneThreadOnly(Cond))
    State.CurrentGuard = Guard::Single;
  return Saved;
}

void SyncTracker::restoreGuards(const BranchGuards &Saved) {
  State.InSingleItem = Saved.InSingleItem;
  State.PinnedItem = Saved.PinnedItem;
  State.CurrentGuard = Saved.CurrentGuard;
}

} // namespace clangfe
} // namespace privateer
