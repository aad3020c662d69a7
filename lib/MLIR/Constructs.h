//===- Constructs.h - What the omp dialect's operations are -----*- C++ -*-===//
//
// Part of privateer. The questions the model builder asks about OpenMP
// operations as Flang 22 (and hand-written MLIR) spell them: which
// operation is a unit of parallel work of its own and of what kind, where
// the team that runs it is, which constructs end with a barrier, what
// orders two tasks, and what may wait for the tasks created before it.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_MLIR_CONSTRUCTS_H
#define PRIVATEER_LIB_MLIR_CONSTRUCTS_H

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Operation.h"

#include <optional>
#include <string>

namespace privateer {
namespace mlirfe {

/// The kinds of units of parallel work the MLIR front end models.
enum class UnitKind {
  None,
  /// `scf.parallel`, `scf.forall`, `affine.parallel`: iterations.
  ParallelLoop,
  /// The outermost loop wrapper of a worksharing, distribute or taskloop
  /// construct (`omp.wsloop`, `omp.distribute`, `omp.taskloop`, and their
  /// composites): iterations over threads, teams or tasks.
  Worksharing,
  /// A standalone `omp.simd`: iterations as SIMD lanes of one thread.
  Simd,
  /// `omp.parallel`: every thread of the team runs the body.
  Team,
  /// `omp.teams`: the initial thread of every team runs the body.
  League,
  /// `omp.sections`: each section once, concurrently.
  Sections,
  /// `omp.task`: a task (or one per iteration of the loops around it).
  Task,
  /// `omp.single`, `omp.master`, `omp.masked` directly in a team: code one
  /// thread runs, a unit only beside the `nowait` loops before it.
  OneThread,
};

/// What \p Op is to the model.
UnitKind unitKind(mlir::Operation *Op);

/// An operation of `omp`'s loop-wrapper interface (wsloop, simd,
/// distribute, taskloop).
bool isLoopWrapper(mlir::Operation *Op);

/// The `omp.loop_nest` a loop wrapper (and the wrappers it holds) wraps.
mlir::omp::LoopNestOp loopNestOf(mlir::Operation *Wrapper);

/// The nearest `omp.parallel` or `omp.teams` around \p Op in its function:
/// the team whose threads run \p Op; null for orphaned code.
mlir::Operation *enclosingTeam(mlir::Operation *Op);

/// Whether the end of \p Op is a barrier of its team: a worksharing loop,
/// `sections`, `single` or `workshare` without `nowait`.
bool endsWithBarrier(mlir::Operation *Op);

/// A construct one thread of the team runs with no barrier after it:
/// `single nowait`, `master`, `masked`.
bool oneThreadNoBarrier(mlir::Operation *Op);

/// The thread that runs a `master` (0) or `masked` (its constant filter, 0
/// without one) construct; nothing for other operations and for a filter
/// that is not a constant.
std::optional<int64_t> pinnedThread(mlir::Operation *Op);

/// For a block argument of a construct that stands for a value or a
/// variable of the code around it: what the host evaluates for a target
/// region (`host_eval`: loop bounds, team sizes), or the host variable a
/// `map` entry makes visible in it (`omp.map.info var_ptr(...)`); null for
/// any other value.
mlir::Value outerValue(mlir::BlockArgument Arg);

/// Whether \p V is the copy a reduction clause of an OpenMP construct
/// gives its region (a worksharing loop's `reduction(+: s)`).
bool isReductionArgument(mlir::Value V);

/// Whether \p V is a constant false `i1` (an `if(.false.)` clause).
bool isConstantFalse(mlir::Value V);

/// A task whose `if` clause is the constant false, or one created inside a
/// task whose `final` clause is the constant true (an included task):
/// undeferred, it runs to its end before the code that created it goes on.
bool isUndeferred(mlir::omp::TaskOp Task);

/// An undeferred task with `depend` clauses that order it after the task
/// \p Sibling (`!$omp task depend(in: x) if(.false.)` after one with
/// `depend(out: x)`): it cannot start, and its creator cannot go on, before
/// the sibling has finished.
bool waitsForSibling(mlir::omp::TaskOp Undeferred, mlir::omp::TaskOp Sibling);

/// Whether the `depend` clauses of tasks \p A and \p B order them: both
/// name one variable, not both as `in` (nor both as `inoutset`); a
/// dependence object may order anything.
bool dependOrders(mlir::omp::TaskOp A, mlir::omp::TaskOp B);

/// The variables whose `depend` clauses (other than `in` and `inoutset`)
/// order the instances of \p Task on them: their memory, through Flang's
/// declarations.
llvm::SmallVector<mlir::Value> orderingDependVariables(mlir::omp::TaskOp Task);

/// Whether \p Op may wait for the tasks created before it in its block, or
/// holds something whose effect on them is not modelled: a `taskwait`, a
/// barrier, a `taskgroup`, a worksharing or team construct, or a call of a
/// function of the module that may (\p Depth levels deep). A nested task,
/// atomic, critical, flush, master and masked do not.
bool mayWaitForTasks(mlir::Operation *Op, unsigned Depth = 3);

/// Whether \p Op may wait for the descendants of the tasks created before
/// it: as mayWaitForTasks, but a `taskwait` waits for child tasks only.
bool mayWaitForDescendants(mlir::Operation *Op);

/// The function of the module a `fir.call` or `func.call` calls, when its
/// body is there; null otherwise.
mlir::Operation *visibleCallee(mlir::Operation *Call);

/// How the calls of a function in the module pass one of its dummy
/// arguments: memory a team shares (at least one call inside a team passes
/// memory from outside it), memory private to each thread (every call
/// inside a team passes the team's own), or not known (no call inside a
/// team is visible).
enum class ActualSharing { Shared, Private, Unknown };
ActualSharing actualSharing(mlir::Operation *Function, unsigned Argument);

/// How the user wrote the construct of unit \p Op: the Fortran directive
/// (`!$omp parallel do`, `!$omp teams distribute`, ...) for Flang's output,
/// the operation's name otherwise.
std::string constructName(mlir::Operation *Op);

} // namespace mlirfe
} // namespace privateer

#endif // PRIVATEER_LIB_MLIR_CONSTRUCTS_H
