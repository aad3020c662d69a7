//===- Counting.h - Collisions proven by counting ---------------*- C++ -*-===//
//
// Part of privateer. The pigeonhole principle as a fact of the race check:
// an access every work item makes, whose index can select only K elements
// (its type, `% m`, `& mask`, a constant table, the array's extent), made
// by more than K work items, makes two of them touch one element whatever
// the data. The question is put to the oracle (IndexOracle::outnumber),
// which decides it for symbolic counts too (`4 * size` updates of `size`
// elements).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_ANALYSIS_COUNTING_H
#define PRIVATEER_ANALYSIS_COUNTING_H

#include "privateer/Analysis/IndexOracle.h"

#include <optional>

namespace privateer {

/// The counting question for \p A, a write or update that every work item
/// of loop region \p R makes at an index that differs between work items
/// in ways the model cannot compute; nothing when the counts are not both
/// known (an index nothing bounds, a conditional access, a region whose
/// work items are not a loop's iterations).
std::optional<CountingQuestion> countingQuestion(const ParallelRegion &R,
                                                 const Access &A);

/// The number of iterations of \p R's work-item loops, simplified; null
/// where a bound is unknown. \p Requires gets what the count relies on
/// (every loop runs).
ExprRef workItemCount(const ParallelRegion &R,
                      std::vector<Condition> &Requires);

} // namespace privateer

#endif // PRIVATEER_ANALYSIS_COUNTING_H
