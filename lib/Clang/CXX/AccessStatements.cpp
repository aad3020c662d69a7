//===- AccessStatements.cpp - Statements and branches ---------------------===//
//
// Part of privateer. The access walk's statements (AccessWalker):
// compound statements and declarations (their lock spans and lock guards
// SyncTracker counts), while, do, switch and jumps, and if statements with
// what their conditions say (a null lock pointer, a team of one, the one
// thread or the one work item a branch runs on).
//
//===----------------------------------------------------------------------===//

#include "AccessQueries.h"

#include "RegionContext.h"
#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/StmtWalk.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace privateer {
namespace clangfe {

using namespace accessquery;

void AccessWalker::visitStmt(const Stmt *S) {
  if (!S)
    return;
  if (const auto *E = dyn_cast<Expr>(S)) {
    visitExpr(E, AccessKind::Read, /*ValueUsed=*/false);
    return;
  }
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return visitCompound(CS);
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        visitDecl(V);
    return;
  }
  if (const auto *If = dyn_cast<IfStmt>(S))
    return visitIf(If);
  if (const auto *F = dyn_cast<ForStmt>(S))
    return visitFor(F);
  if (const auto *F = dyn_cast<CXXForRangeStmt>(S))
    return visitRangeFor(F);
  // A directive, a guard, a barrier: what it means is the model's.
  if (State.Semantics.visitNested(S, Ctx.Sync))
    return;
  if (const auto *W = dyn_cast<WhileStmt>(S))
    return visitWhile(W);
  if (const auto *Sw = dyn_cast<SwitchStmt>(S))
    return visitSwitch(Sw);
  if (isa<ReturnStmt, BreakStmt, ContinueStmt, GotoStmt, IndirectGotoStmt>(S))
    return visitJump(S);
  if (const auto *CS = dyn_cast<CapturedStmt>(S))
    return visitStmt(CS->getCapturedStmt());
  if (const auto *Do = dyn_cast<DoStmt>(S))
    return visitDo(Do);
  // Control can reach a label or a case without what came before it on its
  // path: a new epoch.
  if (isa<SwitchCase>(S) || isa<LabelStmt>(S))
    ++State.LabelEpoch;
  // labels, case, attributed statements, try blocks...
  for (const Stmt *Child : S->children())
    visitStmt(Child);
}

void AccessWalker::visitWhile(const WhileStmt *W) {
  if (const VarDecl *CV = W->getConditionVariable())
    visitDecl(CV);
  visitExpr(W->getCond(), AccessKind::Read, true);
  bool Saved = State.InConditional;
  State.InConditional = true;
  State.LoopBodies.insert(State.NextBranch);
  State.BranchPath.push_back(State.NextBranch++);
  ++State.LoopDepth;
  PhaseMark Before = Ctx.Sync.phaseMark();
  visitStmt(W->getBody());
  Ctx.Sync.noteBranchEnd(W->getBody());
  Ctx.Sync.joinPhases(
      {Before, Ctx.Sync.phaseMark()}); // (it may run zero times)
  --State.LoopDepth;
  State.BranchPath.pop_back();
  State.InConditional = Saved;
}

void AccessWalker::visitSwitch(const SwitchStmt *Sw) {
  visitStmt(Sw->getInit());
  visitExpr(Sw->getCond(), AccessKind::Read, true);
  bool Saved = State.InConditional;
  State.InConditional = true;
  State.SwitchBodies.insert(State.NextBranch);
  State.BranchPath.push_back(State.NextBranch++);
  PhaseMark Before = Ctx.Sync.phaseMark();
  visitStmt(Sw->getBody());
  Ctx.Sync.joinPhases(
      {Before, Ctx.Sync.phaseMark()}); // (a case may skip any of it)
  State.BranchPath.pop_back();
  State.InConditional = Saved;
}

void AccessWalker::visitJump(const Stmt *S) {
  if (const auto *Ret = dyn_cast<ReturnStmt>(S)) {
    if (Ret->getRetValue())
      visitExpr(Ret->getRetValue(), AccessKind::Read, true);
    // What follows a return in the function runs only on paths that did not
    // take it.
    State.AfterReturn = true;
    Ctx.Sync.noteExit(State.FunctionBranchDepth.empty()
                          ? 0
                          : State.FunctionBranchDepth.back());
    return;
  }
  if (isa<BreakStmt>(S) || isa<ContinueStmt>(S)) {
    // Out of the branches up to the innermost loop's body (or switch's).
    size_t Depth = State.BranchPath.size();
    while (Depth > 0 && !State.LoopBodies.count(State.BranchPath[Depth - 1]) &&
           !(isa<BreakStmt>(S) &&
             State.SwitchBodies.count(State.BranchPath[Depth - 1])))
      --Depth;
    Ctx.Sync.noteExit(Depth ? Depth - 1 : 0);
    return;
  }
  // goto, indirect goto
  Ctx.Sync.noteExit(0);
}

void AccessWalker::visitDo(const DoStmt *Do) {
  ++State.LoopDepth;
  State.LoopBodies.insert(State.NextBranch);
  State.BranchPath.push_back(
      State.NextBranch++); // (a loop body is a branch too)
  visitStmt(Do->getBody());
  State.BranchPath.pop_back();
  visitExpr(Do->getCond(), AccessKind::Read, true);
  --State.LoopDepth;
}

void AccessWalker::visitCompound(const CompoundStmt *CS) {
  unsigned SavedLock = State.LockDepth;
  size_t SavedConditions = State.PathConditions.size();
  bool SavedConditional = State.InConditional;
  // (Control can enter at a label or a case without the tests before it.)
  bool Straight = llvm::none_of(
      CS->body(), [](const Stmt *S) { return isa<LabelStmt, SwitchCase>(S); });
  for (const Stmt *Child : CS->body()) {
    if (Ctx.Sync.noteLockStatement(Child, SavedLock))
      continue;
    visitStmt(Child);
    // What the code states there (`assert(e)`, `__builtin_assume(e)`)
    // holds on the paths through the rest of the block, and so does the
    // negation of a test that leaves it (`if (i != 0) continue;`).
    // (`if (!e) return;` is a branch here, not a statement: the work
    // items that return skip the rest, and so it is conditional.)
    if (const Expr *Cond = skipsRestOfBlockIf(Child)) {
      if (Straight) {
        Ctx.Facts.conditionsOf(Cond, false, State.PathConditions);
        State.InConditional = true;
      }
    } else {
      Ctx.Facts.conditionsAfter(Child, State.PathConditions);
    }
  }
  // Guards declared in this block are released at its end, and what it
  // stated or tested holds no longer.
  State.LockDepth = SavedLock;
  State.PathConditions.resize(SavedConditions);
  State.InConditional = SavedConditional;
}

void AccessWalker::visitDecl(const VarDecl *V) {
  if (Ctx.Sync.noteLockGuard(V))
    return;
  const Expr *Init = V->getInit();
  if (!Init)
    return;
  if (V->getType()->isReferenceType()) {
    // `double &r = a[i];` names that element from now on; `auto &m =
    // outer[k];` of a map inserts k first.
    State.Aliases[V] = Ctx.Targets.resolveLValue(Init);
    if (mapSubscript(Init))
      State.MapElementRefs.insert(V);
    visitIndices(Init);
    return;
  }
  visitExpr(Init, AccessKind::Read, true);
  Ctx.Allocations.noteAllocation(V, Init);
}

void AccessWalker::noteConditionalMinMax(const IfStmt *If) {
  const Expr *Cond = If->getCond();
  // `if (v > m) m = v;` is a max update of m (and `<` a min update).
  const Stmt *Then = If->getThen();
  if (const auto *C = dyn_cast_or_null<CompoundStmt>(Then))
    if (C->size() == 1)
      Then = C->body_front();
  const auto *Cmp = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  const auto *Assign =
      dyn_cast_or_null<BinaryOperator>(dyn_cast_or_null<Expr>(Then));
  if (Cmp && Assign && Assign->getOpcode() == BO_Assign &&
      Cmp->isRelationalOp() && !If->getElse()) {
    const Expr *L = Cmp->getLHS(), *Rt = Cmp->getRHS();
    bool Greater = Cmp->getOpcode() == BO_GT || Cmp->getOpcode() == BO_GE;
    std::string LHS = Ctx.Exprs.spell(Assign->getLHS()),
                RHS = Ctx.Exprs.spell(Assign->getRHS());
    // v > m, m = v  => max;  v < m, m = v  => min;  and mirrored.
    if (LHS == Ctx.Exprs.spell(Rt) && RHS == Ctx.Exprs.spell(L))
      State.PendingConditionalOp =
          Greater ? ReductionOp::Max : ReductionOp::Min;
    else if (LHS == Ctx.Exprs.spell(L) && RHS == Ctx.Exprs.spell(Rt))
      State.PendingConditionalOp =
          Greater ? ReductionOp::Min : ReductionOp::Max;
    if (State.PendingConditionalOp != ReductionOp::None)
      State.PendingConditionalLHS = Assign->getLHS();
  }
}

void AccessWalker::visitIf(const IfStmt *If) {
  visitStmt(If->getInit());
  if (const VarDecl *CV = If->getConditionVariable())
    visitDecl(CV);
  const Expr *Cond = If->getCond();
  visitExpr(Cond, AccessKind::Read, true);
  // A test of a lock pointer: the branch taken without a lock is the serial
  // path (nothing runs beside it), the other one is what runs in parallel;
  // unless the caller's argument says which one runs (a null lock passed
  // in parallel code: every thread takes the unlocked path).
  if (auto Test = testsLockPointer(Cond, State.AST)) {
    bool Null = Ctx.Follower.knownNull(Test->Pointer).value_or(false);
    visitStmt(Test->HoldsWhenNull == Null ? If->getThen() : If->getElse());
    return;
  }

  bool SavedCond = State.InConditional;
  bool ConditionalHere = State.InConditional || State.AfterReturn;
  BranchGuards Saved = Ctx.Sync.enterBranch(Cond);

  noteConditionalMinMax(If);
  size_t ThenBegin = State.R.Accesses.size();
  State.BranchPath.push_back(State.NextBranch++);
  size_t SavedConditions = State.PathConditions.size();
  Ctx.Facts.conditionsOf(Cond, true, State.PathConditions);
  PhaseMark Before = Ctx.Sync.phaseMark();
  visitStmt(If->getThen());
  Ctx.Sync.noteBranchEnd(If->getThen());
  PhaseMark ThenEnd = Ctx.Sync.phaseMark();
  Ctx.Sync.resetPhase(Before);
  State.PathConditions.resize(SavedConditions);
  State.BranchPath.back() = State.NextBranch++;
  size_t ElseBegin = State.R.Accesses.size();
  if (If->getElse())
    Ctx.Facts.conditionsOf(Cond, false, State.PathConditions);
  State.PendingConditionalOp = ReductionOp::None;
  State.PendingConditionalLHS = nullptr;
  Ctx.Sync.restoreGuards(Saved);
  State.InConditional = true;
  visitStmt(If->getElse());
  State.PathConditions.resize(SavedConditions);
  if (If->getElse())
    Ctx.Sync.noteBranchEnd(If->getElse());
  Ctx.Sync.joinPhases({ThenEnd, Ctx.Sync.phaseMark()});
  State.BranchPath.pop_back();
  State.InConditional = SavedCond;
  if (If->getElse())
    hoistWritesOnBothArms(ThenBegin, ElseBegin, ConditionalHere);
}

void AccessWalker::hoistWritesOnBothArms(size_t ThenBegin, size_t ElseBegin,
                                         bool ConditionalHere) {
  // A write made on both paths (`if (c) t = 1; else t = 2;`) is made
  // where the `if` is: as unconditionally as the `if` itself runs, on its
  // branch path and under its conditions. Only one made by the arm itself:
  // a write under a further branch of an arm (`if (c) { if (d) t = 1; }
  // else t = 2;`) leaves a path without it.
  auto InArm = [&](const Access &A) {
    return A.Branch.size() == State.BranchPath.size() + 1;
  };
  for (size_t T = ThenBegin; T < ElseBegin; ++T)
    for (size_t E = ElseBegin; E < State.R.Accesses.size(); ++E) {
      Access &X = State.R.Accesses[T], &Y = State.R.Accesses[E];
      if (X.Kind == AccessKind::Write && Y.Kind == AccessKind::Write &&
          X.BufferIndex == Y.BufferIndex && !X.SingleWorkItem &&
          !Y.SingleWorkItem && InArm(X) && InArm(Y) &&
          equalIndex(X.Index, Y.Index)) {
        X.Conditional = Y.Conditional = ConditionalHere;
        X.Branch = Y.Branch = State.BranchPath;
        X.Conditions = Y.Conditions = State.PathConditions;
      }
    }
}

} // namespace clangfe
} // namespace privateer
