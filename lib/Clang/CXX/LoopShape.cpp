//===- LoopShape.cpp - A for loop in canonical form -----------------------===//
//
// Part of privateer. Reads a `for` loop's condition, init and increment
// into its canonical form: the variable the condition names, its first
// value, its bound and its step.
//
//===----------------------------------------------------------------------===//

#include "LoopShape.h"
#include "TypeValues.h"

#include "llvm/Support/CheckedArithmetic.h"

using namespace clang;

namespace privateer {
namespace clangfe {

// Clang's, not the model's (privateer::Expr).
using clang::Expr;

namespace {
const VarDecl *asVar(const Expr *E) {
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
    return dyn_cast<VarDecl>(DRE->getDecl());
  return nullptr;
}

/// The loop's condition: `i < e`, `e > i`, `i != e`...: it names the loop's
/// variable, which is returned; \p L gets the bound and the comparison as
/// if the variable were on the left.
const VarDecl *matchComparison(const Expr *E, LoopShape &L) {
  const auto *Cond =
      dyn_cast_or_null<BinaryOperator>(E ? E->IgnoreParenImpCasts() : nullptr);
  if (!Cond || !Cond->isComparisonOp() || Cond->getOpcode() == BO_EQ ||
      Cond->getOpcode() == BO_Cmp)
    return nullptr;
  const VarDecl *CondVar = asVar(Cond->getLHS());
  if (CondVar) {
    L.Bound = Cond->getRHS();
    L.Cmp = Cond->getOpcode();
  } else if ((CondVar = asVar(Cond->getRHS()))) {
    L.Bound = Cond->getLHS();
    L.Cmp = BinaryOperator::reverseComparisonOp(Cond->getOpcode());
  }
  return CondVar;
}

const VarDecl *matchLoopCondition(const ForStmt *F, LoopShape &L) {
  return matchComparison(F->getCond(), L);
}

/// The loop's init: `int i = e` or `i = e`, possibly beside other
/// variables' (`int off = s, a = 0`, `off = s, a = 0`): the one the
/// condition names (\p CondVar) becomes \p L's variable.
void matchLoopInit(const ForStmt *F, const VarDecl *CondVar, LoopShape &L) {
  auto FromAssignment = [&](const Expr *E) {
    const auto *BO = dyn_cast<BinaryOperator>(E->IgnoreParens());
    if (BO && BO->getOpcode() == BO_Assign && asVar(BO->getLHS()) == CondVar) {
      L.Var = CondVar;
      L.Init = BO->getRHS();
    }
  };
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit())) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D); V == CondVar && V->getInit()) {
        L.Var = V;
        L.Init = V->getInit();
      }
  } else if (const auto *E = dyn_cast_or_null<Expr>(F->getInit())) {
    const auto *Comma = dyn_cast<BinaryOperator>(E->IgnoreParens());
    if (Comma && Comma->getOpcode() == BO_Comma) {
      FromAssignment(Comma->getLHS());
      FromAssignment(Comma->getRHS());
    } else {
      FromAssignment(E);
    }
  }
}

/// The loop's increment: `i++`, `--i`, `i += c`, `i = i + c`, or one of
/// those beside other variables' (`++a, ++off`). Sets \p L's constant step
/// (0 when none is recognized) or, for `i += n` with n known only at run
/// time, its step expression.
void matchLoopIncrement(const ForStmt *F, const ASTContext &Ctx, LoopShape &L) {
  const Expr *Inc = F->getInc() ? F->getInc()->IgnoreParenImpCasts() : nullptr;
  while (const auto *Comma = dyn_cast_or_null<BinaryOperator>(Inc)) {
    if (Comma->getOpcode() != BO_Comma)
      break;
    auto Names = [&](const Expr *X) {
      X = X->IgnoreParenImpCasts();
      if (const auto *UO = dyn_cast<UnaryOperator>(X))
        return asVar(UO->getSubExpr()) == L.Var;
      if (const auto *BO = dyn_cast<BinaryOperator>(X))
        return BO->isAssignmentOp() && asVar(BO->getLHS()) == L.Var;
      return false;
    };
    if (Names(Comma->getRHS()))
      Inc = Comma->getRHS()->IgnoreParenImpCasts();
    else
      Inc = Comma->getLHS()->IgnoreParenImpCasts();
  }
  L.Step = 0;
  // `i -= INT64_MIN` steps by a value no int64_t holds: no loop shape (0).
  auto Negated = [](int64_t C) {
    return llvm::checkedSub<int64_t>(0, C).value_or(0);
  };
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc)) {
    if (asVar(UO->getSubExpr()) == L.Var)
      L.Step = UO->isIncrementOp() ? 1 : UO->isDecrementOp() ? -1 : 0;
  } else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    auto C = evaluateInt(CA->getRHS(), Ctx);
    if (asVar(CA->getLHS()) == L.Var && C)
      L.Step = CA->getOpcode() == BO_AddAssign   ? *C
               : CA->getOpcode() == BO_SubAssign ? Negated(*C)
                                                 : 0;
    else if (asVar(CA->getLHS()) == L.Var && CA->getOpcode() == BO_AddAssign)
      L.StepExpr = CA->getRHS();
  } else if (const auto *BO = dyn_cast_or_null<BinaryOperator>(Inc)) {
    const auto *RHS =
        dyn_cast<BinaryOperator>(BO->getRHS()->IgnoreParenImpCasts());
    if (BO->getOpcode() == BO_Assign && asVar(BO->getLHS()) == L.Var && RHS) {
      if (asVar(RHS->getLHS()) == L.Var) {
        if (auto C = evaluateInt(RHS->getRHS(), Ctx))
          L.Step = RHS->getOpcode() == BO_Add   ? *C
                   : RHS->getOpcode() == BO_Sub ? Negated(*C)
                                                : 0;
        else if (RHS->getOpcode() == BO_Add)
          L.StepExpr = RHS->getRHS();
      } else if (asVar(RHS->getRHS()) == L.Var && RHS->getOpcode() == BO_Add) {
        if (auto C = evaluateInt(RHS->getLHS(), Ctx))
          L.Step = *C;
        else
          L.StepExpr = RHS->getLHS();
      }
    }
  }
}

} // namespace

std::optional<LoopShape> matchForLoop(const ForStmt *F, const ASTContext &Ctx,
                                      bool RuntimeStep) {
  LoopShape L;
  const VarDecl *CondVar = matchLoopCondition(F, L);
  if (!CondVar)
    return std::nullopt;
  matchLoopInit(F, CondVar, L);
  if (!L.Var || !L.Var->getType()->isIntegerType())
    return std::nullopt;
  matchLoopIncrement(F, Ctx, L);
  // A step known only at run time: the loop counts up (a step below 1
  // would never end it), so only comparisons that end an ascending loop.
  if (L.StepExpr) {
    if (!RuntimeStep || L.Step != 0 ||
        (L.Cmp != BO_LT && L.Cmp != BO_LE && L.Cmp != BO_NE))
      return std::nullopt;
    L.Step = 1;
  }
  // (A step of INT64_MIN has no magnitude for the model's Step.)
  if (L.Step == 0 || L.Step == INT64_MIN)
    return std::nullopt;
  return L;
}

std::optional<LoopShape> matchGeneratingLoop(const ForStmt *F,
                                             const ASTContext &Ctx) {
  if (auto L = matchForLoop(F, Ctx))
    return L;
  // The conjuncts of the condition, left to right: the first comparison
  // of a variable that the increment steps by a constant.
  llvm::SmallVector<const Expr *, 4> Pending{F->getCond()}, Conjuncts;
  while (!Pending.empty()) {
    const Expr *E = Pending.pop_back_val();
    const auto *And = dyn_cast_or_null<BinaryOperator>(
        E ? E->IgnoreParenImpCasts() : nullptr);
    if (And && And->getOpcode() == BO_LAnd) {
      Pending.push_back(And->getRHS());
      Pending.push_back(And->getLHS());
    } else if (E) {
      Conjuncts.push_back(E);
    }
  }
  for (const Expr *C : Conjuncts) {
    LoopShape L;
    const VarDecl *CondVar = matchComparison(C, L);
    if (!CondVar || !CondVar->getType()->isIntegerType())
      continue;
    matchLoopInit(F, CondVar, L);
    // No init of the variable: it starts where the code before left it.
    L.Var = CondVar;
    matchLoopIncrement(F, Ctx, L);
    if (L.StepExpr || L.Step == 0 || L.Step == INT64_MIN)
      continue;
    L.MayEndEarly = Conjuncts.size() > 1;
    return L;
  }
  return std::nullopt;
}

} // namespace clangfe
} // namespace privateer
