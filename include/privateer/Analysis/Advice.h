//===- Advice.h - Advice worded per programming model -----------*- C++ -*-===//
//
// Part of privateer. The checks decide what is wrong and what would fix it
// in neutral terms (a race kind, a Remedy); every sentence that tells a
// user what to write is rendered here, from that decision, the buffer, the
// region and the region's programming model. OpenMP code is told about
// clauses and directives, TBB code about tbb:: classes and lambdas, MLIR
// about operations; no check spells any of them.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_ANALYSIS_ADVICE_H
#define PRIVATEER_ANALYSIS_ADVICE_H

#include "privateer/Analysis/Remedy.h"
#include "privateer/Model/Region.h"

#include <cstdint>
#include <optional>
#include <string>

namespace privateer {

/// The reduction identifier of an OpenMP `reduction` clause for \p Op
/// (`+`, `max`), or null when the clause cannot express it. `-` is spelled
/// `+`: '-' reductions are deprecated and '+' sums the same terms.
const char *openMPReductionIdentifier(ReductionOp Op);

/// Why there is no automatic fix, in \p Model's words; empty for
/// NoFixReason::Unstated.
std::string whyNoFix(ProgrammingModelKind Model, NoFixReason Why);

} // namespace privateer

#endif // PRIVATEER_ANALYSIS_ADVICE_H
