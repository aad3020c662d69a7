//===- SplitFixes.cpp - Splitting parallel for
//------------------------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "Directives.h"
#include "FixSupport.h"
#include "privateer/Clang/CXX/PreprocessorLines.h"
#include "privateer/Clang/CXX/RegionBuilder.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

#include <functional>

using namespace clang;

namespace privateer {
namespace clangfe {

namespace {
bool splitClauses(const OMPExecutableDirective *D, ASTContext &Ctx,
                  std::string &ParallelClauses, std::string &ForClauses,
                  std::string &WhyNot);
} // namespace

const ForStmt *splittableLoop(const OMPExecutableDirective *D,
                              std::string &WhyNot) {
  OpenMPDirectiveKind K = D->getDirectiveKind();
  if ((K != llvm::omp::OMPD_parallel_for &&
       K != llvm::omp::OMPD_parallel_for_simd) ||
      cast<OMPLoopDirective>(D)->getLoopsNumber() != 1) {
    WhyNot = "only a combined 'parallel for' over one loop is split";
    return nullptr;
  }
  return dyn_cast_or_null<ForStmt>(
      cast<OMPLoopDirective>(D)->getInnermostCapturedStmt()->getCapturedStmt());
}

std::optional<FixItHint> splitHeader(const OMPExecutableDirective *D,
                                     const std::string &Indent,
                                     const std::string &Prologue,
                                     ASTContext &Ctx, std::string &WhyNot,
                                     const std::string &ForExtra) {
  std::string ParallelClauses, ForClauses;
  if (!splitClauses(D, Ctx, ParallelClauses, ForClauses, WhyNot))
    return std::nullopt;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation PragmaEnd = clauseInsertionPoint(D, Ctx);
  if (PragmaEnd.isInvalid() || PragmaEnd.isMacroID() ||
      D->getBeginLoc().isMacroID() ||
      *SM.getCharacterData(D->getBeginLoc()) != '#') {
    WhyNot = "only a '#pragma omp' directive written in the code is split";
    return std::nullopt;
  }
  // Code under '#if' cannot be moved or re-indented safely: a moved
  // declaration could leave its '#else' twin behind.
  if (const Stmt *Loop = cast<OMPLoopDirective>(D)->getAssociatedStmt();
      Loop && hasPreprocessorDirective(Loop->getSourceRange(), SM)) {
    WhyNot = "the loop holds preprocessor directives ('#if', '#define'), "
             "which a split could not keep in place";
    return std::nullopt;
  }
  return FixItHint::CreateReplacement(
      CharSourceRange::getCharRange(D->getBeginLoc(), PragmaEnd),
      "#pragma omp parallel" + ParallelClauses + "\n" + Indent + "{\n" +
          Indent + "  " + Prologue + "\n#pragma omp for" + ForClauses +
          ForExtra);
}

namespace {

/// Distributes a `parallel for`'s clauses: the team's to `parallel`, the
/// loop's to `for`. False for a clause with no obvious place.
bool splitClauses(const OMPExecutableDirective *D, ASTContext &Ctx,
                  std::string &ParallelClauses, std::string &ForClauses,
                  std::string &WhyNot) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  for (const OMPClause *C : D->clauses()) {
    if (!C || C->isImplicit())
      continue;
    StringRef Text = Lexer::getSourceText(
        CharSourceRange::getTokenRange(C->getBeginLoc(), C->getEndLoc()), SM,
        LO);
    switch (C->getClauseKind()) {
    case llvm::omp::OMPC_if:
    case llvm::omp::OMPC_num_threads:
    case llvm::omp::OMPC_default:
    case llvm::omp::OMPC_shared:
    case llvm::omp::OMPC_copyin:
    case llvm::omp::OMPC_proc_bind:
    case llvm::omp::OMPC_private:
    case llvm::omp::OMPC_firstprivate:
      ParallelClauses += " " + Text.str();
      break;
    case llvm::omp::OMPC_lastprivate:
    case llvm::omp::OMPC_linear:
    case llvm::omp::OMPC_reduction:
    case llvm::omp::OMPC_schedule:
    case llvm::omp::OMPC_collapse:
    case llvm::omp::OMPC_ordered:
    case llvm::omp::OMPC_order:
      ForClauses += " " + Text.str();
      break;
    default:
      WhyNot = "a clause of the directive has no obvious place after a split";
      return false;
    }
  }
  return true;
}

/// `std::vector<T> v(n);` (or `v(n, x)`, a std::string `s(n, c)`) made in
/// every iteration: one per thread, declared in the region, and refilled
/// in each iteration with `v.assign(n, T())` (`v.assign(n, x)`), which
/// keeps the capacity: the same contents as a new one, no allocation once
/// the first iteration has grown it.
std::vector<FixItHint>
reusedContainer(const OMPExecutableDirective *D, const ForStmt *Loop,
                const DeclStmt *Decl, const VarDecl *V,
                const CXXConstructExpr *Construct, bool KeepContents,
                ASTContext &Ctx, std::string &WhyNot, WritableFn Writable) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  auto Sized = sizedContainer(V, Construct, Ctx, WhyNot);
  if (!Sized)
    return {};
  SourceLocation DeclEnd = Lexer::findLocationAfterToken(
      Decl->getEndLoc(), tok::semi, SM, LO, false);
  if (!DeclEnd.isValid())
    DeclEnd = Lexer::getLocForEndOfToken(Decl->getEndLoc(), 0, SM, LO);
  if (!Writable(Decl->getBeginLoc()) || !Writable(Decl->getEndLoc()))
    return {};
  std::string Name = V->getName().str();
  std::string Indent = indentOf(Loop->getBeginLoc(), SM);
  std::string TypeText = writtenType(V, Ctx);
  auto Header =
      splitHeader(D, Indent, TypeText + " " + Name + ";", Ctx, WhyNot);
  if (!Header)
    return {};
  std::vector<FixItHint> Hints{*Header};
  // Read only where written first: resize() keeps the capacity and, from
  // the second iteration on, does nothing at all.
  Hints.push_back(FixItHint::CreateReplacement(
      CharSourceRange::getCharRange(Decl->getBeginLoc(), DeclEnd),
      KeepContents ? Name + ".resize(" + Sized->CountText + ");"
                   : Name + ".assign(" + Sized->CountText + ", " +
                         Sized->ValueText + ");"));
  indentMore(Loop, SM, Hints);
  Hints.push_back(FixItHint::CreateInsertion(
      Lexer::getLocForEndOfToken(Loop->getEndLoc(), 0, SM, LO),
      "\n" + Indent + "}"));
  return Hints;
}

} // namespace

std::vector<FixItHint>
splitScratch(BufferHandle Buffer, const OMPExecutableDirective *D,
             const FunctionDecl *FD, const std::string &Name, ASTContext &Ctx,
             std::string &WhyNot,
             llvm::function_ref<bool(SourceLocation)> Writable) {
  // double *w = malloc(S);
  // #pragma omp parallel for
  // for (...) { ... w ... }
  // becomes a parallel region that gives each thread
  //   double *privateer_w = malloc(S);
  // uses it in the loop, and frees it after.
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  const ForStmt *Loop = splittableLoop(D, WhyNot);
  if (!Loop || !FD || !FD->getBody() || !Writable(D->getBeginLoc()))
    return {};
  const VarDecl *V = variableNamedInConstruct(D, Buffer);
  const Expr *Init =
      V && V->getInit() ? V->getInit()->IgnoreImplicit() : nullptr;
  const Expr *Alloc = Init ? Init->IgnoreParenCasts() : nullptr;
  const auto *Call = dyn_cast_or_null<CallExpr>(Alloc);
  const auto *New = dyn_cast_or_null<CXXNewExpr>(Alloc);
  bool Malloc = Call && Call->getDirectCallee() &&
                Call->getDirectCallee()->getName() == "malloc";
  if (!V || !V->isLocalVarDecl() || !(Malloc || (New && New->isArray()))) {
    WhyNot = "the buffer is not a local pointer initialized by malloc or new[]";
    return {};
  }
  // The pointer and what its size reads are never reassigned in the
  // function; after the loop the buffer is only freed.
  llvm::SmallPtrSet<const ValueDecl *, 4> Reads;
  std::function<void(const Stmt *)> Collect = [&](const Stmt *S) {
    if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(S))
      Reads.insert(DRE->getDecl());
    if (S)
      for (const Stmt *C : S->children())
        Collect(C);
  };
  Collect(Init);
  Reads.insert(V);
  bool Safe = true;
  SourceLocation LoopEnd = Loop->getEndLoc();
  std::function<void(const Stmt *)> Check = [&](const Stmt *S) {
    if (!S || !Safe)
      return;
    auto Target = [&](const Expr *E) {
      const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return DRE && Reads.count(DRE->getDecl());
    };
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp() && Target(BO->getLHS()))
      Safe = false;
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
        Target(UO->getSubExpr()))
      Safe = false;
    // After the loop: only `free(w)` / `delete[] w`.
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S);
        DRE && DRE->getDecl() == V &&
        SM.isBeforeInTranslationUnit(LoopEnd, DRE->getBeginLoc()))
      Safe = false;
    if (releasedVariable(S) == V)
      return;
    forEachChild(S, Check);
  };
  Check(FD->getBody());
  if (!Safe) {
    WhyNot = "the buffer or its size is reassigned, or its contents are used "
             "after the loop";
    return {};
  }
  std::string Indent = indentOf(Loop->getBeginLoc(), SM);
  SourceLocation After = Lexer::findLocationAfterToken(
      Loop->getEndLoc(), tok::semi, SM, LO, false);
  if (After.isInvalid())
    After = Lexer::getLocForEndOfToken(Loop->getEndLoc(), 0, SM, LO);

  // When the buffer is only made, used in the loop and released, its
  // declaration and release move into the region as they are.
  if (auto Moved = namedInClause(D, V) ? std::nullopt
                                       : scratchStatements(FD, V, Loop, SM)) {
    auto [Decl, Releases] = *Moved;
    SourceLocation DeclEnd =
        Lexer::getLocForEndOfToken(Decl->getEndLoc(), 0, SM, LO);
    std::vector<CharSourceRange> Removed{
        statementLines(Decl->getBeginLoc(), DeclEnd, SM)};
    std::string ReleaseText;
    bool Ok = Writable(Decl->getBeginLoc());
    for (const Stmt *R : Releases) {
      SourceLocation End = Lexer::findLocationAfterToken(
          R->getEndLoc(), tok::semi, SM, LO, false);
      if (End.isInvalid() || !Writable(R->getBeginLoc())) {
        Ok = false;
        break;
      }
      Removed.push_back(statementLines(R->getBeginLoc(), End, SM));
      ReleaseText +=
          "\n" + Indent + "  " +
          Lexer::getSourceText(
              CharSourceRange::getCharRange(R->getBeginLoc(), End), SM, LO)
              .str();
    }
    std::string DeclText =
        Lexer::getSourceText(
            CharSourceRange::getCharRange(Decl->getBeginLoc(), DeclEnd), SM, LO)
            .str();
    auto Header =
        Ok ? splitHeader(D, Indent, DeclText, Ctx, WhyNot) : std::nullopt;
    if (Header) {
      std::vector<FixItHint> Hints{*Header};
      for (const CharSourceRange &R : Removed)
        Hints.push_back(FixItHint::CreateRemoval(R));
      indentMore(Loop, SM, Hints);
      Hints.push_back(
          FixItHint::CreateInsertion(After, ReleaseText + "\n" + Indent + "}"));
      return Hints;
    }
    if (!Ok)
      return {};
  }

  // Otherwise each thread's block gets a name of its own.
  std::string Fresh = "privateer_" + Name;
  std::string Type = V->getType().getAsString(Ctx.getPrintingPolicy());
  std::string InitText =
      Lexer::getSourceText(
          CharSourceRange::getTokenRange(V->getInit()->getSourceRange()), SM,
          LO)
          .str();
  auto Header = splitHeader(D, Indent,
                            Type + (Type.back() == '*' ? "" : " ") + Fresh +
                                " = " + InitText + ";",
                            Ctx, WhyNot);
  if (!Header)
    return {};
  std::vector<FixItHint> Hints{*Header};
  // Every use of the buffer in the loop takes the thread's block.
  bool Renamed = true;
  std::function<void(const Stmt *)> Rename = [&](const Stmt *S) {
    if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(S);
        DRE && DRE->getDecl() == V) {
      if (!Writable(DRE->getLocation()))
        Renamed = false;
      Hints.push_back(FixItHint::CreateReplacement(
          CharSourceRange::getTokenRange(DRE->getLocation()), Fresh));
    }
    if (S)
      forEachChild(S, Rename);
  };
  Rename(Loop);
  if (!Renamed)
    return {};
  indentMore(Loop, SM, Hints);
  Hints.push_back(FixItHint::CreateInsertion(
      After, "\n" + Indent + "  " +
                 (New ? "delete[] " + Fresh : "free(" + Fresh + ")") + ";\n" +
                 Indent + "}"));
  return Hints;
}

/// Whether the allocation that initializes \p V can move before the loop
/// of \p D: its size reads only what exists before the loop (and no
/// variable a clause privatizes), and the body never reassigns \p V.
bool movableAllocation(const VarDecl *V, const OMPExecutableDirective *D,
                       const Stmt *Body, const SourceManager &SM) {
  bool Movable = true;
  std::function<void(const Stmt *)> Check = [&](const Stmt *S) {
    // (`sizeof *t` reads nothing.)
    if (!S || isa<UnaryExprOrTypeTraitExpr>(S))
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
      if (const auto *X = dyn_cast<VarDecl>(DRE->getDecl()))
        if (!X->hasGlobalStorage() &&
            !SM.isBeforeInTranslationUnit(X->getLocation(), D->getBeginLoc()))
          Movable = false;
    for (const Stmt *C : S->children())
      Check(C);
  };
  Check(V->getInit());
  // Nor a variable a clause privatizes: outside the loop it would be
  // another variable.
  for (const OMPClause *C : D->clauses())
    for (const Stmt *Child : const_cast<OMPClause *>(C)->children())
      if (const auto *E = dyn_cast_or_null<Expr>(Child))
        if (const ValueDecl *Named = clauseVariable(E)) {
          std::function<void(const Stmt *)> Reads = [&](const Stmt *S) {
            if (!S)
              return;
            if (const auto *DRE = dyn_cast<DeclRefExpr>(S);
                DRE && DRE->getDecl() == Named && !isa<OMPSharedClause>(C))
              Movable = false;
            for (const Stmt *X : S->children())
              Reads(X);
          };
          Reads(V->getInit());
        }
  std::function<void(const Stmt *)> Assigned = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp())
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
          DRE && DRE->getDecl() == V)
        Movable = false;
    for (const Stmt *C : S->children())
      Assigned(C);
  };
  Assigned(Body);
  return Movable;
}

/// Whether \p Name is named in \p Loop by a variable other than \p V (one
/// that \p V's declaration shadows): a hoisted \p V would take its place.
bool nameTakenIn(const Stmt *Loop, const VarDecl *V) {
  bool Taken = false;
  std::function<void(const Stmt *)> Names = [&](const Stmt *S) {
    if (const auto *DRE = dyn_cast_or_null<DeclRefExpr>(S);
        DRE && DRE->getDecl() != V &&
        DRE->getDecl()->getDeclName() == V->getDeclName())
      Taken = true;
    if (S)
      for (const Stmt *C : S->children())
        Names(C);
  };
  Names(Loop);
  return Taken;
}

std::vector<FixItHint>
splitAllocation(const OMPExecutableDirective *D, const std::string &Name,
                bool KeepContents, ASTContext &Ctx, std::string &WhyNot,
                llvm::function_ref<bool(SourceLocation)> Writable) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  std::vector<FixItHint> None;
  const ForStmt *Loop = splittableLoop(D, WhyNot);
  if (!Loop || !Writable(D->getBeginLoc()))
    return None;
  const auto *Body = dyn_cast<CompoundStmt>(Loop->getBody());
  if (!Body) {
    WhyNot = "the loop has no block body";
    return None;
  }
  // The allocation and the release, both statements of the body itself.
  const DeclStmt *Alloc = nullptr;
  const Stmt *Release = nullptr;
  const VarDecl *V = nullptr;
  for (const Stmt *S : Body->body()) {
    if (const auto *DS = dyn_cast<DeclStmt>(S); DS && DS->isSingleDecl())
      if (const auto *X = dyn_cast<VarDecl>(DS->getSingleDecl());
          X && X->getName() == Name && X->getInit()) {
        Alloc = DS;
        V = X;
      }
    if (V && releasedVariable(S) == V)
      Release = S;
  }
  // The declaration moves to the region, around the whole loop: the loop
  // must not name another variable of that name (one the declaration
  // shadowed until now).
  if (V && nameTakenIn(Loop, V)) {
    WhyNot = "the loop also names another variable called '" + Name + "'";
    return None;
  }
  if (Alloc && V && !Release)
    if (const auto *Construct =
            dyn_cast<CXXConstructExpr>(V->getInit()->IgnoreImplicit()))
      return reusedContainer(D, Loop, Alloc, V, Construct, KeepContents, Ctx,
                             WhyNot, Writable);
  // `auto p = std::make_unique<T[]>(n);` owns its block: it moves out of
  // the loop as it is, and each iteration value-initializes the elements
  // again (std::uninitialized_fill_n, from <memory> like make_unique).
  const clang::Expr *RefillCount = nullptr;
  QualType RefillElement;
  if (Alloc && V && !Release) {
    const clang::Expr *Init = V->getInit()->IgnoreImplicit();
    if (const auto *CE = dyn_cast<CXXConstructExpr>(Init);
        CE && CE->getNumArgs() == 1)
      Init = CE->getArg(0)->IgnoreImplicit();
    const auto *Call = dyn_cast<CallExpr>(Init);
    const FunctionDecl *Callee = Call ? Call->getDirectCallee() : nullptr;
    const TemplateArgumentList *TArgs =
        Callee ? Callee->getTemplateSpecializationArgs() : nullptr;
    if (Callee && Callee->isInStdNamespace() && Callee->getIdentifier() &&
        Callee->getName() == "make_unique" && Call->getNumArgs() == 1 &&
        TArgs && TArgs->size() >= 1 &&
        TArgs->get(0).getKind() == TemplateArgument::Type)
      if (const auto *AT =
              Ctx.getAsIncompleteArrayType(TArgs->get(0).getAsType());
          AT && AT->getElementType()->isScalarType()) {
        RefillCount = Call->getArg(0);
        RefillElement = AT->getElementType();
        Release = Alloc; // nothing to move after the loop
      }
  }
  if (!Alloc || !Release) {
    WhyNot = "the allocation and its release are not both statements of "
             "the loop body";
    return None;
  }
  if (!movableAllocation(V, D, Body, SM)) {
    WhyNot = "the allocation depends on the iteration, or the pointer is "
             "reassigned";
    return None;
  }
  if (!Writable(Alloc->getBeginLoc()) || !Writable(Release->getBeginLoc()))
    return None;
  if (RefillCount) {
    const FunctionDecl *FD = dyn_cast<FunctionDecl>(V->getDeclContext());
    if (FD && (FD->isTemplateInstantiation() || FD->isDependentContext())) {
      WhyNot = "the code is a template's, and the fix would spell one "
               "instance's types";
      return None;
    }
    std::string Indent = indentOf(Loop->getBeginLoc(), SM);
    std::string AllocText =
        Lexer::getSourceText(CharSourceRange::getTokenRange(
                                 Alloc->getBeginLoc(), Alloc->getEndLoc()),
                             SM, LO)
            .str();
    auto Header = splitHeader(D, Indent, AllocText, Ctx, WhyNot);
    if (!Header)
      return None;
    std::string Count = Lexer::getSourceText(CharSourceRange::getTokenRange(
                                                 RefillCount->getSourceRange()),
                                             SM, LO)
                            .str();
    std::vector<FixItHint> Hints{*Header};
    if (KeepContents)
      Hints.push_back(FixItHint::CreateRemoval(statementLines(
          Alloc->getBeginLoc(),
          Lexer::getLocForEndOfToken(Alloc->getEndLoc(), 0, SM, LO), SM)));
    else
      Hints.push_back(FixItHint::CreateReplacement(
          CharSourceRange::getTokenRange(Alloc->getBeginLoc(),
                                         Alloc->getEndLoc()),
          "std::uninitialized_fill_n(" + V->getName().str() + ".get(), " +
              Count + ", " + spellType(RefillElement, Ctx) + "());"));
    indentMore(Loop, SM, Hints);
    Hints.push_back(FixItHint::CreateInsertion(
        Lexer::getLocForEndOfToken(Loop->getEndLoc(), 0, SM, LO),
        "\n" + Indent + "}"));
    return Hints;
  }
  SourceLocation ReleaseEnd = Lexer::findLocationAfterToken(
      Release->getEndLoc(), tok::semi, SM, LO, false);
  if (ReleaseEnd.isInvalid()) {
    WhyNot = "the release has no semicolon of its own";
    return None;
  }
  // Every other block the body makes with malloc or new[] and releases
  // moves with this one: a second split of the same loop could not follow
  // the first (the loop is no longer a combined 'parallel for'), and both
  // findings make this one edit.
  std::vector<
      std::pair<const DeclStmt *, std::pair<const Stmt *, SourceLocation>>>
      Moved{{Alloc, {Release, ReleaseEnd}}};
  auto Uninitialized = [](const clang::Expr *Init) {
    Init = Init->IgnoreParenCasts();
    if (const auto *New = dyn_cast<CXXNewExpr>(Init))
      return New->isArray() && !New->hasInitializer();
    const auto *Call = dyn_cast<CallExpr>(Init);
    const FunctionDecl *F = Call ? Call->getDirectCallee() : nullptr;
    return F && F->getIdentifier() && F->getName() == "malloc";
  };
  for (const Stmt *S : Body->body()) {
    const auto *DS = dyn_cast<DeclStmt>(S);
    const auto *X = DS && DS->isSingleDecl()
                        ? dyn_cast<VarDecl>(DS->getSingleDecl())
                        : nullptr;
    if (!X || X == V || !X->getInit() || !Uninitialized(X->getInit()) ||
        !movableAllocation(X, D, Body, SM) || nameTakenIn(Loop, X) ||
        !Writable(DS->getBeginLoc()))
      continue;
    const Stmt *Free = nullptr;
    for (const Stmt *T : Body->body())
      if (releasedVariable(T) == X)
        Free = T;
    SourceLocation FreeEnd =
        Free ? Lexer::findLocationAfterToken(Free->getEndLoc(), tok::semi, SM,
                                             LO, false)
             : SourceLocation();
    if (FreeEnd.isValid() && Writable(Free->getBeginLoc()))
      Moved.push_back({DS, {Free, FreeEnd}});
  }
  auto Before = [&](const Stmt *A, const Stmt *B) {
    return SM.isBeforeInTranslationUnit(A->getBeginLoc(), B->getBeginLoc());
  };
  std::sort(Moved.begin(), Moved.end(), [&](const auto &A, const auto &B) {
    return Before(A.first, B.first);
  });
  std::string Indent = indentOf(Loop->getBeginLoc(), SM);
  std::string AllocText, ReleaseText;
  std::vector<std::pair<const Stmt *, SourceLocation>> Releases;
  for (const auto &[A, Rel] : Moved) {
    AllocText += (AllocText.empty() ? "" : "\n" + Indent + "  ") +
                 Lexer::getSourceText(CharSourceRange::getTokenRange(
                                          A->getBeginLoc(), A->getEndLoc()),
                                      SM, LO)
                     .str();
    Releases.push_back(Rel);
  }
  std::sort(
      Releases.begin(), Releases.end(),
      [&](const auto &A, const auto &B) { return Before(A.first, B.first); });
  for (const auto &[Rel, RelEnd] : Releases)
    ReleaseText +=
        (ReleaseText.empty() ? "" : "\n" + Indent + "  ") +
        Lexer::getSourceText(
            CharSourceRange::getCharRange(Rel->getBeginLoc(), RelEnd), SM, LO)
            .str();
  auto Header = splitHeader(D, Indent, AllocText, Ctx, WhyNot);
  if (!Header)
    return None;
  std::vector<FixItHint> Hints{*Header};
  for (const auto &[A, Rel] : Moved) {
    Hints.push_back(FixItHint::CreateRemoval(statementLines(
        A->getBeginLoc(), Lexer::getLocForEndOfToken(A->getEndLoc(), 0, SM, LO),
        SM)));
    Hints.push_back(FixItHint::CreateRemoval(
        statementLines(Rel.first->getBeginLoc(), Rel.second, SM)));
  }
  indentMore(Loop, SM, Hints);
  Hints.push_back(FixItHint::CreateInsertion(
      Lexer::getLocForEndOfToken(Loop->getEndLoc(), 0, SM, LO),
      "\n" + Indent + "  " + ReleaseText + "\n" + Indent + "}"));
  return Hints;
}

} // namespace clangfe
} // namespace privateer
