//===- SplitFixes.cpp - Heap scratch made per thread ----------------------===//
//
// Part of privateer.
//
//   double *w = malloc(S);
//   #pragma omp parallel for
//   for (...) { ... w ... }
// becomes a parallel region in which each thread makes its own block:
// when the buffer is only made, used in the loop and released, its
// declaration and release move into the region as they are; otherwise
// each thread's block gets a name of its own (`privateer_w`), used in the
// loop and released after it.
//
//===----------------------------------------------------------------------===//

#include "Directives.h"
#include "Fixes.h"
#include "Split.h"

#include "privateer/Clang/CXX/Edits/ASTQueries.h"
#include "privateer/Clang/CXX/Edits/SourceText.h"
#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/StmtWalk.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace privateer {
namespace clangfe {
namespace openmpfix {

using clang::Expr;

namespace {

/// Whether the pointer \p V and what its initializer reads are never
/// reassigned in \p FD, and after \p Loop the buffer is only released.
bool scratchIsStable(const VarDecl *V, const Expr *Init, const Stmt *Loop,
                     const FunctionDecl *FD, const SourceManager &SM) {
  llvm::SmallPtrSet<const ValueDecl *, 4> Reads;
  forEachStmt(
      Init,
      [&](const Stmt *S) {
        if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
          Reads.insert(DRE->getDecl());
      },
      CapturedChildren::Captures);
  Reads.insert(V);
  auto Target = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && Reads.count(DRE->getDecl());
  };
  bool Unsafe = walkStmts(FD->getBody(), [&](const Stmt *S) {
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp() && Target(BO->getLHS()))
      return WalkStep::Interrupt;
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
        Target(UO->getSubExpr()))
      return WalkStep::Interrupt;
    // After the loop: only `free(w)` / `delete[] w`.
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S);
        DRE && DRE->getDecl() == V &&
        SM.isBeforeInTranslationUnit(Loop->getEndLoc(), DRE->getBeginLoc()))
      return WalkStep::Interrupt;
    return releasedVariable(S) == V ? WalkStep::Skip : WalkStep::Advance;
  });
  return !Unsafe;
}

/// The declaration and the releases of \p V move into the region as they
/// are; false (no edit made) when they cannot.
bool moveScratch(const VarDecl *V, const OMPExecutableDirective *D,
                 const ForStmt *Loop, const FunctionDecl *FD, EditBuilder &E,
                 llvm::Error &Failed) {
  ASTContext &Ctx = E.context();
  const SourceManager &SM = E.sources();
  auto Moved =
      namedInClause(D, V) ? std::nullopt : scratchStatements(FD, V, Loop, SM);
  if (!Moved)
    return false;
  auto [Decl, Releases] = *Moved;
  std::string Indent = lineIndent(Loop->getBeginLoc(), SM);
  SourceLocation DeclEnd = statementEnd(Decl, Ctx);
  std::vector<CharSourceRange> Removed{
      linesOrSelf(Decl->getBeginLoc(), DeclEnd, SM)};
  std::string ReleaseText;
  if (!E.writable(Decl->getBeginLoc()))
    return true;
  for (const Stmt *R : Releases) {
    SourceLocation End = statementEnd(R, Ctx);
    if (!E.writable(R->getBeginLoc()))
      return true;
    Removed.push_back(linesOrSelf(R->getBeginLoc(), End, SM));
    ReleaseText +=
        "\n" + Indent + "  " +
        textOf(CharSourceRange::getCharRange(R->getBeginLoc(), End), Ctx);
  }
  auto Header = splitHeader(
      D, Indent,
      textOf(CharSourceRange::getCharRange(Decl->getBeginLoc(), DeclEnd), Ctx),
      Ctx);
  if (!Header) {
    Failed = Header.takeError();
    return true;
  }
  E.append({*Header});
  for (const CharSourceRange &R : Removed)
    E.remove(R);
  E.indentMore(Loop);
  E.insert(statementEnd(Loop, Ctx), ReleaseText + "\n" + Indent + "}");
  return true;
}

/// Each thread's block under a name of its own, used in the loop and
/// released after it.
FixResult renameScratch(const VarDecl *V, bool NewArray,
                        const OMPExecutableDirective *D, const ForStmt *Loop,
                        EditBuilder &E) {
  ASTContext &Ctx = E.context();
  std::string Indent = lineIndent(Loop->getBeginLoc(), E.sources());
  std::string Fresh = "privateer_" + V->getNameAsString();
  std::string Type = V->getType().getAsString(Ctx.getPrintingPolicy());
  auto Header =
      splitHeader(D, Indent,
                  Type + (Type.back() == '*' ? "" : " ") + Fresh + " = " +
                      tokensOf(V->getInit()->getSourceRange(), Ctx) + ";",
                  Ctx);
  if (!Header)
    return Header.takeError();
  E.append({*Header});
  for (const DeclRefExpr *Ref : referencesTo(V, Loop))
    E.replaceTokens(Ref->getLocation(), Fresh);
  E.indentMore(Loop);
  E.insert(statementEnd(Loop, Ctx),
           "\n" + Indent + "  " +
               (NewArray ? "delete[] " + Fresh : "free(" + Fresh + ")") +
               ";\n" + Indent + "}");
  return E.result();
}

} // namespace

FixResult buildScratchPerThread(const Finding &F, const ModelledConstruct &C,
                                EditBuilder &E) {
  const OMPExecutableDirective *D = directiveOf(C);
  const FunctionDecl *FD = C.Function;
  auto Loop = splittableLoop(D);
  if (!Loop)
    return Loop.takeError();
  if (!FD || !FD->getBody())
    return E.decline("");
  if (!E.writable(D->getBeginLoc()))
    return E.result();
  const VarDecl *V = variableNamedInConstruct(D, F.Buffer);
  const Expr *Init =
      V && V->getInit() ? V->getInit()->IgnoreImplicit() : nullptr;
  const Expr *Alloc = Init ? Init->IgnoreParenCasts() : nullptr;
  const auto *Call = dyn_cast_or_null<CallExpr>(Alloc);
  const auto *New = dyn_cast_or_null<CXXNewExpr>(Alloc);
  bool Malloc = Call && knownName(Call->getDirectCallee()) == KnownName::Malloc;
  if (!V || !V->isLocalVarDecl() || !(Malloc || (New && New->isArray())))
    return E.decline(
        "the buffer is not a local pointer initialized by malloc or new[]");
  if (!scratchIsStable(V, Init, *Loop, FD, E.sources()))
    return E.decline("the buffer or its size is reassigned, or its contents "
                     "are used after the loop");
  llvm::Error Failed = llvm::Error::success();
  if (moveScratch(V, D, *Loop, FD, E, Failed)) {
    if (Failed)
      return std::move(Failed);
    return E.result();
  }
  llvm::consumeError(std::move(Failed));
  return renameScratch(V, New, D, *Loop, E);
}

} // namespace openmpfix
} // namespace clangfe
} // namespace privateer
