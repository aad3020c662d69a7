//===- ScratchFixes.cpp - TBB fixes: a scratch container per thread -------===//
//
// Part of privateer.
//
//   std::vector<double> tmp(m);
//   tbb::parallel_for(0, n, [&](int i) { ... tmp[k] ... });
// becomes (ETS<T> standing for tbb::enumerable_thread_specific<T,
// tbb::cache_aligned_allocator<T>, tbb::ets_key_per_instance>, see
// threadSpecificType)
//   ETS<std::vector<double>> tmp_ets(m);
//   tbb::parallel_for(0, n, [&](int i) {
//     auto &tmp = tmp_ets.local();
//     ...
// Each thread makes its copy once, with the arguments the declaration gave
// (evaluated where the declaration was: the class keeps copies of them),
// and every work item the thread runs reuses it: one allocation per
// thread, where the move into the body made one per index. A work item
// that could read an element it did not write first gets the copy made
// again in place (`tmp.assign(n, x)`: the contents of a new one, no
// allocation). The body must not change the copy's size (only elements,
// size() and the like are used), and must not wait for nested parallel
// work: the waiting thread could run another work item of the call, which
// would take the same copy.
//
//===----------------------------------------------------------------------===//

#include "Fixes.h"
#include "ThreadSpecific.h"

#include "privateer/Clang/CXX/Edits/ASTQueries.h"
#include "privateer/Clang/CXX/Edits/SourceText.h"
#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/SizedContainer.h"
#include "privateer/Clang/CXX/StmtWalk.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace privateer {
namespace clangfe {
namespace tbbfix {

using clang::Expr;

namespace {

/// Whether the use \p Ref of a container leaves its size as it was: an
/// element (`v[k]`, `v.at(k)`, `v.front()`), or a question about it
/// (`v.size()`, `v.data()`, `v.begin()`).
bool keepsSize(const DeclRefExpr *Ref, ASTContext &Ctx) {
  DynTypedNode P = semanticParent(Ref, Ctx);
  if (const auto *Op = P.get<CXXOperatorCallExpr>())
    return Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2 &&
           Op->getArg(0)->IgnoreParenImpCasts() == Ref;
  if (const auto *ME = P.get<MemberExpr>()) {
    const auto *M = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
    if (!M || !M->getIdentifier())
      return false;
    return nameFamilies(M->getName()) & family::Observer;
  }
  return false;
}

/// Whether \p E names something a parameter of \p Body has the name of.
bool namesHiddenBy(const Expr *E, const FunctionDecl *Body) {
  return walkStmts(
      E,
      [&](const Stmt *X) {
        if (const auto *DRE = dyn_cast<DeclRefExpr>(X))
          for (const ParmVarDecl *P : Body->parameters())
            if (P->getDeclName() == DRE->getDecl()->getDeclName())
              return WalkStep::Interrupt;
        return WalkStep::Advance;
      },
      CapturedChildren::Captures);
}

/// The statement that makes the copy a new one again in each work item
/// (empty where every element read is written first), or why none can.
llvm::Expected<std::string> refillOf(const VarDecl *V,
                                     const SizedContainer &Sized,
                                     const WorkBody &B, bool KeepContents,
                                     ASTContext &Ctx) {
  if (KeepContents)
    return "";
  std::string Name = V->getName().str();
  if (Sized.Value && !Sized.Value->isEvaluatable(Ctx))
    return decline("its elements are made from a value that is not a "
                   "constant, which each work item would compute again");
  // The size never changes: a constant count, or the copy's own.
  bool ConstantCount = Sized.Count->isIntegerConstantExpr(Ctx);
  // What the refill names must mean in the body what it meant at the
  // declaration: no parameter of the body may hide it.
  for (const Expr *E : {ConstantCount ? Sized.Count : nullptr, Sized.Value})
    if (E && namesHiddenBy(E, B.Function))
      return decline("the refill would name what a parameter of the body "
                     "hides");
  std::string Count = ConstantCount ? Sized.CountText : Name + ".size()";
  return Name + ".assign(" + Count + ", " + Sized.ValueText + ");";
}

/// Why the body cannot take a copy per thread of \p V, or success.
llvm::Error bodyCannotKeepCopy(const VarDecl *V, const CompoundStmt *Body,
                               ASTContext &Ctx) {
  std::string Name = V->getName().str();
  // The body's own declarations of that name would clash with the
  // reference to the thread's copy.
  for (const Stmt *S : Body->body())
    if (const auto *D = dyn_cast<DeclStmt>(S))
      for (const Decl *X : D->decls())
        if (const auto *ND = dyn_cast<NamedDecl>(X);
            ND && ND->getIdentifier() && ND->getName() == Name)
          return decline("the body declares another '" + Name + "'");
  // A copy the thread's next work item takes must look like a new one: its
  // size never changes, and its contents are made again unless every
  // element read is written first.
  for (const DeclRefExpr *U : referencesTo(V, Body))
    if (!keepsSize(U, Ctx))
      return decline("the body uses '" + Name +
                     "' other than through its elements, and could change "
                     "its size for the thread's next work item");
  return llvm::Error::success();
}

} // namespace

FixResult threadSpecificScratch(const VarDecl *V, const DeclStmt *DS,
                                const TBBConstruct &T, const WorkBody &B,
                                const ModelledConstruct &C, bool KeepContents,
                                EditBuilder &E) {
  ASTContext &Ctx = E.context();
  const SourceManager &SM = E.sources();
  std::string Name = V->getName().str();
  if (T.StdAlgorithm)
    return E.decline("declared in the body it would be made for every "
                     "element, and a standard algorithm has no object per "
                     "thread to keep it in");
  const auto *Body = dyn_cast_or_null<CompoundStmt>(B.body());
  if (!B.Lambda || !Body || Body->body_empty() ||
      B.Lambda->getCaptureDefault() != LCD_ByRef)
    return E.decline("the body is not a lambda with a '[&]' capture, which "
                     "the copy per thread would need");
  if (llvm::Error Err = bodyLeavesThread(C))
    return std::move(Err);
  const auto *Construct =
      V->getInit() && V->getInitStyle() == VarDecl::CallInit
          ? dyn_cast<CXXConstructExpr>(V->getInit()->IgnoreImplicit())
          : nullptr;
  if (!Construct)
    return E.decline("declared in the body it would be made for every index, "
                     "and only a container made as (count) or (count, value) "
                     "is kept per thread");
  std::string WhyNot;
  auto Sized = sizedContainer(V, Construct, Ctx, WhyNot);
  if (!Sized)
    return E.decline(WhyNot);
  if (llvm::Error Err = bodyCannotKeepCopy(V, Body, Ctx))
    return std::move(Err);
  auto Refill = refillOf(V, *Sized, B, KeepContents, Ctx);
  if (!Refill)
    return Refill.takeError();
  std::string ETS = Name + "_ets";
  if (!nameIsFree(ETS, C.Function, Ctx))
    return E.decline("the name '" + ETS + "' is taken");
  SourceLocation At = Body->body_front()->getBeginLoc();
  if (!E.writable({DS->getBeginLoc(), DS->getEndLoc(), V->getBeginLoc(),
                   V->getLocation(), At}))
    return E.result();
  auto Indent = indentBefore(At, SM);
  if (!Indent)
    return E.decline("the body shares its line with other code");
  includeTBBClass(E, T.Call, "enumerable_thread_specific",
                  "enumerable_thread_specific.h");
  // The declaration keeps its arguments: each thread's copy is made from
  // them as the variable was.
  E.replace(CharSourceRange::getCharRange(
                V->getBeginLoc(),
                Lexer::getLocForEndOfToken(V->getLocation(), 0, SM, E.lang())),
            threadSpecificType(writtenType(V, Ctx)) + " " + ETS);
  E.insert(At, "auto &" + Name + " = " + ETS + ".local();\n" + *Indent +
                   (Refill->empty() ? "" : *Refill + "\n" + *Indent));
  return E.result();
}

} // namespace tbbfix
} // namespace clangfe
} // namespace privateer
