//===- ValueRange.h - The values an index can take --------------*- C++ -*-===//
//
// Part of privateer. What the code states about the values of an
// expression of the model, whatever the data: the bounds of its symbols
// (a loop's range, the type of a value loaded from memory, the contents
// of a constant table) carried through `% m`, `/ d`, shifts, `min`/`max`
// clamps and sums. An index loaded from memory is data the analysis
// cannot read, but `key[i] % 16` still takes at most 16 values: enough
// to prove that more than 16 work items collide (the pigeonhole
// principle). Bounds may be symbolic (`0 .. size - 1`).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_MODEL_VALUERANGE_H
#define PRIVATEER_MODEL_VALUERANGE_H

#include "privateer/Model/Region.h"

#include <vector>

namespace privateer {

/// The longest constant table whose contents the solver is shown (longer
/// ones are opaque values): `static const` and `constexpr` arrays in C and
/// C++, PARAMETER and DATA arrays in Fortran.
constexpr size_t MaxTableLength = 4096;

/// Inclusive bounds of the values of an expression; a null bound is
/// unbounded on that side.
struct ValueRange {
  ExprRef Lo, Hi;
  /// What must hold for the bounds to be right (`m >= 1` for `x % m` with
  /// a symbolic m): conditions on values every work item shares.
  std::vector<Condition> Requires;

  bool bounded() const { return Lo && Hi; }
};

/// The values \p E can take in \p R.
ValueRange rangeOf(const ParallelRegion &R, const ExprRef &E);

/// Whether every symbol of \p E takes one value in all work items (sizes,
/// parameters, values loaded before the construct): a condition on it is a
/// fact about the run, not about one work item.
bool sameInEveryWorkItem(const ParallelRegion &R, const ExprRef &E);

/// Whether \p E is known to be at least 0 (its lower bound is a constant
/// that is).
bool knownNonNegative(const ParallelRegion &R, const ExprRef &E);

/// The number of values in a bounded \p Range (`Hi - Lo + 1`); null when
/// it is unbounded.
ExprRef valueCount(const ValueRange &Range);

/// `x & mask` where the mask is 2^k - 1 and x is known not to be negative:
/// `x % 2^k`, which the model reasons about; null otherwise.
ExprRef maskedRemainder(const ParallelRegion &R, const ExprRef &X,
                        const ExprRef &Mask);

/// The least upper bound the model can give `a & b` from an operand that
/// every work item shares and that is not negative (a mask): the result
/// lies between 0 and it. Null when neither operand bounds it.
ExprRef bitAndUpperBound(const ParallelRegion &R, const ExprRef &A,
                         const ExprRef &B);

} // namespace privateer

#endif // PRIVATEER_MODEL_VALUERANGE_H
