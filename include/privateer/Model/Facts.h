//===- Facts.h - What the code states about a region's values ---*- C++ -*-===//
//
// Part of privateer. Facts a region carries (ParallelRegion::Stated) beyond
// the bounds of its symbols, set by every front end the same way: the
// loops that ran, and the conditions the code states (an OpenMP `assume`
// directive, an assertion before the construct, the `if` clause that
// decides whether the construct runs in parallel). The solver holds every
// witness to them: a report whose witness contradicts a stated fact is
// never made.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_MODEL_FACTS_H
#define PRIVATEER_MODEL_FACTS_H

#include "privateer/Model/Region.h"

#include <functional>
#include <string_view>
#include <vector>

namespace privateer {

/// A loop that ran has a trip count of at least one: wherever a work item
/// of \p R runs, each sequential loop around the construct has its last
/// value at or above its first (`n >= 1` inside `do it = 1, n`). Adds
/// `Max >= Min` of those loops whose bounds are not both constants. (The
/// loops the work items are iterations of say so in every question the
/// solver is asked: the two work items are values of their variables,
/// within their bounds.)
void addLoopTripFacts(ParallelRegion &R);

/// Adds \p C, a condition the code states, to R.Stated, and marks the
/// region's facts as stated (ParallelRegion::FactsStated).
void addStatedFact(ParallelRegion &R, Condition C);

/// Reads \p Text, a condition over variables in Fortran or C spelling
/// (`nass1 < nfront`, `lld >= m .and. m > 0`, `n >= 1 && mod(n, 4) == 0`):
/// integer literals, names, array elements (`step(work(1))`, looked up as
/// one name: lower case, no blanks), + - * /, MOD(a, b), MIN and MAX,
/// parentheses, the comparisons (`<`, `.lt.`, `/=`, `!=`, ...) and
/// conjunctions (`.and.`, `&&`). \p Lookup gives a name's value in the
/// region (null when it has none: the conjunct that names it is dropped; a
/// call of a function other than MOD, MIN and MAX reads as an element no
/// value is named for). Appends one condition per conjunct it can read to
/// \p Out; false when the text does not parse (a disjunction, a negation):
/// nothing is added.
bool parseStatedCondition(
    std::string_view Text,
    const std::function<ExprRef(std::string_view Name)> &Lookup,
    std::vector<Condition> &Out);

} // namespace privateer

#endif // PRIVATEER_MODEL_FACTS_H
