//===- AccessLoops.cpp - Loops of the access walk -------------------------===//
//
// Part of privateer. The access walk's loops (AccessWalker): for and
// range-for loops, their symbols and the conditions of a step known only at
// run time, and the iterators they bind. (Exits, barriers and their phases,
// guarded statements and tasks are SyncTracker.cpp's.)
//
//===----------------------------------------------------------------------===//

#include "AccessQueries.h"

#include "LoopShape.h"
#include "RegionContext.h"
#include "TypeValues.h"
#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/StmtWalk.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace privateer {
namespace clangfe {

using namespace accessquery;

namespace {
/// The loop body \p S can end its loop before the loop variable has run
/// through its range, or skip the rest of an iteration: a break or continue
/// of this loop, a return, goto or throw. (A break of a nested loop or
/// switch, and anything inside a lambda, stays local.)
bool mayLeaveEarly(const Stmt *S, bool InNestedLoop = false,
                   bool InSwitch = false) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S) || isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) ||
      isa<CXXThrowExpr>(S) || isa<CoreturnStmt>(S))
    return true;
  if (isa<BreakStmt>(S))
    return !InNestedLoop && !InSwitch;
  if (isa<ContinueStmt>(S))
    return !InNestedLoop;
  if (isa<LambdaExpr>(S) || isa<BlockExpr>(S))
    return false;
  bool Loop = isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
              isa<CXXForRangeStmt>(S);
  bool Switch = isa<SwitchStmt>(S);
  for (const Stmt *Child : S->children())
    if (mayLeaveEarly(Child, InNestedLoop || Loop, InSwitch || Switch))
      return true;
  return false;
}
} // namespace

namespace {
/// The loop's header says it runs its body at least once (constant bounds).
bool runsAtLeastOnce(const LoopShape &L, const ASTContext &Ctx) {
  Expr::EvalResult First, Bound;
  if (!L.Init || !L.Bound || L.Init->isValueDependent() ||
      L.Bound->isValueDependent() || !L.Init->EvaluateAsInt(First, Ctx) ||
      !L.Bound->EvaluateAsInt(Bound, Ctx))
    return false;
  llvm::APSInt A = First.Val.getInt(), B = Bound.Val.getInt();
  if (A.getBitWidth() != B.getBitWidth() || A.isSigned() != B.isSigned())
    return false;
  switch (L.Cmp) {
  case BO_LT:
    return A < B;
  case BO_LE:
    return A <= B;
  case BO_GT:
    return A > B;
  case BO_GE:
    return A >= B;
  case BO_NE:
    return A != B;
  default:
    return false;
  }
}
} // namespace

namespace {
/// Whether \p S names one of the variables in \p Vars.
bool mentionsAny(const Stmt *S,
                 const llvm::SmallPtrSetImpl<const VarDecl *> &Vars) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && Vars.count(V))
      return true;
  for (const Stmt *Child : S->children())
    if (mentionsAny(Child, Vars))
      return true;
  return false;
}
} // namespace

void AccessWalker::runtimeStepConditions(const LoopShape &L, SymbolId Var,
                                         const ExprRef &Step) {
  // i = start + Step * k for a count k >= 0 of steps taken, and Step >= 1
  // (a loop `i < n; i += s` entered with s < 1 never ends). The symbol of
  // i keeps the step-1 range around those values for the analyses that
  // read ranges; the conditions give the solver the lattice.
  State.R.Symbols[Var].RuntimeStep = Step;
  Symbol K;
  K.Name = "steps of " + L.Var->getNameAsString();
  K.Kind = SymbolKind::InnerLoop;
  K.Min = SymExpr::constant(0);
  ExprRef Steps = SymExpr::symbol(State.R.addSymbol(std::move(K)));
  ExprRef Start = State.R.symbol(Var).Min;
  if (!Start)
    return;
  State.PathConditions.push_back({Step, Comparison::GE, SymExpr::constant(1)});
  State.PathConditions.push_back(
      {SymExpr::symbol(Var), Comparison::EQ,
       SymExpr::binary(ExprKind::Add, Start,
                       SymExpr::binary(ExprKind::Mul, Step, Steps))});
}

void AccessWalker::visitFor(const ForStmt *F) {
  visitStmt(F->getInit());
  auto Shape = matchForLoop(F, State.AST, /*RuntimeStep=*/true);
  if (Shape) {
    // A variable the body changes (`j++` inside) leaves its header's
    // range: it is an unknown value, not a loop variable. So does one
    // whose step the body changes.
    llvm::SmallPtrSet<const VarDecl *, 8> InBody;
    Ctx.Assembler.collectModified(F->getBody(), InBody);
    if (InBody.count(Shape->Var) ||
        (Shape->StepExpr && mentionsAny(Shape->StepExpr, InBody)))
      Shape.reset();
  }
  ExprRef RuntimeStep;
  if (Shape && Shape->StepExpr) {
    // The step must be one value for the whole loop that the model can
    // name (a size, the team's size); a value it cannot see per work item
    // leaves the variable unknown.
    RuntimeStep = Ctx.Exprs.translate(Shape->StepExpr);
    if (RuntimeStep->mentions([&](SymbolId S) {
          const Symbol &Sym = State.R.symbol(S);
          return Sym.Kind == SymbolKind::Opaque && Sym.IterationDependent;
        }))
      Shape.reset();
  }
  if (!Shape)
    bindIterator(F, SymbolKind::InnerLoop);
  std::optional<SymbolId> Previous;
  const Stmt *PreviousScope = nullptr;
  if (Shape) {
    if (auto It = State.Symbols.find(Shape->Var); It != State.Symbols.end())
      Previous = It->second;
    PreviousScope = State.SymbolScope.lookup(Shape->Var);
    State.Symbols[Shape->Var] =
        Ctx.Exprs.symbolForLoop(*Shape, SymbolKind::InnerLoop);
    State.SymbolScope[Shape->Var] = F;
  }
  size_t SavedConditions = State.PathConditions.size();
  if (Shape && Shape->StepExpr)
    runtimeStepConditions(*Shape, State.Symbols[Shape->Var], RuntimeStep);
  ++State.LoopDepth;
  if (F->getCond())
    visitExpr(F->getCond(), AccessKind::Read, true);
  if (Shape && !mayLeaveEarly(F->getBody()))
    State.R.CompleteLoops[State.NextBranch] = State.Symbols[Shape->Var];
  State.LoopBodies.insert(State.NextBranch);
  State.BranchPath.push_back(State.NextBranch++); // a body may run zero times
  PhaseMark Before = Ctx.Sync.phaseMark();
  visitStmt(F->getBody());
  Ctx.Sync.noteBranchEnd(F->getBody());
  if (!Shape || !runsAtLeastOnce(*Shape, State.AST))
    Ctx.Sync.joinPhases({Before, Ctx.Sync.phaseMark()});
  State.BranchPath.pop_back();
  if (F->getInc())
    visitExpr(F->getInc(), AccessKind::Read, false);
  --State.LoopDepth;
  State.PathConditions.resize(SavedConditions);
  if (Shape) {
    if (Previous)
      State.Symbols[Shape->Var] = *Previous;
    else
      State.Symbols.erase(Shape->Var);
    if (PreviousScope)
      State.SymbolScope[Shape->Var] = PreviousScope;
    else
      State.SymbolScope.erase(Shape->Var);
  }
}

std::optional<SymbolId> AccessWalker::bindIterator(const ForStmt *F,
                                                   SymbolKind Kind) {
  // `for (auto it = v.begin(); ...; ++it)` or `for (T *p = a; ...; ++p)`:
  // the iterator walks the elements of one buffer.
  const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit());
  const auto *V = DS && DS->isSingleDecl()
                      ? dyn_cast<VarDecl>(DS->getSingleDecl())
                      : nullptr;
  const Expr *Inc = F->getInc() ? F->getInc()->IgnoreParenImpCasts() : nullptr;
  bool Forward = false;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc))
    Forward = UO->isIncrementOp();
  else if (const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(Inc))
    Forward = OC->getOperator() == OO_PlusPlus;
  if (!V || !V->getInit() || !Forward)
    return std::nullopt;
  llvm::SmallPtrSet<const VarDecl *, 8> InBody;
  Ctx.Assembler.collectModified(F->getBody(), InBody);
  if (InBody.count(V))
    return std::nullopt;
  const Expr *Init = V->getInit()->IgnoreImplicit();
  if (const auto *CE = dyn_cast<CXXConstructExpr>(Init);
      CE && CE->getNumArgs() == 1)
    Init = CE->getArg(0)->IgnoreImplicit();
  auto T = Ctx.Targets.resolvePointer(Init);
  if (!T || T->Scalar || T->Index.empty())
    return std::nullopt;
  Symbol S;
  S.Name = V->getNameAsString();
  S.Kind = Kind;
  S.Min = SymExpr::constant(0);
  SymbolId Id = State.R.addSymbol(std::move(S));
  T->Index.back() =
      SymExpr::binary(ExprKind::Add, T->Index.back(), SymExpr::symbol(Id));
  State.Aliases[V] = T;
  return Id;
}

void AccessWalker::visitRangeFor(const CXXForRangeStmt *F) {
  const VarDecl *LV = F->getLoopVariable();
  Symbol S;
  S.Name = LV->getNameAsString();
  S.Kind = SymbolKind::InnerLoop;
  S.Min = SymExpr::constant(0);
  SymbolId Id = State.R.addSymbol(std::move(S));
  if (auto T = Ctx.Targets.resolveLValue(F->getRangeInit())) {
    pushDim(*T, SymExpr::symbol(Id), sizeOf(State.AST, LV->getType()));
    if (LV->getType()->isReferenceType())
      State.Aliases[LV] = T;
    else
      record(*T, AccessKind::Read, F->getRangeInit());
  } else {
    visitExpr(F->getRangeInit(), AccessKind::Read, true);
  }
  ++State.LoopDepth;
  State.LoopBodies.insert(State.NextBranch);
  State.BranchPath.push_back(State.NextBranch++); // a body may run zero times
  PhaseMark Before = Ctx.Sync.phaseMark();
  visitStmt(F->getBody());
  Ctx.Sync.noteBranchEnd(F->getBody());
  Ctx.Sync.joinPhases({Before, Ctx.Sync.phaseMark()});
  State.BranchPath.pop_back();
  --State.LoopDepth;
}

} // namespace clangfe
} // namespace privateer
