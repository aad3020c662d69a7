//===- NestedConstructs.cpp - OpenMP directives inside a work item --------===//
//
// Part of privateer. What a directive nested in a work item means to it: a
// guard (atomic, critical, ordered, single, master, masked), a barrier
// (explicit, or at the end of a worksharing construct without nowait), a
// task scheduling point, a nested team whose accesses are the work item's,
// or a construct of its own that the work item only starts.
//
//===----------------------------------------------------------------------===//

#include "OpenMPSemantics.h"

#include "Directives.h"
#include "Ordering.h"

#include "clang/AST/OpenMPClause.h"
#include "clang/Basic/OpenMPKinds.h"

using namespace clang;

namespace privateer {
namespace clangfe {

bool OpenMPSemantics::callMayHoldBarrier(const CallExpr *Call) const {
  // A barrier binds to the innermost parallel region: none orders the
  // teams of a league, nor the outer team from inside a nested one.
  if (NestedTeams > 0 || !Team ||
      !isOpenMPParallelDirective(Team->getDirectiveKind()))
    return false;
  return clangfe::callMayHoldBarrier(Call, Ctx, Barriers);
}

bool OpenMPSemantics::visitNested(const Stmt *S, NestedCodeVisitor &V) {
  const auto *D = dyn_cast<OMPExecutableDirective>(S);
  if (!D)
    return false;
  visitDirective(D, V);
  return true;
}

namespace {
bool hasNowait(const OMPExecutableDirective *D) {
  for (const OMPClause *C : D->clauses())
    if (C && isa<OMPNowaitClause>(C))
      return true;
  return false;
}

/// The variables that the clauses of a nested directive give private
/// copies in its body (`task private(t)`, `scope reduction(+: s)`), and the
/// memory a reduction over an array section privatizes, for as long as
/// the body is walked.
class NestedCopies {
public:
  NestedCopies(const OMPExecutableDirective *D,
               llvm::SmallPtrSetImpl<const ValueDecl *> &Variables,
               llvm::SmallPtrSetImpl<const ValueDecl *> &Sections,
               bool WithReductions)
      : Variables(Variables), Sections(Sections) {
    // The variables of a loop construct's associated loops are private to
    // it (OpenMP's predetermined rule), wherever they are declared: `int
    // i;` at function scope, then `parallel for` over i inside an outer
    // loop's work item.
    if (const auto *Loop = dyn_cast<OMPLoopDirective>(D))
      add(Loop->counters(), false);
    for (const OMPClause *C : D->clauses()) {
      if (const auto *PC = dyn_cast_or_null<OMPPrivateClause>(C))
        add(PC->varlist(), false);
      else if (const auto *FC = dyn_cast_or_null<OMPFirstprivateClause>(C))
        add(FC->varlist(), false);
      else if (const auto *RC = dyn_cast_or_null<OMPReductionClause>(C);
               RC && WithReductions)
        add(RC->varlist(), true);
    }
  }
  ~NestedCopies() {
    for (const ValueDecl *V : AddedVariables)
      Variables.erase(V);
    for (const ValueDecl *V : AddedSections)
      Sections.erase(V);
  }

private:
  template <typename RangeT> void add(RangeT List, bool Reduction) {
    for (const Expr *E : List)
      if (const ValueDecl *V = clauseVariable(E)) {
        if (Variables.insert(V).second)
          AddedVariables.push_back(V);
        // Only a reduction gives the elements a pointer names copies; a
        // private or firstprivate pointer still points to shared memory.
        if (Reduction && Sections.insert(V).second)
          AddedSections.push_back(V);
      }
  }
  llvm::SmallPtrSetImpl<const ValueDecl *> &Variables, &Sections;
  llvm::SmallVector<const ValueDecl *, 4> AddedVariables, AddedSections;
};

/// The loop variables of a `simd` loop nested in a work item, private to
/// it for as long as its body is walked: OpenMP makes the variable of the
/// loop a simd construct is associated with linear (several with
/// collapse: lastprivate), so each thread that runs the loop has its own.
class SimdLoopCounters {
public:
  SimdLoopCounters(const OMPExecutableDirective *D,
                   llvm::SmallPtrSetImpl<const ValueDecl *> &Variables)
      : Variables(Variables) {
    const auto *L = dyn_cast<OMPLoopDirective>(D);
    if (!L || !isOpenMPSimdDirective(D->getDirectiveKind()))
      return;
    for (const Expr *Counter : L->counters())
      if (const ValueDecl *V = clauseVariable(Counter))
        if (Variables.insert(V).second)
          Added.push_back(V);
  }
  ~SimdLoopCounters() {
    for (const ValueDecl *V : Added)
      Variables.erase(V);
  }

private:
  llvm::SmallPtrSetImpl<const ValueDecl *> &Variables;
  llvm::SmallVector<const ValueDecl *, 2> Added;
};

/// The thread that runs 'master' (0) or 'masked' (its filter, 0 without
/// one) is known; the one that runs 'single' is not.
std::optional<int64_t> guardedThread(const OMPExecutableDirective *D,
                                     ASTContext &Ctx) {
  OpenMPDirectiveKind K = D->getDirectiveKind();
  std::optional<int64_t> Thread;
  if (K == llvm::omp::OMPD_master)
    Thread = 0;
  else if (K == llvm::omp::OMPD_masked) {
    Thread = 0;
    for (const auto *F : D->getClausesOfKind<OMPFilterClause>()) {
      Expr::EvalResult Value;
      if (F->getThreadID() && !F->getThreadID()->isValueDependent() &&
          F->getThreadID()->EvaluateAsInt(Value, Ctx))
        Thread = Value.Val.getInt().getExtValue();
      else
        Thread = std::nullopt;
    }
  }
  return Thread;
}
} // namespace

void OpenMPSemantics::visitAssume(const OMPExecutableDirective *D,
                                  NestedCodeVisitor &V) {
  // `assume holds(e)` around code of the work item: e is true there.
  llvm::SmallVector<const Expr *, 2> Holds;
  for (const auto *H : D->getClausesOfKind<OMPHoldsClause>())
    if (H->getExpr())
      Holds.push_back(H->getExpr());
  if (const Stmt *Inner = associatedBody(D))
    V.visitAssuming(Inner, Holds);
}

void OpenMPSemantics::visitDirective(const OMPExecutableDirective *D,
                                     NestedCodeVisitor &V) {
  OpenMPDirectiveKind K = D->getDirectiveKind();
  // Worksharing constructs end with a barrier unless `nowait`: what the
  // team does after them is ordered after what it did before.
  bool EndsWithBarrier =
      (isOpenMPWorksharingDirective(K) || K == llvm::omp::OMPD_scope ||
       isOpenMPGenericLoopDirective(K)) &&
      !isOpenMPParallelDirective(K) && !hasNowait(D);
  // (Declared first: the barrier comes after everything below, whichever
  // way it returns.)
  struct BarrierAfter {
    NestedCodeVisitor &V;
    bool Active;
    ~BarrierAfter() {
      if (Active)
        V.barrier();
    }
  } After{V, EndsWithBarrier && V.unitKind() == RegionKind::Replicated &&
                 NestedTeams == 0};
  if (K == llvm::omp::OMPD_barrier) {
    if (NestedTeams == 0) // (a nested team's barrier is its own)
      V.barrier();
    return;
  }
  Guard G = Guard::None;
  switch (K) {
  case llvm::omp::OMPD_atomic:
    G = Guard::Atomic;
    break;
  case llvm::omp::OMPD_critical:
    G = Guard::Critical;
    break;
  case llvm::omp::OMPD_ordered:
    if (!D->hasAssociatedStmt())
      return; // a stand-alone doacross `ordered depend(...)`
    G = Guard::Ordered;
    break;
  case llvm::omp::OMPD_single:
  case llvm::omp::OMPD_master:
  case llvm::omp::OMPD_masked:
    G = Guard::Single;
    break;
  case llvm::omp::OMPD_task:
    return visitTask(D, V);
  case llvm::omp::OMPD_taskwait:
  case llvm::omp::OMPD_taskyield:
    V.schedulingPoint(D->getBeginLoc(), K == llvm::omp::OMPD_taskwait
                                            ? "'taskwait'"
                                            : "'taskyield'");
    return;
  case llvm::omp::OMPD_assume:
    return visitAssume(D, V);
  case llvm::omp::OMPD_taskgroup:
    if (const Stmt *Inner = associatedBody(D))
      V.visit(Inner);
    V.schedulingPoint(D->getBeginLoc(), "the end of a 'taskgroup'");
    return;
  case llvm::omp::OMPD_section:
    break;
  default:
    if (visitTeamOrUnit(D, V))
      return;
    break;
  }
  // Clauses of a nested construct that give its body private copies
  // (`scope private(t) reduction(+: s)`, `single firstprivate(x)`).
  NestedCopies Copies(D, NestedPrivate, NestedSections,
                      /*WithReductions=*/true);
  SimdLoopCounters Counters(D, NestedPrivate);
  const Stmt *Inner = associatedBody(D);
  if (!Inner)
    return;
  std::optional<std::string> Critical;
  if (const auto *C = dyn_cast<OMPCriticalDirective>(D))
    Critical = C->getDirectiveName().getAsString();
  V.visitGuarded(Inner, G, guardedThread(D, Ctx), Critical);
}

void OpenMPSemantics::visitTask(const OMPExecutableDirective *D,
                                NestedCodeVisitor &V) {
  // Creating a task is a point where the creating task can be suspended
  // and its thread run the child: an explicit task, or the implicit task
  // of a parallel region (the code of a 'single' that spawns tasks and
  // waits), in its own code or in a function it calls.
  V.schedulingPoint(D->getBeginLoc(), "the creation of a task");
  V.childTasks(associatedBody(D));
  // A child task of a task unit is a unit of its own.
  if (V.unitKind() == RegionKind::Tasks && !V.inCalledFunction())
    return;
  // A task in a loop iteration belongs to that iteration; tasks in a
  // parallel region are generated by every thread. What its clauses make
  // private (or firstprivate) is its own copy.
  if (const Stmt *Inner = associatedBody(D)) {
    NestedCopies Copies(D, NestedPrivate, NestedSections,
                        /*WithReductions=*/false);
    V.visitNestedTask(Inner);
  }
}

bool OpenMPSemantics::visitTeamOrUnit(const OMPExecutableDirective *D,
                                      NestedCodeVisitor &V) {
  OpenMPDirectiveKind K = D->getDirectiveKind();
  if (isOpenMPParallelDirective(K)) {
    // A nested parallel construct runs a new team on behalf of this work
    // item: its accesses are this work item's (races inside the inner
    // team are the inner construct's own unit). Its private copies are
    // not the outer variables; what it reduces is combined into them.
    NestedCopies Copies(D, NestedPrivate, NestedSections,
                        /*WithReductions=*/false);
    ++NestedTeams;
    if (const Stmt *Inner = associatedBody(D))
      V.visit(Inner);
    --NestedTeams;
    return true;
  }
  if (isOpenMPTaskLoopDirective(K) && V.unitKind() == RegionKind::Tasks) {
    V.schedulingPoint(D->getBeginLoc(), "the creation of tasks");
    V.childTasks(associatedBody(D));
  }
  // Worksharing and task-generating constructs bound to this team, teams
  // and target regions are units of their own; simd and loop
  // transformations run inside this work item.
  if (isOpenMPWorksharingDirective(K) || isOpenMPTaskLoopDirective(K) ||
      isOpenMPTeamsDirective(K) || isOpenMPDistributeDirective(K) ||
      isOpenMPTargetExecutionDirective(K) || isOpenMPGenericLoopDirective(K)) {
    if (isOpenMPWorksharingDirective(K) && isOpenMPLoopDirective(K))
      V.worksharingLoop(associatedBody(D));
    return true;
  }
  return false;
}

bool OpenMPSemantics::runsInPlace(const Stmt *S) const {
  const auto *D = dyn_cast<OMPExecutableDirective>(S);
  if (!D)
    return true;
  // Each thread runs these itself, where they stand, on its own copies:
  // exclusion and ordering only. Everything else runs on other threads, on
  // other copies, later (tasks), on one thread only (single, master), or
  // for a share of the iterations (worksharing).
  switch (D->getDirectiveKind()) {
  case llvm::omp::OMPD_critical:
  case llvm::omp::OMPD_atomic:
  case llvm::omp::OMPD_ordered:
  case llvm::omp::OMPD_flush:
  case llvm::omp::OMPD_barrier:
  case llvm::omp::OMPD_taskwait:
  case llvm::omp::OMPD_taskyield:
    return true;
  default:
    return false;
  }
}

} // namespace clangfe
} // namespace privateer
