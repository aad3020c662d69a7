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

#include "Fixes.h"
#include "ThreadSpecific.h"

#include "privateer/Clang/CXX/Edits/ASTQueries.h"
#include "privateer/Clang/CXX/Edits/SourceText.h"
#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/Handles.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace privateer {
namespace clangfe {
namespace tbbfix {

using clang::Expr;

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
      knownName(FD) != (Max ? KnownName::Max : KnownName::Min) ||
      Call->getNumArgs() != 2)
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
    const auto *S = semanticParent(E, Ctx).get<Stmt>();
    return S && !isa<clang::Expr>(S);
  };
  // v = std::max(v, e);
  auto IsCallUpdate = [&](const BinaryOperator *A) {
    return A && A->getOpcode() == BO_Assign && refersTo(A->getLHS(), V) &&
           minMaxCallOther(A->getRHS(), V, Max) && StatementOfItsOwn(A);
  };
  DynTypedNode P = semanticParent(Ref, Ctx);
  if (IsCallUpdate(P.get<BinaryOperator>()))
    return true;
  if (const auto *Call = P.get<CallExpr>())
    if (IsCallUpdate(semanticParent(Call, Ctx).get<BinaryOperator>()))
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
    return IsIfUpdate(semanticParent(Cmp, Ctx).get<IfStmt>());
  if (const auto *A = P.get<BinaryOperator>();
      A && A->getOpcode() == BO_Assign) {
    DynTypedNode Above = semanticParent(A, Ctx);
    if (const auto *CS = Above.get<CompoundStmt>())
      Above =
          Ctx.getParents(*CS).empty() ? DynTypedNode() : Ctx.getParents(*CS)[0];
    return IsIfUpdate(Above.get<IfStmt>());
  }
  return false;
}

/// The lambda the call runs, when it is its one lambda argument and
/// captures by reference by default (the new variable is captured as the
/// old one was); null otherwise.
const LambdaExpr *byReferenceBody(const CallExpr *Call) {
  const LambdaExpr *Body = nullptr;
  for (const clang::Expr *Arg : Call->arguments())
    if (const auto *L = dyn_cast<LambdaExpr>(Arg->IgnoreImplicit()))
      Body = Body ? nullptr : L;
  return Body && Body->getCaptureDefault() == LCD_ByRef ? Body : nullptr;
}

/// The uses of \p Var in \p Body, when each is one of the updates (the
/// accumulation's, or a min's or max's) and no other argument of the call
/// names it; an error saying why otherwise.
llvm::Expected<std::vector<const DeclRefExpr *>>
updatesOnly(const VarDecl *Var, const CallExpr *Call, const LambdaExpr *Body,
            ReductionOp Op, EditBuilder &E) {
  ASTContext &Ctx = E.context();
  bool Max = Op == ReductionOp::Max;
  bool MinMax = Max || Op == ReductionOp::Min;
  std::vector<const DeclRefExpr *> Uses = referencesTo(Var, Body->getBody());
  bool OnlyUpdates = llvm::all_of(Uses, [&](const DeclRefExpr *U) {
    return MinMax ? isMinMaxUse(U, Var, Max, Ctx) : isUpdateTarget(U, Op, Ctx);
  });
  // (The other arguments: the lambda's own children include its captures.)
  size_t InCall = 0;
  for (const clang::Expr *Arg : Call->arguments())
    if (Arg->IgnoreImplicit() != Body)
      InCall += referencesTo(Var, Arg).size();
  for (const DeclRefExpr *U : Uses)
    if (!E.writable(U->getLocation()))
      return E.result().takeError();
  if (Uses.empty() || !OnlyUpdates || InCall)
    return decline("the body uses '" + Var->getName().str() +
                   "' other than in the updates");
  return Uses;
}

/// The combinable's declaration, and the statement that combines its
/// copies into the variable after the call.
std::pair<std::string, std::string>
combinableText(const VarDecl *Var, ReductionOp Op, ASTContext &Ctx) {
  const char *Spelling = nullptr, *Identity = nullptr;
  bool Max = Op == ReductionOp::Max;
  bool MinMax = Max || Op == ReductionOp::Min;
  if (!MinMax)
    combiningOperator(Op, Spelling, Identity);
  std::string Name = Var->getName().str();
  std::string Local = "privateer_" + Name;
  // (An arithmetic type, or a typedef of one that is in scope here.)
  std::string Type =
      Var->getType().getNonReferenceType().getUnqualifiedType().getAsString(
          Ctx.getPrintingPolicy());
  std::string Init;
  if (MinMax)
    Init = "([" + Name + "] { return " + Name + "; })";
  else if (Identity)
    Init = std::string("([] { return ") + Type + "(" + Identity + "); })";
  std::string Combiner = "[](" + Type + " a, " + Type + " b) { return ";
  std::string Combine =
      MinMax ? Name + " = " + Local + ".combine(" + Combiner +
                   (Max ? "a < b ? b : a" : "b < a ? b : a") + "; });"
             : Name + " " + Spelling + "= " + Local + ".combine(" + Combiner +
                   "a " + Spelling + " b; });";
  return {"tbb::combinable<" + Type + "> " + Local + Init + ";", Combine};
}

} // namespace

FixResult buildCombinable(const Finding &F, const ModelledConstruct &C,
                          EditBuilder &E) {
  ASTContext &Ctx = E.context();
  const SourceManager &SM = E.sources();
  const auto &Fix = std::get<remedy::Reduce>(F.Fix);
  const VarDecl *Var = variableOf(F.Buffer);
  const auto *Call = dyn_cast_or_null<CallExpr>(C.Construct);
  const char *Op = nullptr, *Identity = nullptr;
  // A min or max: each thread's copy starts at the variable's value before
  // the call (taking it again changes nothing), and the copies combine
  // with the same comparison.
  bool MinMax = Fix.Op == ReductionOp::Max || Fix.Op == ReductionOp::Min;
  if (!Var || !Call || Fix.SectionLength ||
      (!MinMax && !combiningOperator(Fix.Op, Op, Identity)) ||
      !Var->getType()->isArithmeticType() ||
      Var->getType().isVolatileQualified())
    return E.decline("tbb::combinable is built only for a scalar updated "
                     "with +, -, *, |, ^, min or max");
  // The copies start from a lambda's copy of the variable, which only an
  // automatic variable can give.
  if (MinMax && !Var->hasLocalStorage())
    return E.decline("'" + Var->getName().str() +
                     "' is not a local variable, whose value a lambda could "
                     "copy for the copies to start from");
  if (!E.maySpellTypesIn(C.Function))
    return E.result();
  const LambdaExpr *Body = byReferenceBody(Call);
  if (!Body)
    return E.decline("the body is not one lambda with a '[&]' capture");
  auto Uses = updatesOnly(Var, Call, Body, Fix.Op, E);
  if (!Uses)
    return Uses.takeError();
  // The call is a statement of a block, alone on its line.
  const Stmt *Statement = blockStatement(Call, Ctx);
  if (!Statement || cast<clang::Expr>(Statement)->IgnoreImplicit() != Call)
    return E.decline("the call is not a statement of its own");
  SourceLocation After = Lexer::findLocationAfterToken(
      Call->getEndLoc(), tok::semi, SM, E.lang(), false);
  if (!E.writable({Call->getBeginLoc(), Call->getEndLoc()}))
    return E.result();
  if (After.isInvalid())
    return E.decline("the call is not a statement of its own");
  auto Indent = indentBefore(SM.getExpansionLoc(Call->getBeginLoc()), SM);
  if (!Indent)
    return E.decline("the call shares its line with other code");
  includeTBBClass(E, Call, "combinable", "combinable.h");
  auto [Declaration, Combine] = combinableText(Var, Fix.Op, Ctx);
  E.insert(Call->getBeginLoc(), Declaration + "\n" + *Indent);
  for (const DeclRefExpr *U : *Uses)
    E.replaceTokens(U->getLocation(),
                    "privateer_" + Var->getName().str() + ".local()");
  E.insert(After, "\n" + *Indent + Combine);
  return E.result();
}

} // namespace tbbfix
} // namespace clangfe
} // namespace privateer
