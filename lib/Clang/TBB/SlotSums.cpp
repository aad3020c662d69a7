//===- SlotSums.cpp - A loop that sums every slot of a buffer -------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "SlotSums.h"

#include "privateer/Clang/CXX/Edits/ASTQueries.h"
#include "privateer/Clang/CXX/KnownFunctions.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace privateer {
namespace clangfe {
namespace tbbfix {

using clang::Expr;

bool isPositiveZero(const Expr *E, ASTContext &Ctx) {
  if (isa<ImplicitValueInitExpr>(E))
    return true;
  Expr::EvalResult R;
  if (E->isValueDependent() || !E->EvaluateAsRValue(R, Ctx) || R.HasSideEffects)
    return false;
  if (R.Val.isInt())
    return R.Val.getInt().isZero();
  if (R.Val.isFloat())
    return R.Val.getFloat().isPosZero();
  return false;
}

namespace {

/// The variable \p Body (one statement, or a block of one) adds a slot to
/// (`s += slot;`, \p IsSlot telling the slot), when it is a plain local of
/// the slots' type; null otherwise.
const DeclRefExpr *sumTarget(const Stmt *Body, const VarDecl *V,
                             QualType Element, ASTContext &Ctx,
                             llvm::function_ref<bool(const Expr *)> IsSlot) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body))
    Body = CS->size() == 1 ? CS->body_front() : nullptr;
  const auto *Add = dyn_cast_or_null<CompoundAssignOperator>(Body);
  if (!Add || Add->getOpcode() != BO_AddAssign)
    return nullptr;
  const auto *Target = dyn_cast<DeclRefExpr>(Add->getLHS()->IgnoreParens());
  const auto *S = Target ? dyn_cast<VarDecl>(Target->getDecl()) : nullptr;
  if (!S || S == V || S->getType()->isReferenceType() ||
      S->getType().isVolatileQualified() ||
      !Ctx.hasSameUnqualifiedType(S->getType(), Element) ||
      !IsSlot(Add->getRHS()->IgnoreParenImpCasts()))
    return nullptr;
  return Target;
}

/// The loop `for (int t = 0; t < N; ++t) s += v[t];` (or `{ s += v[t]; }`)
/// over every slot of \p V (N its length, or `v.size()`), summing into a
/// variable of the slots' type: its target, or null.
const DeclRefExpr *sumLoopTarget(const ForStmt *For, const VarDecl *V,
                                 std::optional<llvm::APSInt> Length,
                                 QualType Element, ASTContext &Ctx) {
  const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit());
  const auto *T = Init && Init->isSingleDecl()
                      ? dyn_cast<VarDecl>(Init->getSingleDecl())
                      : nullptr;
  if (!T || !T->getType()->isIntegerType() || !T->getInit() ||
      !isPositiveZero(T->getInit(), Ctx))
    return nullptr;
  auto IsT = [&](const Expr *E) {
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == T;
  };
  // t < N, N every slot.
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(For->getCond());
  if (!Cond || Cond->getOpcode() != BO_LT || !IsT(Cond->getLHS()))
    return nullptr;
  const Expr *Bound = Cond->getRHS()->IgnoreParenImpCasts();
  bool Covers = false;
  if (auto N = Bound->getIntegerConstantExpr(Ctx))
    Covers = Length && llvm::APSInt::isSameValue(*N, *Length);
  else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Bound))
    if (const auto *Obj = dyn_cast<DeclRefExpr>(
            MC->getImplicitObjectArgument()->IgnoreParenImpCasts()))
      Covers = Obj->getDecl() == V && MC->getMethodDecl() &&
               knownName(MC->getMethodDecl()) == KnownName::Size && !Length;
  if (!Covers)
    return nullptr;
  // ++t, t++, t += 1.
  const Expr *Inc = For->getInc();
  bool Steps = false;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc))
    Steps = UO->isIncrementOp() && IsT(UO->getSubExpr());
  else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc))
    if (auto One = CA->getRHS()->getIntegerConstantExpr(Ctx))
      Steps = CA->getOpcode() == BO_AddAssign && IsT(CA->getLHS()) && *One == 1;
  if (!Steps)
    return nullptr;
  // s += v[t];
  return sumTarget(For->getBody(), V, Element, Ctx, [&](const Expr *Slot) {
    const Expr *Base = nullptr, *Index = nullptr;
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Slot)) {
      Base = ASE->getBase();
      Index = ASE->getIdx();
    } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Slot);
               Op && Op->getOperator() == OO_Subscript &&
               Op->getNumArgs() == 2) {
      Base = Op->getArg(0);
      Index = Op->getArg(1);
    }
    const auto *BaseRef =
        Base ? dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts()) : nullptr;
    return BaseRef && BaseRef->getDecl() == V && IsT(Index);
  });
}

/// The loop `for (double p : v) s += p;` (or `{ s += p; }`, the element
/// by value or by reference): its target, or null.
const DeclRefExpr *rangeSumTarget(const CXXForRangeStmt *For, const VarDecl *V,
                                  QualType Element, ASTContext &Ctx) {
  const auto *Range = dyn_cast_or_null<DeclRefExpr>(
      For->getRangeInit() ? For->getRangeInit()->IgnoreParenImpCasts()
                          : nullptr);
  const VarDecl *P = For->getLoopVariable();
  if (!Range || Range->getDecl() != V || !P || For->getInit() ||
      !Ctx.hasSameUnqualifiedType(P->getType().getNonReferenceType(), Element))
    return nullptr;
  return sumTarget(For->getBody(), V, Element, Ctx, [&](const Expr *Slot) {
    const auto *Ref = dyn_cast<DeclRefExpr>(Slot);
    return Ref && Ref->getDecl() == P;
  });
}

} // namespace

SumLoop sumLoopAfter(const CallExpr *Call, const VarDecl *V,
                     const ZeroedSlots &Slots, ASTContext &Ctx) {
  const CompoundStmt *Block = nullptr;
  const Stmt *CallStmt = blockStatement(Call, Ctx, &Block);
  SumLoop Sum;
  if (!CallStmt)
    return Sum;
  bool AfterCall = false;
  for (const Stmt *S : Block->body()) {
    if (S == CallStmt) {
      AfterCall = true;
      continue;
    }
    if (!AfterCall)
      continue;
    if (const auto *For = dyn_cast<ForStmt>(S)) {
      Sum.Target = sumLoopTarget(For, V, Slots.Length, Slots.Element, Ctx);
      Sum.Body = For->getBody();
    } else if (const auto *Range = dyn_cast<CXXForRangeStmt>(S)) {
      Sum.Target = rangeSumTarget(Range, V, Slots.Element, Ctx);
      Sum.Body = Range->getBody();
    }
    if (Sum.Target) {
      Sum.Loop = S;
      return Sum;
    }
  }
  return SumLoop();
}

/// The sum loop becomes `s += v_ets.combine(...)`.
void combineSum(const SumLoop &Sum, const std::string &ETS,
                const std::string &Type, EditBuilder &E) {
  SourceLocation Begin = Sum.Loop->getBeginLoc();
  SourceLocation End = Sum.Loop->getEndLoc();
  // A body without braces ends before its ';'.
  if (!isa<CompoundStmt>(Sum.Body))
    End = Lexer::findLocationAfterToken(End, tok::semi, E.sources(), E.lang(),
                                        false)
              .getLocWithOffset(-1);
  E.replaceTokens(SourceRange(Begin, End),
                  Sum.Target->getDecl()->getName().str() + " += " + ETS +
                      ".combine([](" + Type + " a, " + Type +
                      " b) { return a + b; });");
}

} // namespace tbbfix
} // namespace clangfe
} // namespace privateer
