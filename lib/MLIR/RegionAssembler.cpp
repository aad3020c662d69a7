//===- RegionAssembler.cpp - MLIR parallel loops to the model -------------===//
//
// Part of privateer. One ParallelRegion per unit of parallel work (see
// Constructs.h): the unit's work items are set up here, the memory it
// reaches from outside becomes shared buffers (SharedBuffers.cpp), and its
// code is walked for accesses (AccessWalker.cpp).
//
//===----------------------------------------------------------------------===//

#include "RegionAssembler.h"
#include "ColumnMajor.h"
#include "FlangOps.h"
#include "NowaitLoops.h"
#include "OpSemantics.h"
#include "RegionContext.h"
#include "TaskOrdering.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace privateer {
namespace mlirfe {

bool isParallelConstruct(Operation *Op) {
  return unitKind(Op) != UnitKind::None;
}

void RegionAssembler::setUpSchedule(omp::WsloopOp Ws) {
  auto Kind = Ws.getScheduleKind();
  if (!Kind)
    return;
  switch (*Kind) {
  case omp::ClauseScheduleKind::Static:
    State.R.Schedule = ScheduleKind::Static;
    break;
  case omp::ClauseScheduleKind::Dynamic:
    State.R.Schedule = ScheduleKind::Dynamic;
    break;
  case omp::ClauseScheduleKind::Guided:
    State.R.Schedule = ScheduleKind::Guided;
    break;
  case omp::ClauseScheduleKind::Auto:
    State.R.Schedule = ScheduleKind::Auto;
    break;
  default:
    State.R.Schedule = ScheduleKind::Runtime;
    break;
  }
  State.R.ScheduleClause = State.R.Directive;
  if (Value Chunk = Ws.getScheduleChunk())
    State.R.Chunk = Ctx.Exprs.expr(Chunk);
}

bool RegionAssembler::setUpWorksharing() {
  omp::LoopNestOp LoopNest = loopNestOf(State.Unit);
  if (!LoopNest)
    return false;
  State.Nest = LoopNest;
  if (State.Kind == UnitKind::Simd || isa<omp::TaskloopOp>(State.Unit)) {
    // SIMD lanes share their thread's memory; the tasks of a taskloop
    // share their creator's.
    State.Scope = State.Unit;
  } else if (!setUpTeamScope()) {
    return false;
  }
  if (isa<omp::TaskloopOp>(State.Unit)) {
    State.R.Construction = ConstructKind::TaskLoop;
    State.R.InterleavedWork = true;
  }
  // The clauses of every wrapper of a composite: schedule, linear items.
  for (Operation *W = State.Unit; isLoopWrapper(W);) {
    if (auto Ws = dyn_cast<omp::WsloopOp>(W)) {
      setUpSchedule(Ws);
      for (auto [V, S] : llvm::zip(Ws.getLinearVars(), Ws.getLinearStepVars()))
        State.Linear.push_back({V, S});
    } else if (auto Simd = dyn_cast<omp::SimdOp>(W)) {
      for (auto [V, S] :
           llvm::zip(Simd.getLinearVars(), Simd.getLinearStepVars()))
        State.Linear.push_back({V, S});
    }
    Operation *Next = nullptr;
    for (Operation &X : W->getRegion(0).front())
      if (isLoopWrapper(&X))
        Next = &X;
    W = Next;
  }
  for (unsigned K = 0; K < LoopNest.getNumLoops(); ++K)
    State.R.WorkItemVars.push_back(Ctx.Exprs.loopSymbol(
        LoopNest.getIVs()[K], SymbolKind::Induction,
        LoopNest.getLoopLowerBounds()[K], LoopNest.getLoopUpperBounds()[K],
        LoopNest.getLoopSteps()[K], LoopNest.getLoopInclusive()));
  if (auto Simd = dyn_cast<omp::SimdOp>(State.Unit)) {
    // The lanes of one thread: threads racing on what the loop touches is
    // the question of the construct around it, asked with its data sharing.
    State.R.Construction = ConstructKind::SimdLanes;
    Ctx.Sync.boundSimdWindow(Simd);
    Ctx.Sync.collectDoVariables();
  }
  return true;
}

bool RegionAssembler::setUpTeam() {
  // Every thread of the team (every team of a league) runs the body: the
  // work items are threads (teams).
  State.R.Kind = RegionKind::Replicated;
  State.R.CreatesTeam = true;
  // The program may set the size of its teams elsewhere in the module
  // (`call omp_set_num_threads(4)`): the team may be smaller than it seems.
  if (ModuleOp Module = State.Unit->getParentOfType<ModuleOp>())
    State.R.TeamSizeSetElsewhere =
        Module
            ->walk([](CallOpInterface Call) {
              auto Callee = dyn_cast_if_present<SymbolRefAttr>(
                  Call.getCallableForCallee());
              return Callee && knownCallee(Callee.getLeafReference()) ==
                                   KnownCallee::OmpSetNumThreads
                         ? WalkResult::interrupt()
                         : WalkResult::advance();
            })
            .wasInterrupted();
  if (auto Team = dyn_cast<omp::ParallelOp>(State.Unit)) {
    if (isConstantFalse(Team.getIfExpr()))
      return false; // a team of one thread
    if (Value N = Team.getNumThreads()) {
      State.R.NumThreadsClause = true;
      State.R.NumThreads = Ctx.Exprs.expr(N);
    }
  } else if (auto League = dyn_cast<omp::TeamsOp>(State.Unit)) {
    if (Value N = League.getNumTeamsUpper()) {
      State.R.NumThreadsClause = true;
      State.R.NumThreads = Ctx.Exprs.expr(N);
    }
  }
  State.R.WorkItemVars.push_back(Ctx.Exprs.threadIdSymbol());
  return true;
}

bool RegionAssembler::setUpSections() {
  State.R.Kind = RegionKind::Sections;
  unsigned Count = 0;
  for (Operation &Op : State.Unit->getRegion(0).front())
    Count += isa<omp::SectionOp>(Op);
  return Count >= 2 && setUpTeamScope();
}

bool RegionAssembler::setUpTeamScope() {
  if (Operation *Team = enclosingTeam(State.Unit)) {
    State.Scope = Team;
    return true;
  }
  // Orphaned: the function runs on every thread of the team that calls it,
  // its locals each thread's own. In the main program no team is around
  // it: one thread runs the construct.
  auto Fn = State.Unit->getParentOfType<mlir::FunctionOpInterface>();
  if (!Fn || flang::isMainProgram(Fn.getName()))
    return false;
  State.Scope = Fn;
  State.Orphaned = true;
  return true;
}

std::optional<ParallelRegion> RegionAssembler::build() {
  State.R.Kind = RegionKind::Loop;
  State.R.Handle = ConstructHandle::of(State.Unit);
  State.R.Directive = State.Locs.add(State.Unit->getLoc(), State.Unit);
  // Advice is worded for what the user wrote: Fortran's `!$omp` clauses,
  // the omp dialect's operands, or scf's reductions.
  State.R.Model = flang::isFortran(State.Unit) ? ProgrammingModelKind::Fortran
                  : State.Unit->getDialect() &&
                          State.Unit->getDialect()->getNamespace() == "omp"
                      ? ProgrammingModelKind::OmpDialect
                      : ProgrammingModelKind::SCF;
  State.R.Construct = constructName(State.Unit);
  bool Ready = false;
  switch (State.Kind) {
  case UnitKind::ParallelLoop:
    Ready = Ctx.Exprs.addParallelVars(State.Unit, SymbolKind::Induction);
    break;
  case UnitKind::Worksharing:
  case UnitKind::Simd:
    Ready = setUpWorksharing();
    break;
  case UnitKind::Team:
  case UnitKind::League:
    Ready = setUpTeam();
    break;
  case UnitKind::Sections:
    Ready = setUpSections();
    break;
  case UnitKind::Task:
    Ready = setUpTaskItems();
    break;
  case UnitKind::OneThread:
    // One work item: the thread that runs it.
    State.R.Kind = RegionKind::Tasks;
    if (Operation *Team = enclosingTeam(State.Unit))
      State.Scope = Team;
    Ready = true;
    break;
  case UnitKind::None:
    break;
  }
  if (!Ready)
    return std::nullopt;
  Ctx.Sync.collectFlushed();
  if (State.Body.empty()) {
    Ctx.Walker.collectUpdates(State.Unit);
    Ctx.Walker.walkRegions(State.Unit);
  } else {
    // The creator's statements, each numbered as a section so that a fix
    // knows where to wait.
    for (Operation *Op : State.Body) {
      Ctx.Walker.collectUpdates(Op);
      ++State.Statement;
      Ctx.Walker.walk(Op);
    }
  }
  Ctx.Walker.hoistWritesOnBothArms();
  flattenOutOfBounds(State.R, State.Layouts);
  Ctx.Facts.addStatedFacts();
  State.R.WaitsOnFlags = State.SpinsOnFlag;
  // Values of Flang's lowering that no Fortran name was found for.
  if (State.R.Model == ProgrammingModelKind::Fortran)
    for (Symbol &S : State.R.Symbols)
      S.Unnamed = !S.Name.empty() && S.Name.front() == '%';
  return std::move(State.R);
}

std::optional<ParallelRegion> buildRegion(Operation *Unit,
                                          LocationTable &Locs) {
  if (!isParallelConstruct(Unit))
    return std::nullopt;
  std::optional<ParallelRegion> R = modelUnit(Unit, Locs);
  if (!R)
    return R;
  // The constructs before it that no barrier separates from it, modelled
  // with the same locations (their findings point into both).
  R->Previous = previousUnordered(Unit, Locs);
  // One thread's code is compared only with the loops before it.
  if (unitKind(Unit) == UnitKind::OneThread && R->Previous.empty())
    return std::nullopt;
  if (auto Task = dyn_cast<omp::TaskOp>(Unit))
    orderTask(Task, *R, Locs);
  return R;
}

} // namespace mlirfe
} // namespace privateer
