//===- AccessWalker.cpp - Accesses of one work item -----------------------===//
//
// Part of privateer. The access walk of one work item: its expressions
// (lvalues, subscripts, pointers, fields, references, indices, assignments,
// compound updates and overloaded operators) and the record of each access
// to memory, with its symbolic index and what protects it (atomic,
// critical, ordered, single/masked, lock spans, lock guards, atomic
// objects).
//
// The rest of the walk: AccessStatements.cpp (statements and branches),
// AccessLoops.cpp (loops); the other parts of RegionContext.h it calls:
// CallFollower (library routines such as memset, memcpy and std::fill, and
// the bodies of called functions), TargetResolver (where lvalues and
// pointers land, container elements included), SyncTracker (barriers,
// guards, tasks).
//
//===----------------------------------------------------------------------===//

#include "AccessQueries.h"

#include "RegionContext.h"
#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/KnownTypes.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/SourceLoc.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace privateer {
namespace clangfe {

using namespace accessquery;

namespace {

ReductionOp opFor(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add:
  case BO_AddAssign:
    return ReductionOp::Add;
  case BO_Sub:
  case BO_SubAssign:
    return ReductionOp::Sub;
  case BO_Mul:
  case BO_MulAssign:
    return ReductionOp::Mul;
  case BO_And:
  case BO_AndAssign:
    return ReductionOp::And;
  case BO_Or:
  case BO_OrAssign:
    return ReductionOp::Or;
  case BO_Xor:
  case BO_XorAssign:
    return ReductionOp::Xor;
  default:
    return ReductionOp::Other;
  }
}

} // namespace

void AccessWalker::record(const Target &T, AccessKind Kind, const Expr *Where,
                          ReductionOp Op, bool ResultUsed, bool Whole,
                          ExprRef Range) {
  auto Id = Ctx.Assembler.bufferFor(T);
  if (!Id)
    return;
  if (State.OutsideClosureDepth > 0)
    State.R.Buffers[*Id].ThroughClosure = true;
  if (Kind != AccessKind::Read && T.Level == 0 && T.Index.empty())
    if (const auto *V = dyn_cast_or_null<VarDecl>(T.Decl)) {
      ScalarWrites &W = State.SharedWrites[V];
      W.LastPhase = std::max(W.LastPhase, State.Phase);
      W.OneThread &= State.CurrentGuard == Guard::Single &&
                     !State.InNestedTask && State.InlineStack.empty();
    }
  // Private memory never races, but the allocation checks need its uses.
  Access A;
  A.BufferIndex = *Id;
  A.Kind = Kind;
  A.Index = T.Index;
  A.Fields = T.Fields;
  A.Strides = T.Strides;
  A.LoopDepth = State.LoopDepth;
  A.WholeBuffer = Whole;
  A.RangeLength = std::move(Range);
  A.Op = Op;
  A.ResultUsed = ResultUsed;
  if (State.CurrentGuard != Guard::None)
    A.Protection = State.CurrentGuard;
  else if (State.LockDepth > 0)
    A.Protection = Guard::Lock;
  else if (Where && isAtomicType(Where->getType()))
    A.Protection = Guard::AtomicObject;
  if (A.Protection == Guard::Critical)
    A.Criticals = State.Criticals;
  A.UnderLock = State.LockDepth > 0;
  if (Kind == AccessKind::Write && Where && State.StoreTarget &&
      Where->IgnoreParenImpCasts() == State.StoreTarget)
    A.StoredValue = State.StoreValue;
  A.Conditional = State.InConditional || State.AfterReturn;
  A.OnEveryPath = !A.Conditional && State.BranchPath.empty() &&
                  State.InShortCircuit == 0 && State.LabelEpoch == 0 &&
                  !State.LeftWorkItem && State.LoopDepth == 0 &&
                  !State.InNestedTask && !State.InSingleItem;
  A.Branch = State.BranchPath;
  A.Epoch = State.LabelEpoch;
  A.SingleWorkItem = State.InSingleItem;
  A.Conditions = State.PathConditions;
  if (State.InSingleItem)
    A.PinnedItem = State.PinnedItem;
  else if (State.GuardThread && State.R.Kind == RegionKind::Replicated)
    A.PinnedItem = SymExpr::constant(*State.GuardThread);
  A.Section = State.CurrentSection;
  A.InNestedTask = State.InNestedTask;
  A.Phase = State.Phase;
  A.PossibleBarriers = State.PossibleBarriers;
  A.Order = State.NextOrder++;
  const Expr *At = State.CallSite ? State.CallSite : Where;
  A.Where = toLoc(At ? At->getBeginLoc() : SourceLocation());
  A.Spelling = Where ? Ctx.Exprs.spell(Where) : State.R.Buffers[*Id].Name;
  if (State.CallSite && !State.InlineStack.empty())
    A.Via = State.InlineStack.back()->getNameAsString();
  if (State.LambdaCall && !State.CallSite)
    A.CalledAt = toLoc(State.LambdaCall->getBeginLoc());
  State.R.Accesses.push_back(std::move(A));
}

//===-- Expressions -------------------------------------------------------===//

bool AccessWalker::sameTarget(const Expr *A, const Expr *B) {
  auto TA = Ctx.Targets.resolveLValue(A), TB = Ctx.Targets.resolveLValue(B);
  return TA && TB && TA->Decl == TB->Decl && TA->Level == TB->Level &&
         equalIndex(TA->Index, TB->Index);
}

ReductionOp AccessWalker::selfUpdateOp(const Expr *LHS, const Expr *RHS) {
  // `x = x + e`, `x = e * x`, `x = max(x, e)`, `x = x < e ? e : x`.
  RHS = RHS->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(RHS)) {
    ReductionOp Op = opFor(BO->getOpcode());
    if (Op == ReductionOp::Other)
      return ReductionOp::None;
    if (sameTarget(LHS, BO->getLHS()->IgnoreParenImpCasts()))
      return Op;
    if (Op != ReductionOp::Sub &&
        sameTarget(LHS, BO->getRHS()->IgnoreParenImpCasts()))
      return Op;
    return ReductionOp::None;
  }
  if (const auto *Call = dyn_cast<CallExpr>(RHS)) {
    unsigned N = nameFamilies(calleeName(Call));
    bool Max = N & family::MaxFunction;
    bool Min = N & family::MinFunction;
    if ((Max || Min) && Call->getNumArgs() == 2 &&
        (sameTarget(LHS, Call->getArg(0)->IgnoreParenImpCasts()) ||
         sameTarget(LHS, Call->getArg(1)->IgnoreParenImpCasts())))
      return Max ? ReductionOp::Max : ReductionOp::Min;
  }
  return ReductionOp::None;
}

void AccessWalker::visitLValue(const Expr *E, AccessKind Mode, ReductionOp Op,
                               bool ValueUsed) {
  // `m[k]` of a map inserts k when it is missing: a change of the
  // container that `omp atomic` on the element does not protect.
  if (const CXXOperatorCallExpr *OC = mapSubscript(E)) {
    // A map that is itself a map's element (`outer[i][k]`): taking it
    // inserts i into the outer map first, a change of the whole outer map.
    if (mapSubscript(OC->getArg(0)))
      visitLValue(OC->getArg(0), AccessKind::Write, ReductionOp::None, false);
    if (auto T = Ctx.Targets.resolveLValue(OC->getArg(0))) {
      Guard Saved = State.CurrentGuard;
      if (State.CurrentGuard == Guard::Atomic)
        State.CurrentGuard = Guard::None;
      // Of a map that is one element of an outer container (`maps[i][k]`,
      // or through `auto &m = maps[i];`), that element; of one taken from
      // another map (`auto &m = outer[i]; m[k] = v;`), the whole outer map,
      // which taking it may have changed.
      const auto *Ref =
          dyn_cast<DeclRefExpr>(OC->getArg(0)->IgnoreParenImpCasts());
      bool FromMap =
          Ref && State.MapElementRefs.count(dyn_cast<VarDecl>(Ref->getDecl()));
      record(*T, AccessKind::Write, E, ReductionOp::None, false,
             /*Whole=*/T->Index.empty() || FromMap);
      State.CurrentGuard = Saved;
    }
    visitIndices(E);
    return;
  }
  if (auto T = Ctx.Targets.resolveLValue(E))
    record(*T, Mode, E, Op, Mode == AccessKind::ReadModifyWrite && ValueUsed);
  visitIndices(E);
}

const CXXOperatorCallExpr *AccessWalker::mapSubscript(const Expr *E) const {
  const auto *OC = dyn_cast<CXXOperatorCallExpr>(E->IgnoreParenImpCasts());
  if (!OC || OC->getOperator() != OO_Subscript || OC->getNumArgs() != 2)
    return nullptr;
  StringRef Container = recordName(OC->getArg(0)->getType());
  return typeFamilies(Container) & typefamily::InsertingSubscript ? OC
                                                                  : nullptr;
}

void AccessWalker::visitPointerOperand(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E))
    if (IC->getCastKind() == CK_ArrayToPointerDecay)
      return visitIndices(IC->getSubExpr());
  visitExpr(E, AccessKind::Read, true);
}

void AccessWalker::visitIndices(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
    if (IC->getCastKind() == CK_LValueToRValue)
      return visitExpr(E, AccessKind::Read, true);
    return visitIndices(IC->getSubExpr());
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    visitPointerOperand(AS->getBase());
    visitExpr(AS->getIdx(), AccessKind::Read, true);
    return;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Deref)
      return visitPointerOperand(UO->getSubExpr());
    return visitExpr(E, AccessKind::Read, true);
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (ME->isArrow())
      return visitPointerOperand(ME->getBase());
    return visitIndices(ME->getBase());
  }
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    // Any number of indices: `v[i]`, C++23's `m[i, j]` and `m[]`.
    if (OC->getOperator() == OO_Subscript && OC->getNumArgs() >= 1) {
      visitIndices(OC->getArg(0));
      for (unsigned I = 1; I < OC->getNumArgs(); ++I)
        visitExpr(OC->getArg(I), AccessKind::Read, true);
      return;
    }
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    if (const Expr *Obj = MC->getImplicitObjectArgument())
      visitIndices(Obj);
    for (const Expr *Arg : MC->arguments())
      visitExpr(Arg, AccessKind::Read, true);
    return;
  }
  if (auto TE = tupleElement(E))
    return visitIndices(TE->Object);
  if (isa<DeclRefExpr>(E))
    return;
  visitExpr(E, AccessKind::Read, true);
}

void AccessWalker::visitExpr(const Expr *E, AccessKind Mode, bool ValueUsed) {
  if (!E)
    return;
  E = E->IgnoreParens();

  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
    switch (IC->getCastKind()) {
    case CK_LValueToRValue:
      return visitExpr(IC->getSubExpr(), AccessKind::Read, true);
    case CK_ArrayToPointerDecay:
      return visitIndices(IC->getSubExpr());
    default:
      return visitExpr(IC->getSubExpr(), Mode, ValueUsed);
    }
  }
  if (const auto *FE = dyn_cast<FullExpr>(E))
    return visitExpr(FE->getSubExpr(), Mode, ValueUsed);
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return visitExpr(MT->getSubExpr(), Mode, ValueUsed);
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
    return visitExpr(BT->getSubExpr(), Mode, ValueUsed);
  if (isa<LambdaExpr>(E) || isa<BlockExpr>(E))
    return; // lambdas run where they are called: a later TBB front end
  if (isa<UnaryExprOrTypeTraitExpr>(E) || isa<CXXTypeidExpr>(E) ||
      isa<CXXNoexceptExpr>(E))
    return; // sizeof, alignof, typeid, noexcept: unevaluated

  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return visitBinary(BO, Mode, ValueUsed);

  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->isIncrementDecrementOp()) {
      visitLValue(UO->getSubExpr(), AccessKind::ReadModifyWrite,
                  ReductionOp::Add, ValueUsed);
      return Ctx.Follower.stepPointerParam(UO);
    }
    if (UO->getOpcode() == UO_AddrOf)
      return visitIndices(UO->getSubExpr());
    if (UO->getOpcode() == UO_Deref)
      return visitLValue(E, Mode, ReductionOp::None, ValueUsed);
    return visitExpr(UO->getSubExpr(), AccessKind::Read, true);
  }

  if (isa<DeclRefExpr>(E) || isa<ArraySubscriptExpr>(E) || isa<MemberExpr>(E) ||
      tupleElement(E))
    return visitLValue(E, Mode, ReductionOp::None, ValueUsed);

  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E))
    return visitOperatorCall(OC, Mode, ValueUsed);

  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    return Ctx.Follower.visitMemberCall(MC);
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    Ctx.Follower.visitCall(Call, ValueUsed);
    return;
  }

  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    visitExpr(CO->getCond(), AccessKind::Read, true);
    ++State.InShortCircuit;
    visitExpr(CO->getTrueExpr(), AccessKind::Read, true);
    visitExpr(CO->getFalseExpr(), AccessKind::Read, true);
    --State.InShortCircuit;
    return;
  }

  if (const auto *Del = dyn_cast<CXXDeleteExpr>(E))
    Ctx.Allocations.noteFree(Del->getArgument());

  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      visitExpr(CE, AccessKind::Read, true);
}

void AccessWalker::visitBinary(const BinaryOperator *BO, AccessKind Mode,
                               bool ValueUsed) {
  if (BO->getOpcode() == BO_Assign)
    return visitAssignment(BO, ValueUsed);
  if (BO->isCompoundAssignmentOp()) {
    // `dst += offset;` of a pointer parameter moves it as `dst = dst +
    // offset;` does.
    const VarDecl *Rebound = Ctx.Follower.reboundPointerParam(BO);
    std::optional<Target> NewTarget;
    if (Rebound)
      NewTarget = Ctx.Targets.resolvePointerArithmetic(BO);
    visitExpr(BO->getRHS(), AccessKind::Read, true);
    visitLValue(BO->getLHS(), AccessKind::ReadModifyWrite,
                opFor(BO->getOpcode()), ValueUsed);
    if (Rebound)
      State.Aliases[Rebound] = NewTarget;
    return;
  }
  if (BO->getOpcode() == BO_Comma) {
    visitExpr(BO->getLHS(), AccessKind::Read, false);
    visitExpr(BO->getRHS(), Mode, ValueUsed);
    return;
  }
  visitExpr(BO->getLHS(), AccessKind::Read, true);
  // (The right side of `&&` and `||` runs only on some evaluations.)
  bool ShortCircuit = BO->isLogicalOp();
  State.InShortCircuit += ShortCircuit;
  visitExpr(BO->getRHS(), AccessKind::Read, true);
  State.InShortCircuit -= ShortCircuit;
}

void AccessWalker::visitAssignment(const BinaryOperator *BO, bool ValueUsed) {
  // Where a rebound pointer parameter points from here on, resolved before
  // the assignment changes what the right-hand side's own use of it means.
  const VarDecl *Rebound = Ctx.Follower.reboundPointerParam(BO);
  std::optional<Target> NewTarget;
  if (Rebound)
    NewTarget = Ctx.Targets.resolvePointer(BO->getRHS());
  if (const auto *DRE =
          dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      Ctx.Allocations.noteAllocation(V, BO->getRHS());
  ReductionOp Op = selfUpdateOp(BO->getLHS(), BO->getRHS());
  if (Op == ReductionOp::None && State.PendingConditionalLHS == BO->getLHS())
    Op = State.PendingConditionalOp;
  if (Op != ReductionOp::None &&
      Op == selfUpdateOp(BO->getLHS(), BO->getRHS())) {
    // `x = x + e`: the read of x is the update's own, recorded with it
    // (as for `x += e`); only the other operands are read.
    const Expr *RHS = BO->getRHS()->IgnoreParenImpCasts();
    auto Other = [&](const Expr *Operand) {
      if (!sameTarget(BO->getLHS(), Operand->IgnoreParenImpCasts()))
        visitExpr(Operand, AccessKind::Read, true);
    };
    if (const auto *Bin = dyn_cast<BinaryOperator>(RHS)) {
      Other(Bin->getLHS());
      Other(Bin->getRHS());
    } else if (const auto *Call = dyn_cast<CallExpr>(RHS)) {
      for (const Expr *Arg : Call->arguments())
        Other(Arg);
    } else {
      visitExpr(BO->getRHS(), AccessKind::Read, true);
    }
  } else {
    visitExpr(BO->getRHS(), AccessKind::Read, true);
  }
  // The value a plain store of a variable or member writes (a same-value
  // store is harmless in practice).
  const Expr *Stored = BO->getLHS()->IgnoreParenImpCasts();
  const auto *Deref = dyn_cast<UnaryOperator>(Stored);
  bool Named = isa<DeclRefExpr>(Stored) || isa<MemberExpr>(Stored) ||
               (Deref && Deref->getOpcode() == UO_Deref);
  if (Op == ReductionOp::None && BO->getOpcode() == BO_Assign && Named &&
      BO->getType()->isScalarType()) {
    State.StoreTarget = Stored;
    State.StoreValue = Ctx.Exprs.translate(BO->getRHS());
  }
  visitLValue(BO->getLHS(),
              Op == ReductionOp::None ? AccessKind::Write
                                      : AccessKind::ReadModifyWrite,
              Op, ValueUsed);
  State.StoreTarget = nullptr;
  State.StoreValue = nullptr;
  if (Rebound)
    State.Aliases[Rebound] = NewTarget;
}

void AccessWalker::visitOperatorCall(const CXXOperatorCallExpr *OC,
                                     AccessKind Mode, bool ValueUsed) {
  OverloadedOperatorKind OK = OC->getOperator();
  if (OK == OO_Subscript)
    return visitLValue(OC, Mode, ReductionOp::None, ValueUsed);
  if (OC->getNumArgs() == 2 &&
      (OK == OO_Equal || OK == OO_PlusEqual || OK == OO_MinusEqual ||
       OK == OO_StarEqual || OK == OO_PipeEqual || OK == OO_AmpEqual ||
       OK == OO_CaretEqual) &&
      !isAtomicType(OC->getArg(0)->getType())) {
    // Assignment to a whole object of class type (`s = t`, `v += w`).
    visitExpr(OC->getArg(1), AccessKind::Read, true);
    if (auto T = Ctx.Targets.resolveLValue(OC->getArg(0))) {
      bool Element =
          OC->getArg(0)->getType()->isArithmeticType() || !T->Index.empty();
      size_t Before = State.R.Accesses.size();
      record(*T,
             OK == OO_Equal ? AccessKind::Write : AccessKind::ReadModifyWrite,
             OC->getArg(0),
             OK == OO_PlusEqual ? ReductionOp::Add : ReductionOp::Other,
             ValueUsed, /*Whole=*/!Element);
      // `v = w` makes the object anew, its size too.
      if (OK == OO_Equal && !Element && State.R.Accesses.size() == Before + 1)
        State.R.Accesses.back().Old = Access::OldContents::Discarded;
    }
    visitIndices(OC->getArg(0));
    return;
  }
  if (OK == OO_Call && Ctx.Follower.followLambdaCall(OC))
    return;
  if (OK == OO_Call && OC->getNumArgs() > 0) {
    // `f(i)` of a std::function runs code nothing here shows; a functor of
    // the program's own runs a method the walk does not follow.
    const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OC->getCalleeDecl());
    if (MD && knownType(MD->getParent()) == KnownType::Function)
      Ctx.Follower.noteIndirect(OC->getArg(0));
    else
      Ctx.Follower.noteUnseen(MD);
  }
  for (const Expr *Arg : OC->arguments())
    visitExpr(Arg, AccessKind::Read, true);
}

} // namespace clangfe
} // namespace privateer
