//===- TeamRoutines.cpp - Functions a team runs ---------------------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "TeamRoutines.h"

#include "Directives.h"

#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/StmtWalk.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace privateer {
namespace clangfe {

namespace {

/// How many callers up runsOnlySerially follows calls.
constexpr unsigned MaxSerialDepth = 3;

bool startsOwnCode(OpenMPDirectiveKind K) {
  return isOpenMPParallelDirective(K) || isOpenMPTeamsDirective(K) ||
         isOpenMPTaskingDirective(K) || isOpenMPTargetExecutionDirective(K);
}

} // namespace

bool bindsToCallersTeam(
    const OMPExecutableDirective *D,
    llvm::ArrayRef<const OMPExecutableDirective *> Enclosing) {
  OpenMPDirectiveKind K = D->getDirectiveKind();
  bool Binds = (isOpenMPWorksharingDirective(K) && !startsOwnCode(K)) ||
               K == llvm::omp::OMPD_barrier || K == llvm::omp::OMPD_master ||
               K == llvm::omp::OMPD_masked;
  if (!Binds)
    return false;
  for (const OMPExecutableDirective *E : Enclosing)
    if (startsOwnCode(E->getDirectiveKind()) ||
        isOpenMPWorksharingDirective(E->getDirectiveKind()))
      return false;
  return true;
}

bool calledInConstruct(const FunctionDecl *F, CallSiteIndex &Calls) {
  for (const CallSite &Site : Calls.callsOf(F))
    if (!Site.Directives.empty())
      return true;
  return false;
}

bool runsOnlySerially(const FunctionDecl *F, CallSiteIndex &Calls,
                      unsigned Depth) {
  if (F->isMain())
    return true;
  if (Depth >= MaxSerialDepth || F->isExternallyVisible())
    return false;
  llvm::ArrayRef<CallSite> Sites = Calls.callsOf(F);
  if (Sites.empty())
    return false; // (its address may be taken and called elsewhere)
  for (const CallSite &Site : Sites)
    if (!Site.Directives.empty() || !Site.Caller ||
        !runsOnlySerially(Site.Caller, Calls, Depth + 1))
      return false;
  return true;
}

bool startsTeamItself(const Stmt *Body) {
  bool Starts = false;
  forEachStmt(Body, [&](const Stmt *S) {
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S))
      Starts |= isOpenMPParallelDirective(D->getDirectiveKind()) ||
                isOpenMPTeamsDirective(D->getDirectiveKind());
  });
  return Starts;
}

bool writtenForTeam(const Stmt *Body, const ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  bool Team = false;
  // Locals the worksharing loops update, with where the loops end.
  llvm::DenseMap<const VarDecl *, SourceLocation> Partials;
  forEachStmt(Body, [&](const Stmt *S) {
    if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
      OpenMPDirectiveKind K = D->getDirectiveKind();
      Team |= K == llvm::omp::OMPD_barrier || K == llvm::omp::OMPD_single ||
              K == llvm::omp::OMPD_master || K == llvm::omp::OMPD_masked ||
              K == llvm::omp::OMPD_critical || K == llvm::omp::OMPD_atomic;
      for (const OMPClause *C : D->clauses())
        Team |= C && isa<OMPNowaitClause>(C) && C->getBeginLoc().isValid();
      if (isOpenMPWorksharingDirective(K) && D->hasAssociatedStmt())
        forEachStmt(associatedBody(D), [&](const Stmt *X) {
          const Expr *Target = nullptr;
          if (const auto *CA = dyn_cast<CompoundAssignOperator>(X))
            Target = CA->getLHS();
          else if (const auto *UO = dyn_cast<UnaryOperator>(X);
                   UO && UO->isIncrementDecrementOp())
            Target = UO->getSubExpr();
          const auto *DRE =
              Target ? dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts())
                     : nullptr;
          const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
          if (V && V->isLocalVarDecl() && !V->isStaticLocal() &&
              !SM.isPointWithin(V->getLocation(), D->getBeginLoc(),
                                D->getEndLoc()))
            Partials[V] = associatedBody(D)->getEndLoc();
        });
    }
    if (const auto *Call = dyn_cast<CallExpr>(S))
      Team |= isKnown(Call, ThreadId) || isKnown(Call, TeamSize);
  });
  // A partial read after its loop: combined into something shared.
  if (!Team && !Partials.empty())
    forEachStmt(Body, [&](const Stmt *S) {
      const auto *DRE = dyn_cast<DeclRefExpr>(S);
      const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
      if (auto It = V ? Partials.find(V) : Partials.end();
          It != Partials.end() &&
          SM.isBeforeInTranslationUnit(It->second, DRE->getLocation()))
        Team = true;
    });
  return Team;
}

DistributedObjects distributedObjects(const Stmt *Body) {
  DistributedObjects Out;
  forEachStmt(Body, [&](const Stmt *S) {
    const auto *D = dyn_cast<OMPExecutableDirective>(S);
    if (!D || !D->hasAssociatedStmt())
      return;
    OpenMPDirectiveKind K = D->getDirectiveKind();
    // What a worksharing loop or 'sections' names (not a 'single': one
    // thread's work).
    if (!isOpenMPWorksharingDirective(K) || K == llvm::omp::OMPD_single ||
        startsOwnCode(K))
      return;
    forEachStmt(associatedBody(D), [&](const Stmt *X) {
      if (isa<CXXThisExpr>(X))
        Out.This = true;
      if (const auto *DRE = dyn_cast<DeclRefExpr>(X))
        if (const auto *P = dyn_cast<ParmVarDecl>(DRE->getDecl());
            P &&
            (P->getType()->isReferenceType() || P->getType()->isPointerType()))
          Out.Params.insert(P);
    });
  });
  return Out;
}

} // namespace clangfe
} // namespace privateer
