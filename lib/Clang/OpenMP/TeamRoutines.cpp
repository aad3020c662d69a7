//===- TeamRoutines.cpp - Functions a team runs ---------------------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "TeamRoutines.h"

#include "Directives.h"

#include "privateer/Clang/CXX/StmtWalk.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/OpenMPKinds.h"

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
