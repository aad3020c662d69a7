//===- CombinableFixes.cpp - TBB fixes: accumulations combined ------------===//
//
// Part of privateer.
//
//   double sum = 0;
//   tbb::parallel_for(0, n, [&](int i) { sum += x[i]; });
// becomes
//   double sum = 0;
//   tbb::combinable<double> privateer_sum;
//   tbb::parallel_for(0, n, [&](int i) { privateer_sum.local() += x[i]; });
//   sum += privateer_sum.combine([](double a, double b) { return a + b; });
//
// Each thread's copy starts at the operator's identity (combinable's
// default T() is 0; a product's copies start at 1), so combining the copies
// and then the variable's value before the call gives what the sequential
// loop gives, up to the order of the operations (as for an OpenMP
// reduction). A minimum or maximum (`if (x[i] > m) m = x[i];`,
// `m = std::max(m, x[i]);`) starts each copy at the variable's value before
// the call (`[m] { return m; }`): min and max are idempotent, so taking
// that value again in every copy changes nothing, and the copies combine
// with the same comparison into the variable (the value before the call
// when no thread took work). A file that does not declare tbb::combinable
// gets `#include <tbb/combinable.h>` after its first TBB include.
//
//===----------------------------------------------------------------------===//

#include "CombinableFixes.h"

#include "FixText.h"
#include "privateer/Clang/Handles.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <functional>

using namespace clang;

namespace privateer {
namespace clangfe {

namespace {

/// The spelling of the combining operator, and the identity a thread's
/// copy starts from when T() is not it.
bool combiningOperator(ReductionOp Op, const char *&Spelling,
                       const char *&Identity) {
  Identity = nullptr;
  switch (Op) {
  case ReductionOp::Add:
  case ReductionOp::Sub: // partial sums of the subtracted terms, negated
    Spelling = "+";
    return true;
  case ReductionOp::Mul:
    Spelling = "*";
    Identity = "1";
    return true;
  case ReductionOp::Or:
    Spelling = "|";
    return true;
  case ReductionOp::Xor:
    Spelling = "^";
    return true;
  default:
    return false;
  }
}

/// Whether \p Ref (a use of the accumulated variable) is the target of an
/// update with \p Op: `v += e`, `v -= e`, `v++`, `v *= e`...
bool isUpdateTarget(const DeclRefExpr *Ref, ReductionOp Op, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(*Ref);
  while (!Parents.empty() && Parents[0].get<ParenExpr>())
    Parents = Ctx.getParents(Parents[0]);
  if (Parents.empty())
    return false;
  if (const auto *CA = Parents[0].get<CompoundAssignOperator>()) {
    if (CA->getLHS()->IgnoreParens() != Ref)
      return false;
    switch (CA->getOpcode()) {
    case BO_AddAssign:
    case BO_SubAssign:
      return Op == ReductionOp::Add || Op == ReductionOp::Sub;
    case BO_MulAssign:
      return Op == ReductionOp::Mul;
    case BO_OrAssign:
      return Op == ReductionOp::Or;
    case BO_XorAssign:
      return Op == ReductionOp::Xor;
    default:
      return false;
    }
  }
  if (const auto *UO = Parents[0].get<UnaryOperator>())
    return UO->isIncrementDecrementOp() &&
           (Op == ReductionOp::Add || Op == ReductionOp::Sub);
  return false;
}

/// The first parent of \p E that is not a paren or an implicit cast.
DynTypedNode parentOf(const clang::Expr *E, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(*E);
  while (!Parents.empty() &&
         (Parents[0].get<ParenExpr>() || Parents[0].get<ImplicitCastExpr>() ||
          Parents[0].get<MaterializeTemporaryExpr>() ||
          Parents[0].get<ExprWithCleanups>()))
    Parents = Ctx.getParents(Parents[0]);
  return Parents.empty() ? DynTypedNode() : Parents[0];
}

bool refersTo(const clang::Expr *E, const VarDecl *V) {
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE && DRE->getDecl() == V;
}

/// Whether evaluating \p E twice gives one value and changes nothing:
/// names, constants, arithmetic, and elements (`x[i]`, a standard
/// container's operator[], which Clang counts as a call with effects).
bool readsOnly(const clang::Expr *E) {
  E = E->IgnoreParenImpCasts();
  if (isa<DeclRefExpr, IntegerLiteral, FloatingLiteral, CharacterLiteral>(E))
    return true;
  if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(E))
    return readsOnly(ASE->getBase()) && readsOnly(ASE->getIdx());
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return isa<FieldDecl>(ME->getMemberDecl()) && readsOnly(ME->getBase());
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && BO->getOpcode() != BO_Comma &&
           readsOnly(BO->getLHS()) && readsOnly(BO->getRHS());
  if (const auto *UO = dyn_cast<UnaryOperator>(E))
    return !UO->isIncrementDecrementOp() && readsOnly(UO->getSubExpr());
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    const auto *M = dyn_cast_or_null<CXXMethodDecl>(Op->getDirectCallee());
    return Op->getOperator() == OO_Subscript && M &&
           M->getParent()->isInStdNamespace() && Op->getNumArgs() == 2 &&
           readsOnly(Op->getArg(0)) && readsOnly(Op->getArg(1));
  }
  return false;
}

/// `std::max(v, e)` or `std::max(e, v)` (std::min for \p Max false): the
/// other operand, or null.
const clang::Expr *minMaxCallOther(const clang::Expr *E, const VarDecl *V,
                                   bool Max) {
  const auto *Call = dyn_cast<CallExpr>(E->IgnoreImplicit()->IgnoreParens());
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD || !FD->getIdentifier() || !FD->isInStdNamespace() ||
      FD->getName() != (Max ? "max" : "min") || Call->getNumArgs() != 2)
    return nullptr;
  if (refersTo(Call->getArg(0), V))
    return Call->getArg(1);
  if (refersTo(Call->getArg(1), V))
    return Call->getArg(0);
  return nullptr;
}

/// Whether \p Ref (a use of \p V) is part of a max (\p Max) or min update
/// in a statement of its own: `v = std::max(v, e);`, or
/// `if (e > v) v = e;` (`v < e`, `>=`, `<=`; the mirrored comparison for
/// a min) where `e` has no side effects and is written the same both times.
bool isMinMaxUse(const DeclRefExpr *Ref, const VarDecl *V, bool Max,
                 ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  auto StatementOfItsOwn = [&](const clang::Expr *E) {
    const auto *S = parentOf(E, Ctx).get<Stmt>();
    return S && !isa<clang::Expr>(S);
  };
  // v = std::max(v, e);
  auto IsCallUpdate = [&](const BinaryOperator *A) {
    return A && A->getOpcode() == BO_Assign && refersTo(A->getLHS(), V) &&
           minMaxCallOther(A->getRHS(), V, Max) && StatementOfItsOwn(A);
  };
  DynTypedNode P = parentOf(Ref, Ctx);
  if (IsCallUpdate(P.get<BinaryOperator>()))
    return true;
  if (const auto *Call = P.get<CallExpr>())
    if (IsCallUpdate(parentOf(Call, Ctx).get<BinaryOperator>()))
      return true;
  // if (e > v) v = e;
  auto Text = [&](const clang::Expr *E) {
    return Lexer::getSourceText(
        CharSourceRange::getTokenRange(E->getSourceRange()), SM, LO);
  };
  auto IsIfUpdate = [&](const IfStmt *If) {
    if (!If || If->getElse() || If->getInit() || If->getConditionVariable())
      return false;
    const auto *Cmp = dyn_cast<BinaryOperator>(If->getCond()->IgnoreParens());
    if (!Cmp || !Cmp->isRelationalOp())
      return false;
    // The candidate, and whether the condition says it is the greater.
    const clang::Expr *E = nullptr;
    bool Greater = Cmp->getOpcode() == BO_GT || Cmp->getOpcode() == BO_GE;
    if (refersTo(Cmp->getRHS(), V))
      E = Cmp->getLHS();
    else if (refersTo(Cmp->getLHS(), V)) {
      E = Cmp->getRHS();
      Greater = !Greater;
    }
    if (!E || Greater != Max || !readsOnly(E))
      return false;
    const Stmt *Then = If->getThen();
    if (const auto *CS = dyn_cast<CompoundStmt>(Then))
      Then = CS->size() == 1 ? CS->body_front() : nullptr;
    const auto *A = dyn_cast_or_null<BinaryOperator>(Then);
    return A && A->getOpcode() == BO_Assign && refersTo(A->getLHS(), V) &&
           !Text(E).empty() && Text(E) == Text(A->getRHS());
  };
  if (const auto *Cmp = P.get<BinaryOperator>(); Cmp && Cmp->isRelationalOp())
    return IsIfUpdate(parentOf(Cmp, Ctx).get<IfStmt>());
  if (const auto *A = P.get<BinaryOperator>();
      A && A->getOpcode() == BO_Assign) {
    DynTypedNode Above = parentOf(A, Ctx);
    if (const auto *CS = Above.get<CompoundStmt>())
      Above =
          Ctx.getParents(*CS).empty() ? DynTypedNode() : Ctx.getParents(*CS)[0];
    return IsIfUpdate(Above.get<IfStmt>());
  }
  return false;
}

} // namespace

std::vector<FixItHint> buildCombinableFix(const Finding &F,
                                          const ModelledConstruct &C,
                                          ASTContext &Ctx,
                                          std::string &WhyNot) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  const auto *V = declOf(F.Buffer);
  const auto *Var = dyn_cast_or_null<VarDecl>(V);
  const auto *Call = dyn_cast_or_null<CallExpr>(C.Construct);
  const char *Op = nullptr, *Identity = nullptr;
  // A min or max: each thread's copy starts at the variable's value before
  // the call (taking it again changes nothing), and the copies combine
  // with the same comparison.
  const auto &Fix = std::get<remedy::Reduce>(F.Fix);
  bool Max = Fix.Op == ReductionOp::Max;
  bool MinMax = Max || Fix.Op == ReductionOp::Min;
  if (!Var || !Call || Fix.SectionLength ||
      (!MinMax && !combiningOperator(Fix.Op, Op, Identity)) ||
      !Var->getType()->isArithmeticType() ||
      Var->getType().isVolatileQualified()) {
    WhyNot = "tbb::combinable is built only for a scalar updated with +, -, "
             "*, |, ^, min or max";
    return {};
  }
  // The copies start from a lambda's copy of the variable, which only an
  // automatic variable can give.
  if (MinMax && !Var->hasLocalStorage()) {
    WhyNot = "'" + Var->getName().str() +
             "' is not a local variable, whose value a lambda could copy for "
             "the copies to start from";
    return {};
  }
  if (C.Function && (C.Function->isTemplateInstantiation() ||
                     C.Function->isDependentContext())) {
    WhyNot = "the code is a template's, and the fix would spell one "
             "instance's types";
    return {};
  }
  // The body: a lambda argument with a default by-reference capture (the
  // new variable is captured as the old one was).
  const LambdaExpr *Body = nullptr;
  for (const clang::Expr *Arg : Call->arguments())
    if (const auto *L = dyn_cast<LambdaExpr>(Arg->IgnoreImplicit()))
      Body = Body ? nullptr : L;
  if (!Body || Body->getCaptureDefault() != LCD_ByRef) {
    WhyNot = "the body is not one lambda with a '[&]' capture";
    return {};
  }
  // Every use of the variable in the call is one of the updates.
  std::vector<const DeclRefExpr *> Uses;
  bool OnlyUpdates = true;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S);
        DRE && DRE->getDecl() == Var) {
      Uses.push_back(DRE);
      OnlyUpdates &= MinMax ? isMinMaxUse(DRE, Var, Max, Ctx)
                            : isUpdateTarget(DRE, Fix.Op, Ctx);
    }
    for (const Stmt *Child : S->children())
      Walk(Child);
  };
  Walk(Body->getBody());
  unsigned InCall = 0;
  std::function<void(const Stmt *)> Count = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S);
        DRE && DRE->getDecl() == Var)
      ++InCall;
    for (const Stmt *Child : S->children())
      Count(Child);
  };
  // (The other arguments: the lambda's own children include its captures.)
  for (const clang::Expr *Arg : Call->arguments())
    if (Arg->IgnoreImplicit() != Body)
      Count(Arg);
  for (const DeclRefExpr *U : Uses)
    if (U->getLocation().isMacroID()) {
      WhyNot = "the code comes from a macro expansion or a system header";
      return {};
    }
  if (Uses.empty() || !OnlyUpdates || InCall) {
    WhyNot = "the body uses '" + Var->getName().str() +
             "' other than in the updates";
    return {};
  }
  // The call is a statement of a block.
  DynTypedNodeList Parents = Ctx.getParents(*Call);
  while (!Parents.empty() && (Parents[0].get<ExprWithCleanups>() ||
                              Parents[0].get<ImplicitCastExpr>() ||
                              Parents[0].get<CXXBindTemporaryExpr>()))
    Parents = Ctx.getParents(Parents[0]);
  if (Parents.empty() || !Parents[0].get<CompoundStmt>()) {
    WhyNot = "the call is not a statement of its own";
    return {};
  }
  SourceLocation Begin = Call->getBeginLoc();
  SourceLocation After = Lexer::findLocationAfterToken(
      Call->getEndLoc(), tok::semi, SM, LO, false);
  for (SourceLocation L : {Begin, Call->getEndLoc()})
    if (L.isInvalid() || L.isMacroID() || SM.isInSystemHeader(L)) {
      WhyNot = "the code comes from a macro expansion or a system header";
      return {};
    }
  for (const DeclRefExpr *U : Uses)
    if (U->getLocation().isMacroID()) {
      WhyNot = "the code comes from a macro expansion or a system header";
      return {};
    }
  if (After.isInvalid()) {
    WhyNot = "the call is not a statement of its own";
    return {};
  }
  std::string Name = Var->getName().str();
  std::string Local = "privateer_" + Name;
  // (An arithmetic type, or a typedef of one that is in scope here.)
  std::string Type =
      Var->getType().getNonReferenceType().getUnqualifiedType().getAsString(
          Ctx.getPrintingPolicy());
  // Indentation of the call's line.
  auto [File, Offset] = SM.getDecomposedLoc(SM.getExpansionLoc(Begin));
  StringRef Buffer = SM.getBufferData(File);
  size_t LineStart = Buffer.rfind('\n', Offset);
  LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
  StringRef Lead = Buffer.slice(LineStart, Offset);
  if (Lead.find_first_not_of(" \t") != StringRef::npos) {
    WhyNot = "the call shares its line with other code";
    return {};
  }
  std::string Indent = Lead.str();

  std::vector<FixItHint> Hints;
  if (!declaresTBB(Ctx, "combinable")) {
    auto Include = includeAfterCallee(Call, "combinable.h", Ctx, WhyNot);
    if (!Include)
      return {};
    Hints.push_back(*Include);
  }
  std::string Init;
  if (MinMax)
    Init = "([" + Name + "] { return " + Name + "; })";
  else if (Identity)
    Init = std::string("([] { return ") + Type + "(" + Identity + "); })";
  std::string Decl =
      "tbb::combinable<" + Type + "> " + Local + Init + ";\n" + Indent;
  Hints.push_back(FixItHint::CreateInsertion(Begin, Decl));
  for (const DeclRefExpr *U : Uses)
    Hints.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getTokenRange(U->getLocation()), Local + ".local()"));
  std::string Combine =
      MinMax ? Name + " = " + Local + ".combine([](" + Type + " a, " + Type +
                   " b) { return " + (Max ? "a < b ? b : a" : "b < a ? b : a") +
                   "; });"
             : Name + " " + Op + "= " + Local + ".combine([](" + Type + " a, " +
                   Type + " b) { return a " + Op + " b; });";
  Hints.push_back(FixItHint::CreateInsertion(After, "\n" + Indent + Combine));
  return Hints;
}

} // namespace clangfe
} // namespace privateer
