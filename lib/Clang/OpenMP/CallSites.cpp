//===- CallSites.cpp - Who calls a function, from where -------------------===//
//
// Part of privateer. The unit's calls, and what a caller passes for a
// pointer: a local of a function that is not inside a parallel construct
// of that function is the calling thread's (each call has its own frame);
// a local declared outside the parallel construct around the call, not
// privatized by its clauses, is the team's; a global is everyone's.
//
//===----------------------------------------------------------------------===//

#include "CallSites.h"

#include "Directives.h"

#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/UserCodeVisitor.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/Basic/OpenMPKinds.h"

using namespace clang;

namespace privateer {
namespace clangfe {

namespace {

/// How many callers up a pointer is followed through parameters.
constexpr unsigned MaxCallerDepth = 3;

class CallCollector : public UserCodeVisitor<CallCollector> {
public:
  CallCollector(ASTContext &Ctx,
                llvm::DenseMap<const FunctionDecl *,
                               llvm::SmallVector<CallSite, 2>> &Calls)
      : UserCodeVisitor(Ctx), Calls(Calls) {}

  bool VisitCallExpr(CallExpr *Call) {
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || !Function)
      return true;
    CallSite Site;
    Site.Call = Call;
    Site.Caller = Function;
    for (auto It = Stack.rbegin(); It != Stack.rend(); ++It)
      if (const auto *D = dyn_cast<OMPExecutableDirective>(*It))
        Site.Directives.push_back(D);
    Calls[Callee->getCanonicalDecl()].push_back(std::move(Site));
    return true;
  }

private:
  llvm::DenseMap<const FunctionDecl *, llvm::SmallVector<CallSite, 2>> &Calls;
};

/// The variable whose memory \p Arg designates: `buf`, `&buf`, `&buf[k]`,
/// `buf + k` for a variable buf (an array, or a pointer that is a
/// parameter); null for anything else.
const VarDecl *designatedVariable(const Expr *Arg) {
  Arg = Arg->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Arg);
      UO && UO->getOpcode() == UO_AddrOf)
    Arg = UO->getSubExpr()->IgnoreParenImpCasts();
  while (true) {
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Arg))
      Arg = AS->getBase()->IgnoreParenImpCasts();
    else if (const auto *BO = dyn_cast<BinaryOperator>(Arg);
             BO && BO->isAdditiveOp() && BO->getType()->isPointerType())
      Arg = (BO->getLHS()->getType()->isPointerType() ? BO->getLHS()
                                                      : BO->getRHS())
                ->IgnoreParenImpCasts();
    else
      break;
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(Arg);
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

/// Whether a data-sharing clause of \p D gives \p V a copy per thread.
bool privatizedBy(const OMPExecutableDirective *D, const VarDecl *V) {
  for (const OMPClause *C : D->clauses()) {
    if (!C || !(isa<OMPPrivateClause>(C) || isa<OMPFirstprivateClause>(C) ||
                isa<OMPLastprivateClause>(C)))
      continue;
    for (const Stmt *Child : const_cast<OMPClause *>(C)->children())
      if (const auto *E = dyn_cast_or_null<Expr>(Child);
          E && clauseVariable(E) == V)
        return true;
  }
  return false;
}

} // namespace

void CallSiteIndex::build() {
  Built = true;
  CallCollector Collector(Ctx, Calls);
  Collector.TraverseDecl(Ctx.getTranslationUnitDecl());
}

llvm::ArrayRef<CallSite> CallSiteIndex::callsOf(const FunctionDecl *F) {
  if (!Built)
    build();
  auto It = Calls.find(F->getCanonicalDecl());
  if (It == Calls.end())
    return {};
  return It->second;
}

bool CallSiteIndex::callsKnown(unsigned Roles) {
  if (!Built)
    build();
  for (const auto &[Callee, Sites] : Calls)
    if (!Sites.empty() && isKnown(Sites.front().Call, Roles))
      return true;
  return false;
}

PointeeBinding CallSiteIndex::argumentBinding(const Expr *Arg,
                                              const CallSite &Site,
                                              const Expr **SharedArgument,
                                              unsigned Depth) {
  const VarDecl *V = designatedVariable(Arg);
  if (!V)
    return PointeeBinding::Unknown;
  if (V->hasGlobalStorage()) {
    *SharedArgument = Arg;
    return PointeeBinding::Shared;
  }
  if (V->getType()->isArrayType() && !isa<ParmVarDecl>(V)) {
    // The caller's own array: the team's when the call sits in a parallel
    // construct of the caller that the array is declared outside of and
    // no clause on the way privatizes.
    const SourceManager &SM = Ctx.getSourceManager();
    for (const OMPExecutableDirective *D : Site.Directives) {
      // (A task's copies and its sharing follow other rules.)
      if (isOpenMPTaskingDirective(D->getDirectiveKind()))
        return PointeeBinding::Unknown;
      if (privatizedBy(D, V))
        return PointeeBinding::ThreadOwn;
      const Stmt *Body = associatedBody(D);
      bool DeclaredInside =
          Body && SM.isPointWithin(V->getLocation(), Body->getBeginLoc(),
                                   Body->getEndLoc());
      if (DeclaredInside)
        return PointeeBinding::ThreadOwn;
      if (isOpenMPParallelDirective(D->getDirectiveKind()) ||
          isOpenMPTeamsDirective(D->getDirectiveKind())) {
        *SharedArgument = Arg;
        return PointeeBinding::Shared;
      }
    }
    return PointeeBinding::ThreadOwn;
  }
  // A pointer the caller received: its callers say, unless the caller
  // moves it or calls from inside a construct of its own.
  if (const auto *P = dyn_cast<ParmVarDecl>(V);
      P && P->getType()->isPointerType() && Site.Directives.empty())
    return bindingOf(P, SharedArgument, Depth + 1);
  return PointeeBinding::Unknown;
}

PointeeBinding CallSiteIndex::bindingOf(const ParmVarDecl *P,
                                        const Expr **SharedArgument,
                                        unsigned Depth) {
  const auto *F = dyn_cast<FunctionDecl>(P->getDeclContext());
  if (!F || Depth > MaxCallerDepth)
    return PointeeBinding::Unknown;
  unsigned Index = P->getFunctionScopeIndex();
  llvm::ArrayRef<CallSite> Sites = callsOf(F);
  if (Sites.empty())
    return PointeeBinding::Unknown;
  bool AllOwn = true;
  for (const CallSite &Site : Sites) {
    if (Index >= Site.Call->getNumArgs())
      return PointeeBinding::Unknown;
    PointeeBinding B =
        argumentBinding(Site.Call->getArg(Index), Site, SharedArgument, Depth);
    if (B == PointeeBinding::Shared)
      return B;
    AllOwn &= B == PointeeBinding::ThreadOwn;
  }
  return AllOwn ? PointeeBinding::ThreadOwn : PointeeBinding::Unknown;
}

} // namespace clangfe
} // namespace privateer
