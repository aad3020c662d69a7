//===- RegionState.h - What the parts of a region model share ---*- C++ -*-===//
//
// Part of privateer. The state of building one ParallelRegion: the unit of
// work, the scope whose memory is per work item or per thread, the symbols
// of values and the buffers of memory seen so far, and the calls being
// followed. RegionContext owns it; each part (ExprTranslator, ValueFacts,
// SyncTracker, CallFollower, AccessWalker, RegionAssembler) reads and
// writes it.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_MLIR_REGIONSTATE_H
#define PRIVATEER_LIB_MLIR_REGIONSTATE_H

#include "ColumnMajor.h"
#include "Constructs.h"
#include "privateer/MLIR/RegionBuilder.h"
#include "privateer/Model/Region.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringMap.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace privateer {
namespace mlirfe {

using mlir::AffineExpr;
using mlir::AsmState;
using mlir::Operation;
using mlir::OpFoldResult;
using mlir::Value;
using mlir::ValueRange;

/// Deep enough for any index a compiler writes; bounds the recursion on
/// pathological def-use chains.
constexpr unsigned MaxExprDepth = 32;

/// How deep calls are followed into functions of the module, as the C
/// front end inlines visible callees.
constexpr unsigned MaxCallDepth = 3;

/// A loop inside one work item (scf, affine, Flang's `do`, an inner
/// `omp.loop_nest`).
bool isSequentialLoop(Operation *Op);

/// Where an access sits in its work item: what the operations around it
/// (up to the unit, or the called function) say.
struct AccessContext {
  unsigned LoopDepth = 0;
  bool Conditional = false;
  std::vector<unsigned> Branch;
  Guard Protection = Guard::None;
  /// The names of the critical sections around it (Access::Criticals).
  std::vector<std::string> Criticals;
  bool SingleWorkItem = false;
  ExprRef PinnedItem;
  bool InNestedTask = false;
  unsigned Section = 0;
  bool LockHeld = false;
  /// A fact the context assumed without seeing it (see
  /// LocationTable::doubt), or empty.
  std::string Doubt;
  /// What the branches around the access compared (Access::Conditions).
  std::vector<Condition> Conditions;
};

/// A call being followed: the call, its function, and the context of the
/// call in its caller.
struct CallFrame {
  Operation *Call;
  Operation *Callee;
  AccessContext AtCall;
};

/// The data the parts of one region's model share (see RegionContext).
struct RegionState {
  RegionState(Operation *Unit, LocationTable &Locs);

  Operation *Unit;
  UnitKind Kind;
  /// For the code that created a task: its statements.
  std::vector<Operation *> Body;
  /// Memory made inside these operations is per work item or per thread:
  /// the enclosing team of a worksharing loop (the function for an
  /// orphaned one: its locals are each calling thread's), or the unit.
  Operation *Scope;
  /// The function of an orphaned construct: its dummy arguments are the
  /// caller's memory, shared or not as the caller decides.
  bool Orphaned = false;
  LocationTable &Locs;
  AsmState Names;
  ParallelRegion R;
  llvm::DenseMap<Value, SymbolId> Symbols;
  /// Whether the unit writes a variable (see writtenInUnit), once asked.
  llvm::DenseMap<Value, bool> Written;
  /// The constant a variable holds when the unit starts (see constantAt),
  /// once asked.
  llvm::DenseMap<Value, std::optional<int64_t>> Constants;
  llvm::DenseMap<Value, unsigned> Buffers;
  /// Parallel to R.Buffers: the constant bounds of Fortran arrays.
  std::vector<std::optional<ArrayLayout>> Layouts;
  /// Loads folded into the read-modify-write of the store that follows, and
  /// the operator of each such store.
  llvm::DenseSet<Operation *> FoldedLoads;
  llvm::DenseMap<Operation *, ReductionOp> Updates;
  llvm::DenseMap<std::pair<Operation *, unsigned>, unsigned> BranchIds;
  /// Dominators of the unit's blocks, made when an unstructured region is
  /// first met.
  std::unique_ptr<mlir::DominanceInfo> Dominance;
  unsigned Order = 0;
  /// Barriers passed so far in the walk of a replicated region.
  unsigned Phase = 0;
  /// The statement of the creator's code being walked (from 1).
  unsigned Statement = 0;
  std::optional<SymbolId> ThreadId, TeamSize;
  /// For the instances of a task made by loops: the outermost loop (values
  /// it defines differ between instances).
  Operation *ItemRoot = nullptr;
  /// The distributed `omp.loop_nest` of a loop unit: its variables are the
  /// work items', not an inner loop's.
  Operation *Nest = nullptr;
  /// `linear` list items of the loop unit (their memory) and their steps.
  llvm::SmallVector<std::pair<Value, Value>> Linear;
  /// Memory whose accesses something orders that the model does not
  /// follow: instances of a task on what their `depend` clauses name, flags
  /// handed over with `flush`.
  llvm::SmallVector<Value> Ordered;
  /// The variables of the sequential `do` loops of a SIMD loop's lanes.
  llvm::DenseSet<Value> DoVariables;
  /// The calls being followed, outermost first.
  std::vector<CallFrame> Calls;
  /// Dummy arguments of the functions being followed: the actual argument.
  llvm::DenseMap<Value, Value> Bindings;
  /// Opaque values returned by functions whose body is not in the module,
  /// and the functions' names.
  llvm::DenseMap<SymbolId, std::string> UnseenResults;
  /// The node of each global memory object (see flang::globalKey).
  llvm::StringMap<Value> GlobalRoots;
  /// Work items wait for a flag another one sets (a flush or atomic read in
  /// a loop): a hand-off the model does not follow.
  bool SpinsOnFlag = false;
  /// The operation of each access of R.Accesses made in the unit's own
  /// code (null for one reached through a call).
  std::vector<Operation *> AccessOps;
};

} // namespace mlirfe
} // namespace privateer

#endif // PRIVATEER_LIB_MLIR_REGIONSTATE_H
