//===- StatedFacts.cpp - What the code states about a construct's values --===//
//
// Part of privateer. The facts a construct's model carries besides its
// symbols' bounds (include/privateer/Model/Facts.h), as the MLIR front end
// has them: its loops ran; what the programming model states (an enclosing
// `#pragma omp assume holds(...)`, the team's `if` and `num_threads`
// clauses); what the code before the construct asserts (`assert(e)`,
// `__builtin_assume(e)`, `[[assume(e)]]`, a branch that leaves the function
// or stops the program unless e holds); and the branches the construct is
// in. A condition the code tests before the construct holds in it only if
// nothing changes its variables after the test. Also the comparisons a
// branch's condition holds (Access::Conditions) and the one work item a
// branch runs on (ValueFacts).
//
//===----------------------------------------------------------------------===//

#include "RegionContext.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/StmtWalk.h"
#include "privateer/Model/Facts.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace privateer {
namespace clangfe {

namespace {

/// Whether running \p S never reaches the statement after it: a return, a
/// throw, a call of a function that does not return (abort, exit, the
/// failure branch of assert), or a block that ends in one.
bool leaves(const Stmt *S) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S))
    return true;
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return !CS->body_empty() && leaves(CS->body_back());
  if (const auto *E = dyn_cast<Expr>(S)) {
    E = E->IgnoreParenImpCasts();
    if (isa<CXXThrowExpr>(E))
      return true;
    if (const auto *Call = dyn_cast<CallExpr>(E))
      if (const FunctionDecl *FD = Call->getDirectCallee())
        return FD->isNoReturn();
  }
  return false;
}

/// What \p S asserts holds after it runs, and whether it holds (true) or
/// its negation does: `__builtin_assume(e)`, `__assume(e)`, `[[assume(e)]]`,
/// `if (!e) leave;`, `if (e) ; else leave;` and the expansions of `assert(e)`
/// (glibc's `if` in a statement expression, the conditional operator of
/// other C libraries).
const Expr *assertedBy(const Stmt *S, bool &Holds) {
  Holds = true;
  if (const auto *AS = dyn_cast<AttributedStmt>(S)) {
    for (const Attr *A : AS->getAttrs())
      if (const auto *Assume = dyn_cast<CXXAssumeAttr>(A))
        return Assume->getAssumption();
    return nullptr;
  }
  if (const auto *If = dyn_cast<IfStmt>(S)) {
    if (If->getInit() || If->getConditionVariable() || If->isConsteval())
      return nullptr;
    if (leaves(If->getThen()) && !If->getElse()) {
      Holds = false;
      return If->getCond();
    }
    if ((!If->getThen() || isa<NullStmt>(If->getThen())) &&
        leaves(If->getElse()))
      return If->getCond();
    return nullptr;
  }
  const auto *E = dyn_cast<Expr>(S);
  if (!E)
    return nullptr;
  E = E->IgnoreParenImpCasts();
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    unsigned ID = Call->getBuiltinCallee();
    // Microsoft's __assume (clang-cl, -fms-extensions) means the same.
    if ((ID == Builtin::BI__builtin_assume || ID == Builtin::BI__assume) &&
        Call->getNumArgs() == 1)
      return Call->getArg(0);
    return nullptr;
  }
  // glibc: `((void) sizeof ((e) ? 1 : 0), __extension__ ({ if (e) ; else
  // __assert_fail (...); }))`.
  if (const auto *Comma = dyn_cast<BinaryOperator>(E);
      Comma && Comma->getOpcode() == BO_Comma)
    return assertedBy(Comma->getRHS(), Holds);
  if (const auto *Ext = dyn_cast<UnaryOperator>(E);
      Ext && Ext->getOpcode() == UO_Extension)
    return assertedBy(Ext->getSubExpr(), Holds);
  if (const auto *SE = dyn_cast<StmtExpr>(E)) {
    const CompoundStmt *Body = SE->getSubStmt();
    return Body && Body->size() == 1 ? assertedBy(Body->body_front(), Holds)
                                     : nullptr;
  }
  // `(e) ? (void)0 : __assert_fail(...)`.
  if (const auto *CO = dyn_cast<ConditionalOperator>(E))
    if (leaves(CO->getFalseExpr()))
      return CO->getCond();
  return nullptr;
}

} // namespace

void ValueFacts::addStatedFacts() {
  addLoopTripFacts(State.R);
  auto Add = [&](const Expr *Cond, bool Holds) {
    std::vector<Condition> Read;
    conditionsOf(Cond, Holds, Read);
    for (Condition &C : Read)
      if (Ctx.Exprs.isWorkItemInvariant(C.Lhs) &&
          Ctx.Exprs.isWorkItemInvariant(C.Rhs))
        addStatedFact(State.R, std::move(C));
  };
  // What the programming model states (it asserts them for the whole
  // construct: no test of their variables is needed).
  llvm::SmallVector<const Expr *, 4> Holds;
  const Expr *TeamSize = nullptr;
  State.Semantics.statedConditions(Holds, TeamSize);
  for (const Expr *H : Holds)
    Add(H, true);
  if (TeamSize)
    if (ExprRef N = Ctx.Exprs.translate(TeamSize);
        N && Ctx.Exprs.isWorkItemInvariant(N))
      addStatedFact(State.R, {N, Comparison::GE, SymExpr::constant(2)});
  // What the code asserts before the construct and the branches it is in,
  // walking up from it to its function's body.
  if (!State.Spec.Construct || !State.Spec.Function ||
      !State.Spec.Function->getBody())
    return;
  const Stmt *Child = State.Spec.Construct;
  ParentMapContext &Parents = State.AST.getParentMapContext();
  for (unsigned Depth = 0; Child && Depth < 64; ++Depth) {
    DynTypedNodeList Ps = Parents.getParents(*Child);
    const Stmt *P = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
    // Out of the captured body of a directive around the construct (a
    // `parallel` around a `for`): on to the directive.
    for (unsigned Hop = 0; !P && !Ps.empty() && Hop < 4; ++Hop) {
      const auto *CD = Ps[0].get<CapturedDecl>();
      if (!CD)
        break;
      Ps = Parents.getParents(*CD);
      P = Ps.empty() ? nullptr : Ps[0].get<Stmt>();
    }
    if (!P)
      break;
    if (const auto *Block = dyn_cast<CompoundStmt>(P)) {
      for (const Stmt *S : Block->body()) {
        if (S == Child)
          break;
        bool Holds = true;
        if (const Expr *Cond = assertedBy(S, Holds);
            Cond && !changedAfter(Cond, S->getEndLoc()))
          Add(Cond, Holds);
      }
    } else if (const auto *If = dyn_cast<IfStmt>(P);
               If && !If->getInit() && !If->getConditionVariable() &&
               !If->isConsteval() && Child != If->getCond() &&
               !changedAfter(If->getCond(), If->getCond()->getEndLoc())) {
      Add(If->getCond(), Child == If->getThen());
    }
    Child = P;
  }
}

bool ValueFacts::changedAfter(const Expr *Cond, SourceLocation After) {
  llvm::SmallPtrSet<const VarDecl *, 4> Vars;
  bool Other = false;
  forEachStmt(Cond, [&](const Stmt *S) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S)) {
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        Vars.insert(V);
    } else if (isa<CallExpr>(S) || isa<MemberExpr>(S) ||
               isa<ArraySubscriptExpr>(S) || isa<UnaryOperator>(S)) {
      // A value read from memory or returned by a call may change without
      // an assignment to a variable of the condition.
      const auto *UO = dyn_cast<UnaryOperator>(S);
      Other |= !UO || UO->getOpcode() == UO_Deref;
    }
  });
  if (Other)
    return true;
  const SourceManager &SM = State.AST.getSourceManager();
  // Reads are the operands of lvalue-to-rvalue conversions; any other use
  // of a variable (an assignment, an increment, its address, a reference)
  // may change it: after the test it breaks the fact, and taking its
  // address anywhere lets code through a pointer change it.
  llvm::SmallPtrSet<const DeclRefExpr *, 16> Reads, Addressed;
  bool Changed = false;
  forEachStmt(State.Spec.Function->getBody(), [&](const Stmt *S) {
    if (const auto *Cast = dyn_cast<ImplicitCastExpr>(S);
        Cast && Cast->getCastKind() == CK_LValueToRValue)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(Cast->getSubExpr()->IgnoreParens()))
        Reads.insert(DRE);
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && UO->getOpcode() == UO_AddrOf)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParens()))
        Addressed.insert(DRE);
  });
  forEachStmt(State.Spec.Function->getBody(), [&](const Stmt *S) {
    const auto *DRE = dyn_cast<DeclRefExpr>(S);
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (Changed || !V || !Vars.count(V) || Reads.count(DRE))
      return;
    SourceLocation Use = SM.getExpansionLoc(DRE->getBeginLoc());
    Changed = Addressed.count(DRE) ||
              !SM.isBeforeInTranslationUnit(Use, SM.getExpansionLoc(After));
  });
  return Changed;
}

void ValueFacts::conditionsAfter(const Stmt *S, std::vector<Condition> &Out) {
  bool Holds = true;
  const Expr *Cond = assertedBy(S, Holds);
  if (!Cond)
    return;
  size_t First = Out.size();
  conditionsOf(Cond, Holds, Out);
  for (size_t I = First; I < Out.size(); ++I)
    Out[I].Stated = true;
}

void ValueFacts::conditionsOf(const Expr *Cond, bool Holds,
                              std::vector<Condition> &Out) {
  if (!Cond || Cond->isValueDependent() || Cond->isTypeDependent())
    return;
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond);
      UO && UO->getOpcode() == UO_LNot)
    return conditionsOf(UO->getSubExpr(), !Holds, Out);
  const auto *BO = dyn_cast<BinaryOperator>(Cond);
  // a && b holds: both do; a || b fails: neither holds.
  if (BO && ((Holds && BO->getOpcode() == BO_LAnd) ||
             (!Holds && BO->getOpcode() == BO_LOr))) {
    conditionsOf(BO->getLHS(), Holds, Out);
    conditionsOf(BO->getRHS(), Holds, Out);
    return;
  }
  const Expr *L = Cond, *Rt = nullptr;
  Comparison Op = Comparison::NE; // `if (x)`: x != 0
  if (BO && BO->isComparisonOp() && BO->getOpcode() != BO_Cmp) {
    L = BO->getLHS();
    Rt = BO->getRHS();
    switch (BO->getOpcode()) {
    case BO_EQ:
      Op = Comparison::EQ;
      break;
    case BO_NE:
      Op = Comparison::NE;
      break;
    case BO_LT:
      Op = Comparison::LT;
      break;
    case BO_LE:
      Op = Comparison::LE;
      break;
    case BO_GT:
      Op = Comparison::GT;
      break;
    default:
      Op = Comparison::GE;
      break;
    }
  } else if (BO) {
    return; // && that may fail, || that may hold, arithmetic as a truth
  }
  auto IsInteger = [](const Expr *E) {
    return E &&
           E->IgnoreParenImpCasts()->getType()->isIntegralOrEnumerationType();
  };
  if (!IsInteger(L) || (Rt && !IsInteger(Rt)))
    return;
  if (!Holds)
    Op = negated(Op);
  Out.push_back({Ctx.Exprs.translate(L), Op,
                 Rt ? Ctx.Exprs.translate(Rt) : SymExpr::constant(0)});
}

ExprRef ValueFacts::singleWorkItemValue(const Expr *Cond) {
  Cond = Cond->IgnoreParenImpCasts();
  auto IsItem = [&](const ExprRef &E) {
    return E->kind() == ExprKind::Symbol &&
           State.R.isWorkItemVar(E->symbol()) &&
           State.R.WorkItemVars.size() == 1;
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond)) {
    if (BO->getOpcode() == BO_LAnd) {
      if (ExprRef V = singleWorkItemValue(BO->getLHS()))
        return V;
      return singleWorkItemValue(BO->getRHS());
    }
    if (BO->getOpcode() != BO_EQ)
      return nullptr;
    ExprRef L = Ctx.Exprs.translate(BO->getLHS()),
            Rt = Ctx.Exprs.translate(BO->getRHS());
    if (IsItem(L) && Ctx.Exprs.isWorkItemInvariant(Rt))
      return Rt;
    if (IsItem(Rt) && Ctx.Exprs.isWorkItemInvariant(L))
      return L;
    return nullptr;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond))
    if (UO->getOpcode() == UO_LNot &&
        IsItem(Ctx.Exprs.translate(UO->getSubExpr())))
      return SymExpr::constant(0);
  return nullptr;
}

} // namespace clangfe
} // namespace privateer
