//===- Split.cpp - A `parallel for` split in two --------------------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "Split.h"

#include "Pragmas.h"
#include "privateer/Clang/CXX/Edits/EditBuilder.h"
#include "privateer/Clang/CXX/Edits/SourceText.h"
#include "privateer/Clang/CXX/PreprocessorLines.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/StmtWalk.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace privateer {
namespace clangfe {

using clang::Expr;

llvm::Expected<const ForStmt *>
splittableLoop(const OMPExecutableDirective *D) {
  OpenMPDirectiveKind K = D->getDirectiveKind();
  if ((K != llvm::omp::OMPD_parallel_for &&
       K != llvm::omp::OMPD_parallel_for_simd) ||
      cast<OMPLoopDirective>(D)->getLoopsNumber() != 1)
    return decline("only a combined 'parallel for' over one loop is split");
  if (const auto *Loop =
          dyn_cast_or_null<ForStmt>(cast<OMPLoopDirective>(D)
                                        ->getInnermostCapturedStmt()
                                        ->getCapturedStmt()))
    return Loop;
  return decline("only a combined 'parallel for' over one 'for' loop is split");
}

namespace {

/// Distributes a `parallel for`'s clauses: the team's to `parallel`, the
/// loop's to `for`. An error for a clause with no obvious place.
llvm::Error splitClauses(const OMPExecutableDirective *D, ASTContext &Ctx,
                         std::string &ParallelClauses,
                         std::string &ForClauses) {
  for (const OMPClause *C : D->clauses()) {
    if (!C || C->isImplicit())
      continue;
    std::string Text =
        tokensOf(SourceRange(C->getBeginLoc(), C->getEndLoc()), Ctx);
    switch (C->getClauseKind()) {
    case llvm::omp::OMPC_if:
    case llvm::omp::OMPC_num_threads:
    case llvm::omp::OMPC_default:
    case llvm::omp::OMPC_shared:
    case llvm::omp::OMPC_copyin:
    case llvm::omp::OMPC_proc_bind:
    case llvm::omp::OMPC_private:
    case llvm::omp::OMPC_firstprivate:
      ParallelClauses += " " + Text;
      break;
    case llvm::omp::OMPC_lastprivate:
    case llvm::omp::OMPC_linear:
    case llvm::omp::OMPC_reduction:
    case llvm::omp::OMPC_schedule:
    case llvm::omp::OMPC_collapse:
    case llvm::omp::OMPC_ordered:
    case llvm::omp::OMPC_order:
      ForClauses += " " + Text;
      break;
    default:
      return decline(
          "a clause of the directive has no obvious place after a split");
    }
  }
  return llvm::Error::success();
}

} // namespace

llvm::Expected<FixItHint> splitHeader(const OMPExecutableDirective *D,
                                      const std::string &Indent,
                                      const std::string &Prologue,
                                      ASTContext &Ctx,
                                      const std::string &ForExtra) {
  std::string ParallelClauses, ForClauses;
  if (llvm::Error Err = splitClauses(D, Ctx, ParallelClauses, ForClauses))
    return std::move(Err);
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation PragmaEnd = clauseInsertionPoint(D, Ctx);
  if (PragmaEnd.isInvalid() || PragmaEnd.isMacroID() ||
      D->getBeginLoc().isMacroID() ||
      *SM.getCharacterData(D->getBeginLoc()) != '#')
    return decline(
        "only a '#pragma omp' directive written in the code is split");
  // Code under '#if' cannot be moved or re-indented safely: a moved
  // declaration could leave its '#else' twin behind.
  if (const Stmt *Loop = cast<OMPLoopDirective>(D)->getAssociatedStmt();
      Loop && hasPreprocessorDirective(Loop->getSourceRange(), SM))
    return decline("the loop holds preprocessor directives ('#if', "
                   "'#define'), which a split could not keep in place");
  // The new `#pragma omp for` is indented as the loop will be, where the
  // code indents its pragmas; a file that writes them at column 0 keeps
  // that.
  std::string ForIndent =
      lineIndent(D->getBeginLoc(), SM).empty() ? "" : Indent + "  ";
  return FixItHint::CreateReplacement(
      CharSourceRange::getCharRange(D->getBeginLoc(), PragmaEnd),
      "#pragma omp parallel" + ParallelClauses + "\n" + Indent + "{\n" +
          Indent + "  " + Prologue + "\n" + ForIndent + "#pragma omp for" +
          ForClauses + ForExtra);
}

std::optional<std::pair<const DeclStmt *, std::vector<const Stmt *>>>
scratchStatements(const FunctionDecl *FD, const VarDecl *V, const Stmt *Loop,
                  const SourceManager &SM) {
  // V's uses (those that move with the code around them placed), its
  // declaration and its releases after the loop.
  struct Walker {
    const VarDecl *V;
    const Stmt *Loop;
    const SourceManager &SM;
    const DeclStmt *Decl = nullptr;
    std::vector<const Stmt *> Releases;
    unsigned Uses = 0, Placed = 0;
    void walk(const Stmt *S, bool InLoop) {
      // (InLoop: the use moves with the code around it.) Uses in the loop
      // and in the declaration itself (`sizeof *w`) stay where they are.
      InLoop |= S == Loop || S == Decl;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(S);
          DRE && DRE->getDecl() == V)
        ++Uses, Placed += InLoop;
      if (const auto *CS = dyn_cast<CompoundStmt>(S))
        for (const Stmt *C : CS->body()) {
          if (const auto *DS = dyn_cast<DeclStmt>(C);
              DS && DS->isSingleDecl() && DS->getSingleDecl() == V)
            Decl = DS;
          if (!InLoop && releasedVariable(C) == V &&
              SM.isBeforeInTranslationUnit(Loop->getEndLoc(),
                                           C->getBeginLoc())) {
            Releases.push_back(C);
            ++Placed; // its one use of V is counted below
          }
        }
      forEachChild(S, [&](const Stmt *C) { walk(C, InLoop); });
    }
  } W{V, Loop, SM, nullptr, {}, 0, 0};
  W.walk(FD->getBody(), false);
  const DeclStmt *Decl = W.Decl;
  std::vector<const Stmt *> Releases = std::move(W.Releases);
  unsigned Uses = W.Uses, Placed = W.Placed;
  if (!Decl || Uses != Placed)
    return std::nullopt;
  return std::make_pair(Decl, Releases);
}

} // namespace clangfe
} // namespace privateer
