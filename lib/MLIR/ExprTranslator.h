//===- ExprTranslator.h - MLIR values to privateer expressions --*- C++ -*-===//
//
// Part of privateer. Values become privateer expressions: constants, loop
// variables with their bounds (the work items' and the sequential loops'
// inside them), values from outside the construct as invariant symbols, the
// integer arithmetic of `arith` and `affine.apply`, the thread number, and
// for Flang the loop variable read back from its private copy in memory
// (ValueFacts). Anything else is an opaque value per work item.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_MLIR_EXPRTRANSLATOR_H
#define PRIVATEER_LIB_MLIR_EXPRTRANSLATOR_H

#include "RegionState.h"

#include <variant>

namespace privateer {
namespace mlirfe {

class RegionContext;

/// Translates the values of one construct's code into expressions of its
/// ParallelRegion, making the symbols they need.
class ExprTranslator {
public:
  ExprTranslator(RegionContext &Ctx, RegionState &State)
      : Ctx(Ctx), State(State) {}

  std::string name(Value V);
  /// The memory \p Ref names, through declarations and the dummy arguments
  /// of called functions.
  Value rootOf(Value Ref, std::string *Name = nullptr,
               Operation **Decl = nullptr);
  /// For the load of a host variable's address from the tuple an internal
  /// procedure receives: the address the host stored there; null
  /// otherwise.
  Value hostAddress(Value Ref);
  /// A symbol for \p V, a value computed from \p From (one value for all
  /// work items where From is), between \p Lo and \p Hi (null: unbounded).
  ExprRef boundedSymbol(Value V, const ExprRef &From, ExprRef Lo, ExprRef Hi);
  /// Flang's MODULO(x, m) for a constant m, as the operations it lowers to
  /// end in \p D: its value or a symbol with its range; null otherwise.
  ExprRef moduloValue(Operation *D, unsigned Depth);
  /// `arith.andi` of integers (IAND): a remainder by a power of two, or a
  /// symbol bounded by a mask that is not negative.
  ExprRef bitAnd(Operation *D, unsigned Depth);
  ExprRef expr(Value V, unsigned Depth = 0);
  /// A new symbol for \p V.
  ExprRef newSymbol(Value V, SymbolKind K, bool Dependent);
  /// \p V, made outside the unit: a Fortran variable's value, or a symbol
  /// the same for every work item; null for arithmetic, translated as any
  /// other.
  ExprRef outsideValue(Value V, unsigned Depth);
  /// The iteration argument in which Flang counts a `do` variable, as the
  /// loop's own value; null for any other block argument.
  ExprRef doVariable(mlir::BlockArgument Arg, unsigned Depth);
  /// A symbol for \p V, defined by \p D (a load, a call to \p Callee,
  /// arithmetic we do not model): per work item, or one for all when made
  /// \p Outside the unit.
  ExprRef unmodelledValue(Value V, Operation *D, bool Outside,
                          llvm::StringRef Callee);
  /// The integer arithmetic of `arith` (min and max spelled as selects,
  /// conversions) as an expression; null for other operations.
  ExprRef arithmetic(Operation *D, unsigned Depth);
  ExprRef affineExpr(AffineExpr E, ValueRange Dims, ValueRange Syms,
                     unsigned Depth);
  std::string fortranName(Value V);

  // --- Loops and the team (LoopSymbols.cpp) ---
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
  /// The executing thread's number (`omp_get_thread_num()`), or the team's
  /// in a league.
  SymbolId threadIdSymbol();
  /// The team's size (`omp_get_num_threads()`), at least 1.
  SymbolId teamSizeSymbol();
  void registerInnerLoops(Operation *Op);
  /// A variable over the elements of a section triplet `lo:hi:step` of
  /// one access (a loop the assignment runs), the step a constant not 0.
  ExprRef sectionVariable(ExprRef Lo, ExprRef Hi, int64_t Step);

private:
  RegionContext &Ctx;
  RegionState &State;
};

} // namespace mlirfe
} // namespace privateer

#endif // PRIVATEER_LIB_MLIR_EXPRTRANSLATOR_H
