//===- AccessWalker.h - The accesses of one work item's code ----*- C++ -*-===//
//
// Part of privateer. Walks what a work item runs, in order, and makes every
// memref or Flang load, store and `omp.atomic` access an Access with its
// guard, branches and loops (AccessWalker.cpp); a load-op-store of one
// element is one read-modify-write, and a write on both arms of a branch is
// made where the branch is (ReadModifyWrites.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_MLIR_ACCESSWALKER_H
#define PRIVATEER_LIB_MLIR_ACCESSWALKER_H

#include "FlangOps.h"
#include "RegionState.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/AffineMap.h"

namespace privateer {
namespace mlirfe {

class RegionContext;

/// Finds the accesses of one construct's code.
class AccessWalker {
public:
  AccessWalker(RegionContext &Ctx, RegionState &State)
      : Ctx(Ctx), State(State) {}

  void walk(Operation *Op);
  void walkRegions(Operation *Op);
  void visit(Operation *Op);
  /// The access made, or null when \p MemRef is not shared memory.
  Access *record(Operation *Op, Value MemRef, std::vector<ExprRef> Index,
                 AccessKind Kind, ReductionOp RedOp, Guard Protection,
                 bool WholeBuffer = false,
                 std::vector<std::string> Fields = {});
  void addFlangAccess(Operation *Op, Value Ref, AccessKind Kind,
                      ReductionOp RedOp);
  /// The reads a call into code the walk cannot follow may make.
  void addOpaqueCallReads(Operation *Call);
  /// The write added since \p Before stores \p Stored: its StoredValue.
  void noteStoredValue(size_t Before, Value Stored);

  // --- Read-modify-writes (ReadModifyWrites.cpp) ---
  /// A write made on both arms of a two-way branch (`if (c) then; t = 1;
  /// else; t = 2; end if`) is made where the branch is, as the C front end
  /// has it.
  void hoistWritesOnBothArms();
  void collectUpdates(Operation *Root);
  /// Records \p Store of \p Stored as a read-modify-write when \p Stored
  /// combines a value loaded (by an op \p SameElement accepts) earlier in
  /// its block and used nowhere else.
  void noteUpdate(Operation *Store, Value Stored,
                  llvm::function_ref<bool(Operation *Load)> SameElement);
  /// `m = max(x, m)` (or min) lowered as a select of the comparison of
  /// the two values: an update with max (or min) at \p Store.
  void
  noteSelectedExtreme(Operation *Store, mlir::arith::SelectOp Select,
                      llvm::function_ref<bool(Operation *Load)> SameElement);

private:
  /// The subscripts of a memref access.
  std::vector<ExprRef> indicesOf(ValueRange Vs);
  /// The subscripts of an affine access: an opaque symbol for a result the
  /// translation does not follow.
  std::vector<ExprRef> affineIndicesOf(mlir::AffineMap M, ValueRange Operands);
  /// The accesses of memref and affine loads and stores; false for other
  /// operations.
  bool visitMemRef(Operation *Op);
  /// The accesses of Flang's loads and stores; false for other operations.
  bool visitFlang(Operation *Op);
  /// The accesses of `omp.atomic` operations and of calls.
  void visitAtomicOrCall(Operation *Op);
  /// Where \p A, made by \p Op, sits in its work item: the loops around it,
  /// the branches it is in, its guard, its place and order.
  void placeAccess(Access &A, Operation *Op);
  /// The subscripts, fields and spelling of a designate's \p Parts; false
  /// when one is not modelled.
  bool designatorIndex(llvm::ArrayRef<flang::DesignatorPart> Parts,
                       std::vector<ExprRef> &Index,
                       std::vector<std::string> &Fields, std::string &Spelling);

  RegionContext &Ctx;
  RegionState &State;
};

} // namespace mlirfe
} // namespace privateer

#endif // PRIVATEER_LIB_MLIR_ACCESSWALKER_H
