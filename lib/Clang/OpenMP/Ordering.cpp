//===- Ordering.cpp - What orders constructs with the code around ---------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "Ordering.h"

#include "Directives.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/StmtWalk.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace privateer {
namespace clangfe {

bool isPlainTask(const Stmt *S) {
  const auto *D = dyn_cast_or_null<OMPExecutableDirective>(S);
  return D && D->getDirectiveKind() == llvm::omp::OMPD_task;
}

bool mayWaitForTasks(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
    switch (D->getDirectiveKind()) {
    case llvm::omp::OMPD_task:
      // A nested task is a sibling of its own; creating it waits for
      // nothing (its body is not the creator's code).
      return false;
    case llvm::omp::OMPD_atomic:
    case llvm::omp::OMPD_critical:
    case llvm::omp::OMPD_flush:
    case llvm::omp::OMPD_masked:
    case llvm::omp::OMPD_master:
    case llvm::omp::OMPD_taskyield:
      break;
    default:
      return true;
    }
  }
  bool Waits = false;
  forEachChild(S, [&](const Stmt *C) {
    if (!Waits && !isPlainTask(C))
      Waits = mayWaitForTasks(C);
  });
  return Waits;
}

namespace {

bool mayHoldBarrierIn(const Stmt *S, unsigned Depth) {
  if (!S)
    return false;
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
    OpenMPDirectiveKind K = D->getDirectiveKind();
    if (K != llvm::omp::OMPD_atomic && K != llvm::omp::OMPD_critical &&
        K != llvm::omp::OMPD_flush)
      return true;
  }
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    const FunctionDecl *Def = nullptr;
    if (FD && FD->hasBody(Def)) {
      if (Depth == 0 || mayHoldBarrierIn(Def->getBody(), Depth - 1))
        return true;
    } else if (!FD || !FD->getBuiltinID()) {
      // printf, puts and the math functions are builtins clang knows; any
      // other function we cannot see into may be one that waits.
      return true;
    }
  }
  bool Holds = false;
  forEachChild(S, [&](const Stmt *C) {
    if (!Holds)
      Holds = mayHoldBarrierIn(C, Depth);
  });
  return Holds;
}

} // namespace

bool mayHoldBarrier(const Stmt *S) { return mayHoldBarrierIn(S, 3); }

namespace {

bool endsWithBarrier(const OMPExecutableDirective *D) {
  OpenMPDirectiveKind K = D->getDirectiveKind();
  if (!isOpenMPWorksharingDirective(K) && K != llvm::omp::OMPD_scope &&
      !isOpenMPGenericLoopDirective(K))
    return false;
  return D->getClausesOfKind<OMPNowaitClause>().empty();
}

/// What a call says about barriers by itself: the function it calls, when
/// that function's body must be looked into; \p Holds when the call may
/// hold one whatever that body is.
const FunctionDecl *calleeToLookInto(const CallExpr *Call,
                                     const ASTContext &Ctx, bool &Holds) {
  Holds = false;
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD) {
    Holds = true; // through a pointer: any function
    return nullptr;
  }
  const SourceManager &SM = Ctx.getSourceManager();
  if (FD->getBuiltinID() ||
      SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation())))
    return nullptr;
  const FunctionDecl *Def = nullptr;
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  // An override may hold one; a function defined in another file may.
  Holds = (MD && MD->isVirtual()) || !FD->hasBody(Def) || !Def;
  return Holds ? nullptr : Def;
}

/// Whether \p S holds a barrier of the team that runs it, not looking
/// into the functions it calls (listed in \p Callees).
bool holdsTeamBarrier(const Stmt *S, const ASTContext &Ctx,
                      llvm::SmallVectorImpl<const FunctionDecl *> &Callees) {
  if (!S)
    return false;
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
    OpenMPDirectiveKind K = D->getDirectiveKind();
    if (K == llvm::omp::OMPD_barrier || endsWithBarrier(D))
      return true;
    // A nested team's barriers, and a task's code, are not this team's.
    if (isOpenMPParallelDirective(K) || isOpenMPTeamsDirective(K) ||
        isOpenMPTargetExecutionDirective(K) || isOpenMPTaskingDirective(K))
      return false;
  }
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    bool Holds = false;
    if (const FunctionDecl *Def = calleeToLookInto(Call, Ctx, Holds))
      Callees.push_back(Def);
    if (Holds)
      return true;
  }
  bool Holds = false;
  forEachChild(S, [&](const Stmt *C) {
    if (!Holds)
      Holds = holdsTeamBarrier(C, Ctx, Callees);
  });
  return Holds;
}

} // namespace

bool callMayHoldBarrier(const CallExpr *Call, const ASTContext &Ctx,
                        BarrierMemo &Memo) {
  bool Holds = false;
  const FunctionDecl *Root = calleeToLookInto(Call, Ctx, Holds);
  if (!Root)
    return Holds;
  if (auto It = Memo.find(Root); It != Memo.end())
    return It->second;
  // Every function the callee reaches, each once (recursion included).
  llvm::SmallPtrSet<const FunctionDecl *, 16> Seen{Root};
  llvm::SmallVector<const FunctionDecl *, 16> Work{Root};
  while (!Work.empty() && !Holds) {
    const FunctionDecl *F = Work.pop_back_val();
    if (auto It = Memo.find(F); It != Memo.end()) {
      Holds = It->second;
      continue;
    }
    llvm::SmallVector<const FunctionDecl *, 8> Callees;
    Holds = holdsTeamBarrier(F->getBody(), Ctx, Callees);
    for (const FunctionDecl *G : Callees)
      if (Seen.insert(G).second)
        Work.push_back(G);
  }
  // Without a barrier, nothing the callee reaches holds one either.
  if (Holds)
    Memo[Root] = true;
  else
    for (const FunctionDecl *F : Seen)
      Memo[F] = false;
  return Holds;
}

namespace {

struct DependItem {
  const ValueDecl *Var = nullptr;
  OpenMPDependClauseKind Kind = OMPC_DEPEND_unknown;
};

/// The items of \p D's depend clauses; false when one cannot be named (an
/// expression, a depend object, omp_all_memory): then it may order
/// anything.
bool dependItems(const OMPExecutableDirective *D,
                 llvm::SmallVectorImpl<DependItem> &Items) {
  for (const auto *C : D->getClausesOfKind<OMPDependClause>()) {
    OpenMPDependClauseKind K = C->getDependencyKind();
    if (K != OMPC_DEPEND_in && K != OMPC_DEPEND_out && K != OMPC_DEPEND_inout &&
        K != OMPC_DEPEND_mutexinoutset && K != OMPC_DEPEND_inoutset)
      return false;
    for (const Expr *E : C->varlist()) {
      const ValueDecl *V = clauseVariable(E);
      if (!V)
        return false;
      Items.push_back({V, K});
    }
  }
  return true;
}

} // namespace

bool isUndeferredTask(const Stmt *S, const ASTContext &Ctx) {
  if (!isPlainTask(S))
    return false;
  for (const auto *C :
       cast<OMPExecutableDirective>(S)->getClausesOfKind<OMPIfClause>()) {
    bool Value = true;
    const Expr *Cond = C->getCondition();
    if (Cond && !Cond->isValueDependent() &&
        Cond->EvaluateAsBooleanCondition(Value, Ctx) && !Value)
      return true;
  }
  return false;
}

bool inFinalTask(llvm::ArrayRef<const OMPExecutableDirective *> Enclosing,
                 const ASTContext &Ctx) {
  for (const OMPExecutableDirective *E : Enclosing) {
    if (!isOpenMPTaskingDirective(E->getDirectiveKind()))
      continue;
    for (const auto *C : E->getClausesOfKind<OMPFinalClause>()) {
      bool Value = false;
      const Expr *Cond = C->getCondition();
      if (Cond && !Cond->isValueDependent() &&
          Cond->EvaluateAsBooleanCondition(Value, Ctx) && Value)
        return true;
    }
  }
  return false;
}

bool waitsForSibling(const Stmt *S, const OMPExecutableDirective *T,
                     const ASTContext &Ctx) {
  if (!isUndeferredTask(S, Ctx))
    return false;
  const auto *U = cast<OMPExecutableDirective>(S);
  // A clause without 'depend' orders nothing: it waits for no sibling.
  return !U->getClausesOfKind<OMPDependClause>().empty() && dependOrders(T, U);
}

bool dependOrders(const OMPExecutableDirective *A,
                  const OMPExecutableDirective *B) {
  llvm::SmallVector<DependItem, 4> IA, IB;
  if (!dependItems(A, IA) || !dependItems(B, IB))
    return true;
  for (const DependItem &X : IA)
    for (const DependItem &Y : IB) {
      // The same variable, even at different elements: prefer silence.
      if (X.Var != Y.Var)
        continue;
      bool BothIn = X.Kind == OMPC_DEPEND_in && Y.Kind == OMPC_DEPEND_in;
      bool BothInoutset =
          X.Kind == OMPC_DEPEND_inoutset && Y.Kind == OMPC_DEPEND_inoutset;
      if (!BothIn && !BothInoutset)
        return true;
    }
  return false;
}

} // namespace clangfe
} // namespace privateer
