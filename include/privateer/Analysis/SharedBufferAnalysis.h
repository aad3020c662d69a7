//===- SharedBufferAnalysis.h - privateer-shared-buffer ---------*- C++ -*-===//
//
// Part of privateer. Finds buffers that a parallel construct shares and that
// one work item writes while another can access the same element without
// protection, and says what kind of race it is and how to fix it.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_ANALYSIS_SHAREDBUFFERANALYSIS_H
#define PRIVATEER_ANALYSIS_SHAREDBUFFERANALYSIS_H

#include "privateer/Analysis/Finding.h"
#include "privateer/Analysis/IndexOracle.h"
#include "privateer/Model/Region.h"

#include <vector>

namespace privateer {

std::vector<Finding> analyzeSharedBuffers(const ParallelRegion &R,
                                          IndexOracle &Oracle);

/// The note that shows two work items' accesses \p First and \p Second
/// and, where the witness \p W gives them, the work items and the element.
Note witnessNote(const ParallelRegion &R, const Access &First,
                 const Access &Second, const std::optional<Witness> &W,
                 bool May);

/// Constant bounds that leave a loop fewer than two work items: nothing
/// can race.
bool fewerThanTwoWorkItems(const ParallelRegion &R);

/// "reads", "writes" or "updates", for messages about an access.
const char *accessVerb(AccessKind K);
/// "read", "written" or "updated".
const char *accessParticiple(AccessKind K);

/// Races between the worksharing loop before \p R, which ends with
/// 'nowait' (R.Previous), and \p R: accesses of one element by different
/// iterations that no barrier orders (lib/Analysis/AfterNowait.cpp).
std::vector<Finding> analyzeAfterNowait(const ParallelRegion &R,
                                        IndexOracle &Oracle);

/// Races between a task and its sibling tasks that nothing orders with it
/// (R.UnorderedSiblings), and between the task and the code that created
/// it, before anything waits for the task (R.Continuation)
/// (lib/Analysis/UnorderedTasks.cpp).
std::vector<Finding> analyzeUnorderedTasks(const ParallelRegion &R,
                                           IndexOracle &Oracle);

} // namespace privateer

#endif // PRIVATEER_ANALYSIS_SHAREDBUFFERANALYSIS_H
