//===- RegionModeler.h - Builds the model of one MLIR construct -*- C++ -*-===//
//
// Part of privateer. The state of building one ParallelRegion: the symbols
// of values and the buffers of memory seen so far. Its accesses are
// collected in RegionBuilder.cpp, its index expressions and loop bounds
// translated in IndexTranslator.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_MLIR_REGIONMODELER_H
#define PRIVATEER_LIB_MLIR_REGIONMODELER_H

#include "privateer/MLIR/RegionBuilder.h"
#include "privateer/Model/Region.h"

#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <optional>
#include <string>
#include <variant>
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

/// Builds the ParallelRegion of one construct (see buildRegion): the loop
/// or region, the scope whose memory is per work item or per thread, and the
/// symbols and buffers met so far.
class RegionModeler {
public:
  RegionModeler(Operation *Loop, LocationTable &Locs)
      : Loop(Loop), Scope(Loop), Locs(Locs),
        Names(
            Loop->getParentWithTrait<mlir::OpTrait::IsIsolatedFromAbove>()
                ? Loop->getParentWithTrait<mlir::OpTrait::IsIsolatedFromAbove>()
                : Loop) {}

  std::optional<ParallelRegion> build();

private:
  std::string name(Value V);
  /// Whether \p V is defined inside \p Op (so it has a value per work item
  /// or per thread of \p Op).
  static bool definedInside(Value V, Operation *Op);
  ExprRef expr(Value V, unsigned Depth = 0);
  ExprRef affineExpr(AffineExpr E, ValueRange Dims, ValueRange Syms,
                     unsigned Depth);
  /// A loop bound: a value, a constant attribute, or an expression built
  /// already (from an affine map).
  using Bound = std::variant<OpFoldResult, ExprRef>;
  std::optional<int64_t> constantOf(Bound B);
  ExprRef boundExpr(Bound B);
  SymbolId loopSymbol(Value IV, SymbolKind Kind, Bound Lb, Bound Ub, Bound Step,
                      bool Inclusive);
  /// The last value from \p Lb in steps of \p Step (positive) up to \p Ub,
  /// `Lb - 1` when there is none; nothing when it does not fit an int64_t.
  static std::optional<int64_t> lastOnLattice(int64_t Lb, int64_t Ub,
                                              bool Inclusive, int64_t Step);
  /// The variables of a parallel loop (scf.parallel, scf.forall,
  /// affine.parallel) as symbols of kind \p Kind; false for other ops.
  bool addParallelVars(Operation *Op, SymbolKind Kind);
  /// The executing thread's number (`omp_get_thread_num()`).
  SymbolId threadIdSymbol();
  void registerInnerLoops(Operation *Op);
  std::optional<unsigned> buffer(Value MemRef);
  /// For \p Descriptor, a load of an allocatable or pointer variable's
  /// descriptor: the variable (its reference), whose memory the descriptor
  /// points to, when
  /// it stays the same memory (nothing in the parallel scope but loads
  /// touches the variable: no allocation, no pointer assignment); null
  /// otherwise.
  Value describedMemory(Value Descriptor);
  /// The access made, or null when \p MemRef is not shared memory.
  Access *addAccess(Operation *Op, Value MemRef, std::vector<ExprRef> Index,
                    AccessKind Kind, ReductionOp RedOp, Guard Protection,
                    bool WholeBuffer = false,
                    std::vector<std::string> Fields = {});
  void addFlangAccess(Operation *Op, Value Ref, AccessKind Kind,
                      ReductionOp RedOp);
  /// A variable over the elements of a section triplet `lo:hi:step` of
  /// one access (a loop the assignment runs), the step a constant not 0.
  ExprRef sectionVariable(ExprRef Lo, ExprRef Hi, int64_t Step);
  ExprRef loadedValue(Operation *Load, Value Ref, unsigned Depth);
  Operation *nearestWriter(Operation *Load, Value Root);
  bool writtenInLoop(Value Root);
  bool lastIterationOnly(Value Condition, unsigned Depth = 0);
  std::string fortranName(Value V);
  void collectUpdates();
  /// Records \p Store of \p Stored as a read-modify-write when \p Stored
  /// combines a value loaded (by an op \p SameElement accepts) earlier in
  /// its block and used nowhere else.
  void noteUpdate(Operation *Store, Value Stored,
                  llvm::function_ref<bool(Operation *Load)> SameElement);
  void visit(Operation *Op);

  Operation *Loop;
  /// Values defined inside it are per work item or per thread: the
  /// enclosing `omp.parallel` of an `omp.wsloop`, or the loop itself.
  Operation *Scope;
  LocationTable &Locs;
  AsmState Names;
  ParallelRegion R;
  llvm::DenseMap<Value, SymbolId> Symbols;
  llvm::DenseMap<Value, unsigned> Buffers;
  /// Loads folded into the read-modify-write of the store that follows, and
  /// the operator of each such store.
  llvm::DenseSet<Operation *> FoldedLoads;
  llvm::DenseMap<Operation *, ReductionOp> Updates;
  llvm::DenseMap<std::pair<Operation *, unsigned>, unsigned> BranchIds;
  unsigned Order = 0;
  /// Barriers passed so far in the walk of a replicated region.
  unsigned Phase = 0;
  std::optional<SymbolId> ThreadId;
  /// The distributed `omp.loop_nest` of an `omp.wsloop`: its variables are
  /// the work items', not an inner loop's.
  Operation *Nest = nullptr;
};

} // namespace mlirfe
} // namespace privateer

#endif // PRIVATEER_LIB_MLIR_REGIONMODELER_H
