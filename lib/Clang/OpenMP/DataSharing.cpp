//===- DataSharing.cpp - OpenMP work items and data sharing ---------------===//
//
// Part of privateer. OpenMP's side of one unit of work: its shape (the
// associated loops with collapse, sections, the team's region around it),
// what its directive says of the region (schedule, team, untied), and the
// data-sharing attribute of each variable under OpenMP 5.2's rules.
//
//===----------------------------------------------------------------------===//

#include "OpenMPSemantics.h"

#include "privateer/Clang/CXX/KnownFunctions.h"

#include "Directives.h"
#include "privateer/Clang/CXX/RegionBuilder.h"

#include "privateer/Clang/CXX/StmtWalk.h"
#include "privateer/Clang/SourceLoc.h"

#include "clang/AST/Attr.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace privateer {
namespace clangfe {

namespace {

bool createsTeam(OpenMPDirectiveKind K) {
  return isOpenMPParallelDirective(K) || isOpenMPTeamsDirective(K);
}

} // namespace

namespace {

template <typename ClauseT>
bool addVarList(const OMPClause *C, Sharing S,
                llvm::DenseMap<const ValueDecl *, Sharing> &Out) {
  const auto *VC = dyn_cast<ClauseT>(C);
  if (!VC)
    return false;
  for (const Expr *E : VC->varlist())
    if (const ValueDecl *V = clauseVariable(E))
      Out.try_emplace(V, S); // the innermost directive's clause wins
  return true;
}

} // namespace

OpenMPSemantics::OpenMPSemantics(
    ASTContext &Ctx, const OMPExecutableDirective *Directive,
    llvm::ArrayRef<const OMPExecutableDirective *> Enclosing,
    CallSiteIndex &Calls)
    : Ctx(Ctx), Directive(Directive), Calls(Calls),
      Enclosing(Enclosing.begin(), Enclosing.end()) {}

namespace {
/// Whether \p S does nothing but wait: empty statements, flushes, atomic
/// reads and plain reads into locals, calls without arguments (a pause, a
/// yield).
bool onlyWaits(const Stmt *S) {
  if (!S || isa<NullStmt>(S) || isa<OMPFlushDirective>(S) ||
      isa<OMPTaskyieldDirective>(S))
    return true;
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return llvm::all_of(CS->body(), onlyWaits);
  if (const auto *AD = dyn_cast<OMPAtomicDirective>(S))
    return llvm::any_of(AD->clauses(), [](const OMPClause *C) {
      return C && C->getClauseKind() == llvm::omp::OMPC_read;
    });
  if (const auto *CE = dyn_cast<CallExpr>(S))
    return CE->getNumArgs() == 0;
  if (const auto *BO = dyn_cast<BinaryOperator>(S);
      BO && BO->getOpcode() == BO_Assign)
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && V->isLocalVarDecl() && !V->isStaticLocal())
        return !BO->getRHS()->HasSideEffects(V->getASTContext());
  return false;
}

/// Whether \p Body holds a loop that only waits for its condition to
/// change (`while (!ready) { flush }`, `do { atomic read } while (!r)`).
bool spinsOnFlag(const Stmt *Body, const ASTContext &Ctx) {
  bool Found = false;
  forEachStmt(Body, [&](const Stmt *S) {
    if (Found)
      return;
    const Stmt *LoopBody = nullptr;
    const Expr *Cond = nullptr;
    if (const auto *W = dyn_cast<WhileStmt>(S)) {
      LoopBody = W->getBody();
      Cond = W->getCond();
    } else if (const auto *D = dyn_cast<DoStmt>(S)) {
      LoopBody = D->getBody();
      Cond = D->getCond();
    }
    // A condition that cannot change is an endless loop, not a wait.
    Found = Cond && !Cond->isValueDependent() && !Cond->isEvaluatable(Ctx) &&
            onlyWaits(LoopBody);
  });
  return Found;
}
} // namespace

void OpenMPSemantics::collectFlushed(const Stmt *Body) {
  // Flags handed between threads with `flush` (a failure flag that stops
  // the others, a producer's "done" read by a consumer section) are ordered
  // by a protocol the model does not follow: prefer silence to a report on
  // code that is correct in practice.
  //
  // Most constructs have no flush: a look at the text spares them a second
  // walk of the body.
  if (!Body)
    return;
  const SourceManager &SM = Ctx.getSourceManager();
  CharSourceRange Range = SM.getExpansionRange(Body->getSourceRange());
  bool Invalid = false;
  StringRef Text = Lexer::getSourceText(Range, SM, Ctx.getLangOpts(), &Invalid);
  if (!Invalid && !Text.contains("flush"))
    return;
  bool Bare = false;
  forEachStmt(Body, [&](const Stmt *S) {
    const auto *FD = dyn_cast<OMPFlushDirective>(S);
    if (!FD)
      return;
    bool Listed = false;
    for (const OMPClause *C : FD->clauses())
      if (const auto *FC = dyn_cast<OMPFlushClause>(C))
        for (const Expr *E : FC->varlist())
          if (const ValueDecl *V = clauseVariable(E)) {
            Ordered.insert(V);
            Listed = true;
          }
    Bare |= !Listed;
  });
  if (!Bare)
    return;
  // A flush without a list: the flags are the integer scalars the code only
  // ever assigns constants.
  llvm::DenseMap<const VarDecl *, bool> OnlyConstants;
  forEachStmt(Body, [&](const Stmt *S) {
    const Expr *Target = nullptr;
    bool Constant = false;
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp()) {
      Target = BO->getLHS();
      Constant = BO->getOpcode() == BO_Assign &&
                 !BO->getRHS()->isValueDependent() &&
                 BO->getRHS()->isEvaluatable(Ctx);
    } else if (const auto *UO = dyn_cast<UnaryOperator>(S);
               UO && UO->isIncrementDecrementOp()) {
      Target = UO->getSubExpr();
    }
    if (!Target)
      return;
    const auto *DRE = dyn_cast<DeclRefExpr>(Target->IgnoreParenImpCasts());
    const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
    if (!V || !V->getType()->isIntegralOrEnumerationType())
      return;
    auto [It, New] = OnlyConstants.try_emplace(V, Constant);
    if (!New)
      It->second &= Constant;
  });
  for (const auto &[V, Flag] : OnlyConstants)
    if (Flag)
      Ordered.insert(V);
}

bool OpenMPSemantics::describe(UnitShape &Shape, ParallelRegion &R) {
  const OMPExecutableDirective *D = Directive;
  R.Model = ProgrammingModelKind::OpenMP;
  if (isOpenMPTaskLoopDirective(D->getDirectiveKind()))
    R.Construction = ConstructKind::TaskLoop;
  R.Construct = std::string("omp ") +
                llvm::omp::getOpenMPDirectiveName(D->getDirectiveKind(),
                                                  Ctx.getLangOpts().OpenMP)
                    .str();
  R.Directive = toLoc(D->getBeginLoc());
  R.InterleavedWork = Shape.Kind == RegionKind::Tasks;

  // A `simd` loop alone (or nested in a worksharing loop): its lanes, on
  // one thread, are the work items; threads racing on what it touches is
  // the enclosing construct's question.
  Lanes = D->getDirectiveKind() == llvm::omp::OMPD_simd;
  if (Lanes)
    R.Construction = ConstructKind::SimdLanes;
  // The team: the unit itself or the nearest enclosing parallel/teams.
  if (Lanes)
    Team = nullptr;
  else if (createsTeam(D->getDirectiveKind()))
    Team = D;
  else
    for (const OMPExecutableDirective *E : Enclosing)
      if (createsTeam(E->getDirectiveKind())) {
        Team = E;
        break;
      }

  if (clausesOrderWork(Shape))
    return false;
  NotModelled = Outcome::NotAnalysed;
  WhyNotModelled = "its code is not in a form the model reads";
  R.CreatesTeam = Team == D;
  TaskInstances =
      Shape.Kind == RegionKind::Tasks && !Shape.GeneratingLoops.empty();
  GeneratingLoop = TaskInstances ? Shape.GeneratingLoops.back() : nullptr;
  collectClauses(R);
  collectFlushed(associatedBody(Team ? Team : D));
  R.WaitsOnFlags = spinsOnFlag(associatedBody(Team ? Team : D), Ctx);
  if (Team && Team != D)
    Shape.ThreadBody = associatedBody(Team);

  return findBodies(Shape);
}

bool OpenMPSemantics::clausesOrderWork(const UnitShape &Shape) {
  const OMPExecutableDirective *D = Directive;
  for (const OMPClause *C : D->clauses()) {
    // `ordered(n)`: iterations synchronize through doacross dependences.
    if (const auto *OC = dyn_cast_or_null<OMPOrderedClause>(C);
        OC && OC->getNumForLoops()) {
      NotModelled = Outcome::NotAnalysed;
      WhyNotModelled = "its iterations synchronize through 'ordered(n)' "
                       "dependences, which are not modelled";
      return true;
    }
    // `if(0)`: the region runs on one thread; a task, undeferred, runs on
    // its creator's thread to its end, one instance after the other (one
    // made once still runs beside its earlier siblings).
    if (const auto *IC = dyn_cast_or_null<OMPIfClause>(C)) {
      bool Value = true;
      bool OnceTask = Shape.Kind == RegionKind::Tasks &&
                      Shape.GeneratingLoops.empty() &&
                      D->getDirectiveKind() == llvm::omp::OMPD_task;
      if (IC->getCondition() && !IC->getCondition()->isValueDependent() &&
          IC->getCondition()->EvaluateAsBooleanCondition(Value, Ctx) &&
          !Value && !OnceTask) {
        // One thread runs it: nothing in it runs at once.
        NotModelled = Outcome::ProvenFree;
        return true;
      }
    }
  }
  return false;
}

bool OpenMPSemantics::findBodies(UnitShape &Shape) const {
  const OMPExecutableDirective *D = Directive;
  switch (Shape.Kind) {
  case RegionKind::Loop: {
    const auto *LD = dyn_cast<OMPLoopDirective>(D);
    if (!LD)
      return false;
    // The associated loops, each in the body of the one before; a loop in
    // a form OpenMP accepts but the collector does not is its to refuse.
    const Stmt *S = associatedBody(D);
    for (unsigned Level = 0, N = LD->getLoopsNumber(); Level < N; ++Level) {
      if (Level > 0)
        S = OMPLoopBasedDirective::tryToFindNextInnerLoop(S, true);
      Shape.WorkItemLoops.push_back(S);
      while (const auto *AS = dyn_cast_or_null<AttributedStmt>(S))
        S = AS->getSubStmt();
      if (const auto *F = dyn_cast_or_null<ForStmt>(S))
        S = F->getBody();
      else if (const auto *RF = dyn_cast_or_null<CXXForRangeStmt>(S))
        S = RF->getBody();
      else
        break;
    }
    return true;
  }
  case RegionKind::Sections: {
    Shape.Body = associatedBody(D);
    const auto *CS = dyn_cast_or_null<CompoundStmt>(Shape.Body);
    if (!CS)
      return false;
    for (const Stmt *Child : CS->body()) {
      if (const auto *Sec = dyn_cast<OMPSectionDirective>(Child))
        Shape.Sections.push_back(associatedBody(Sec));
      else if (Shape.Sections.empty())
        Shape.Sections.push_back(Child); // the first section's pragma is
                                         // optional
      else
        return false;
    }
    return true;
  }
  case RegionKind::Replicated:
  case RegionKind::Tasks:
    Shape.Body = associatedBody(D);
    return true;
  }
  return false;
}

void OpenMPSemantics::collectClausesOf(const OMPExecutableDirective *D,
                                       bool IsUnit, ParallelRegion &R) {
  for (const OMPClause *C : D->clauses()) {
    if (!C)
      continue;
    if (addVarList<OMPPrivateClause>(C, Sharing::Private, Explicit) ||
        addVarList<OMPFirstprivateClause>(C, Sharing::FirstPrivate, Explicit) ||
        addVarList<OMPLastprivateClause>(C, Sharing::LastPrivate, Explicit) ||
        addVarList<OMPLinearClause>(C, Sharing::Linear, Explicit) ||
        addVarList<OMPReductionClause>(C, Sharing::Reduction, Explicit) ||
        addVarList<OMPTaskReductionClause>(C, Sharing::Reduction, Explicit) ||
        addVarList<OMPInReductionClause>(C, Sharing::Reduction, Explicit) ||
        addVarList<OMPSharedClause>(C, Sharing::Shared, Explicit))
      continue;
    if (const auto *DC = dyn_cast<OMPDefaultClause>(C)) {
      if (!DefaultSharing) {
        auto K = DC->getDefaultKind();
        DefaultSharing = (K == llvm::omp::OMP_DEFAULT_private ||
                          K == llvm::omp::OMP_DEFAULT_firstprivate)
                             ? Sharing::Private
                             : Sharing::Shared;
      }
    } else if (const auto *Dep = dyn_cast<OMPDependClause>(C)) {
      // Instances of a task that name a buffer in depend clauses are
      // ordered on it (or exclusive), unless all name it as 'in' (or all
      // as 'inoutset'), which orders nothing among them. A task made
      // once is compared with its siblings and its creator by the
      // construct finder, which reads the clauses itself.
      auto K = Dep->getDependencyKind();
      if (IsUnit && TaskInstances && K != OMPC_DEPEND_in &&
          K != OMPC_DEPEND_inoutset)
        for (const Expr *E : Dep->varlist())
          if (const ValueDecl *V = clauseVariable(E))
            Ordered.insert(V);
    } else if (isa<OMPUntiedClause>(C)) {
      if (IsUnit)
        R.Untied = true;
    } else if (const auto *SC = dyn_cast<OMPScheduleClause>(C)) {
      if (IsUnit)
        readSchedule(SC, R);
    } else if (const auto *NT = dyn_cast<OMPNumThreadsClause>(C)) {
      R.NumThreadsClause = true;
      Expr::EvalResult Res;
      if (NT->getNumThreads() && NT->getNumThreads()->EvaluateAsInt(Res, Ctx))
        if (auto V = Res.Val.getInt().tryExtValue())
          R.NumThreads = SymExpr::constant(*V);
    }
  }
}

void OpenMPSemantics::readSchedule(const OMPScheduleClause *SC,
                                   ParallelRegion &R) const {
  R.ScheduleClause = toLoc(SC->getBeginLoc());
  switch (SC->getScheduleKind()) {
  case OMPC_SCHEDULE_static:
    R.Schedule = ScheduleKind::Static;
    break;
  case OMPC_SCHEDULE_dynamic:
    R.Schedule = ScheduleKind::Dynamic;
    break;
  case OMPC_SCHEDULE_guided:
    R.Schedule = ScheduleKind::Guided;
    break;
  case OMPC_SCHEDULE_auto:
    R.Schedule = ScheduleKind::Auto;
    break;
  case OMPC_SCHEDULE_runtime:
    R.Schedule = ScheduleKind::Runtime;
    break;
  default:
    break;
  }
  if (const Expr *Chunk = SC->getChunkSize()) {
    R.ChunkBegin = toLoc(Chunk->getBeginLoc());
    R.ChunkEnd = toLoc(Chunk->getEndLoc());
    Expr::EvalResult Res;
    // (A chunk past int64_t, `(__int128)1 << 80`, stays unknown.)
    if (Chunk->EvaluateAsInt(Res, Ctx))
      if (auto V = Res.Val.getInt().tryExtValue())
        R.Chunk = SymExpr::constant(*V);
  }
}

void OpenMPSemantics::collectClauses(ParallelRegion &R) {
  collectClausesOf(Directive, true, R);
  if (Lanes)
    return; // what the thread's constructs privatize its lanes share
  if (Team == Directive) {
    // (Only the construct that makes the team asks: the unit's one scan.)
    R.TeamSizeSetElsewhere = Calls.callsKnown(TeamSizeSetter);
    return;
  }
  // Clauses of the directives up to the team's: a variable private to each
  // thread of the team is private to the unit's work items on that thread.
  for (const OMPExecutableDirective *E : Enclosing) {
    collectClausesOf(E, false, R);
    if (E == Team)
      break;
  }
}

bool OpenMPSemantics::describeTeamRoutine(const FunctionDecl *Function,
                                          UnitShape &Shape, ParallelRegion &R) {
  const OMPExecutableDirective *D = Directive;
  if (!Function || !Function->getBody())
    return false;
  R.Model = ProgrammingModelKind::OpenMP;
  R.Construction = ConstructKind::TeamRoutine;
  R.Construct = std::string("omp ") +
                llvm::omp::getOpenMPDirectiveName(D->getDirectiveKind(),
                                                  Ctx.getLangOpts().OpenMP)
                    .str();
  R.Routine = Function->getNameAsString();
  R.Directive = toLoc(D->getBeginLoc());
  R.TeamSizeSetElsewhere = Calls.callsKnown(TeamSizeSetter);
  TeamRoutine = distributedObjects(Function->getBody());
  collectFlushed(Function->getBody());
  R.WaitsOnFlags = spinsOnFlag(Function->getBody(), Ctx);
  Shape.Body = Function->getBody();
  return true;
}

bool OpenMPSemantics::sharingUnproven(const ValueDecl *V) const {
  if (!TeamRoutine)
    return false;
  if (isa<FieldDecl>(V))
    return !TeamRoutine->This;
  const auto *P = dyn_cast<ParmVarDecl>(V);
  return P && !TeamRoutine->Params.count(P);
}

Sharing OpenMPSemantics::sharingOf(const VarDecl *V, DeclScope Where) const {
  if (V->hasAttr<OMPThreadPrivateDeclAttr>())
    return Sharing::ThreadPrivate;
  // A function a team runs: what a reference parameter names is the
  // caller's, the team's when the function's worksharing divides it.
  if (TeamRoutine && isa<ParmVarDecl>(V) && V->getType()->isReferenceType())
    return Sharing::Shared;
  if (Ordered.count(V) || NestedPrivate.count(V))
    return Sharing::Private; // ordered by depend clauses, or privatized
  if (GeneratingLoop && V->isLocalVarDecl() && !V->isStaticLocal() &&
      Ctx.getSourceManager().isPointWithin(V->getLocation(),
                                           GeneratingLoop->getBeginLoc(),
                                           GeneratingLoop->getEndLoc()))
    return Sharing::Private;
  if (auto It = Explicit.find(V); It != Explicit.end())
    return It->second;
  // Static locals and globals are shared wherever they are declared.
  if (V->hasGlobalStorage() || V->isStaticLocal())
    return Sharing::Shared;
  if (Where == DeclScope::WorkItem)
    return Sharing::Private;
  // The lanes of a simd loop share everything of their thread.
  if (Lanes)
    return Sharing::Shared;
  if (Where == DeclScope::Thread)
    return Sharing::Private; // one copy per thread (firstprivate in tasks)
  // An orphaned construct runs inside some parallel region: the locals of
  // the function it is in belong to each thread.
  if (!Team && V->isLocalVarDeclOrParm())
    return Sharing::Private;
  if (DefaultSharing && *DefaultSharing == Sharing::Private)
    return Sharing::Private;
  return Sharing::Shared;
}

Sharing OpenMPSemantics::sharingOfField(const FieldDecl *F) const {
  // A field of `this`: the object is shared unless a clause names it.
  auto It = Explicit.find(F);
  return NestedPrivate.count(F) ? Sharing::Private
         : It != Explicit.end() ? It->second
                                : Sharing::Shared;
}

bool OpenMPSemantics::namedByConstruct(const ValueDecl *V) const {
  return Explicit.count(V);
}

bool OpenMPSemantics::orderedOn(const ValueDecl *V) const {
  return Ordered.count(V);
}

ParameterBinding OpenMPSemantics::pointeeSharing(const ParmVarDecl *P) {
  // What the worksharing of a function a team runs divides is the team's.
  if (TeamRoutine && TeamRoutine->Params.count(P))
    return {PointeeSharing::Shared};
  // Not for tasks: a task and the code that created it (and the task's
  // other instances) see the memory through the same pointer. Nor inside
  // a team of the function's own.
  if (Team || Lanes || isOpenMPTaskingDirective(Directive->getDirectiveKind()))
    return {};
  // An orphaned construct: its callers in the unit decide; where they are
  // not all seen, a finding is unproven (per-thread workspaces passed in
  // are common).
  const Expr *Argument = nullptr;
  switch (Calls.bindingOf(P, &Argument)) {
  case PointeeBinding::ThreadOwn:
    return {PointeeSharing::ThreadOwn};
  case PointeeBinding::Shared:
    return {PointeeSharing::Shared, Argument};
  case PointeeBinding::Unknown:
    break;
  }
  return {PointeeSharing::Unproven};
}

void OpenMPSemantics::statedConditions(
    llvm::SmallVectorImpl<const Expr *> &Holds, const Expr *&TeamSize) const {
  // `#pragma omp assume holds(e)` around the construct: e holds in it.
  for (const OMPExecutableDirective *E : Enclosing)
    if (isa<OMPAssumeDirective>(E))
      for (const auto *H : E->getClausesOfKind<OMPHoldsClause>())
        if (H->getExpr())
          Holds.push_back(H->getExpr());
  // The team runs the work items in parallel only where its `if` holds
  // (a constant false was refused by describe), and with two threads.
  if (!Team || isOpenMPTaskingDirective(Directive->getDirectiveKind()))
    return;
  for (const auto *C : Team->getClausesOfKind<OMPIfClause>())
    if (C->getCondition() && (C->getNameModifier() == llvm::omp::OMPD_unknown ||
                              C->getNameModifier() == llvm::omp::OMPD_parallel))
      Holds.push_back(C->getCondition());
  for (const auto *C : Team->getClausesOfKind<OMPNumThreadsClause>())
    if (const Expr *N = C->getNumThreads();
        N && !N->isValueDependent() && !N->isEvaluatable(Ctx))
      TeamSize = N;
}

bool OpenMPSemantics::reducedAround(const ValueDecl *V) const {
  // (Asked for a simd loop's lanes: the constructs up to the team.)
  if (!Lanes)
    return false;
  for (const OMPExecutableDirective *E : Enclosing) {
    for (const auto *C : E->getClausesOfKind<OMPReductionClause>())
      for (const Expr *Item : C->varlist())
        if (clauseVariable(Item) == V)
          return true;
    if (createsTeam(E->getDirectiveKind()))
      break;
  }
  return false;
}

bool OpenMPSemantics::privatizedByNestedConstruct(const ValueDecl *V) const {
  return NestedPrivate.count(V);
}

bool OpenMPSemantics::pointeePrivatizedByNestedConstruct(
    const ValueDecl *V) const {
  return NestedSections.count(V);
}

} // namespace clangfe
} // namespace privateer
