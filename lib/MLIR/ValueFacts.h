//===- ValueFacts.h - What the code says of its values ----------*- C++ -*-===//
//
// Part of privateer. The values memory holds where the code loads them
// (LoadedValues.cpp): constants a scalar was assigned, elements of tables
// and of arrays the unit never writes, `linear` variables, the variable of
// a `do` loop around the construct; the comparisons a condition holds and
// whether the unit writes a variable (ValueFacts.cpp); and the facts the
// code states (StatedFacts.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_MLIR_VALUEFACTS_H
#define PRIVATEER_LIB_MLIR_VALUEFACTS_H

#include "RegionState.h"

#include <functional>
#include <string_view>

namespace privateer {
namespace mlirfe {

class RegionContext;

/// What loads, conditions and stated facts say about one construct's values.
class ValueFacts {
public:
  ValueFacts(RegionContext &Ctx, RegionState &State) : Ctx(Ctx), State(State) {}

  // --- Loaded values (LoadedValues.cpp) ---
  ExprRef loadedValue(Operation *Load, Value Ref, unsigned Depth);
  /// What \p Load reads from \p Root, memory of one work item or thread:
  /// the value last stored into it, or the value a `firstprivate` copy
  /// starts with; null otherwise.
  ExprRef privateValue(Operation *Load, Value Root, unsigned Depth);
  /// An element of a PARAMETER or DATA array (flang::constantTable): a
  /// symbol whose table the solver sees; null otherwise.
  ExprRef tableElement(Operation *Load, Value Base,
                       llvm::ArrayRef<Value> Indices, unsigned Depth);
  /// An element of an array the unit never writes, at subscripts the same
  /// in every work item: an invariant symbol (null otherwise).
  ExprRef invariantElement(Operation *Load, Value Base,
                           llvm::ArrayRef<Value> Indices, unsigned Depth);
  /// The value of the `linear` variable \p Root at \p Load: its value before
  /// the loop plus the iteration's number times the step, or what the
  /// iteration stored into it before.
  ExprRef linearValue(Operation *Load, Value Root, unsigned Depth);
  /// The `do` loop around the construct whose variable is \p Root, if any.
  Operation *enclosingDoLoopOf(Value Root);
  /// For the private copy \p Root of a `firstprivate` variable (a block
  /// argument of a construct): the variable it is copied from.
  Value firstPrivateSource(Value Root);

  // --- Writes and conditions (ValueFacts.cpp) ---
  /// The value a local scalar holds at \p At, when the last write before it
  /// stores a constant and nothing else can change it in between (writes
  /// inside \p Ignore left aside).
  std::optional<int64_t> constantAt(Operation *At, Value Root,
                                    Operation *Ignore = nullptr);
  Operation *nearestWriter(Operation *Load, Value Root, Operation *Within);
  bool writtenInUnit(Value Root);
  /// The integer comparisons that hold where \p Cond is \p Holds
  /// (through `.not.`, `.and.` that holds, `.or.` that fails and logical
  /// conversions); others add nothing.
  void conditionsOf(Value Cond, bool Holds, std::vector<Condition> &Out,
                    unsigned Depth = 0);

  // --- Facts the code states (StatedFacts.cpp) ---
  /// Adds to R.Facts what the construct's loops, its `privateer.holds`
  /// conditions, its team's `if` and `num_threads` clauses and the
  /// branches around it say (see include/privateer/Model/Facts.h).
  void addStatedFacts();
  /// Adds to \p Conditions, those of an access at \p Op, what an `!$omp
  /// assume holds(...)` inside the construct states there (the
  /// `privateer.assumed` texts privateer-fortran puts on the operations of
  /// the lines it covers, on \p Op or an operation around it below
  /// \p Stop), as stated conditions.
  void statedAt(Operation *Op, Operation *Stop,
                std::vector<Condition> &Conditions);
  /// The first load of the variable \p Name (lower case) in the code that
  /// the `privateer.assumed` text \p Text covers; for an element
  /// (`step(work(1))`), the first load of that array there when every one
  /// there reads the same element. Null when none.
  Value loadInCoveredCode(llvm::StringRef Text, std::string_view Name);
  /// The condition a local LOGICAL read by \p Load holds: the value of its
  /// one assignment that reaches the load (`flag = n .eq. 1`), when no other
  /// write can reach it and nothing that condition read changes in between.
  Value assignedCondition(Operation *Load);
  /// A Fortran name's value in the region: the symbol of that name, or a
  /// new invariant one (an element or call of no symbol's: null).
  std::function<ExprRef(std::string_view)> namedValue();

private:
  RegionContext &Ctx;
  RegionState &State;
};

} // namespace mlirfe
} // namespace privateer

#endif // PRIVATEER_LIB_MLIR_VALUEFACTS_H
