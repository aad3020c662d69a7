//===- ThreadingChecks.h - Thread ids, false sharing, allocations -*- C++
//-*-===//
//
// Part of privateer. The checks about how work maps onto threads and cache
// lines: privateer-threadid-index, privateer-subline-alloc,
// privateer-chunk-false-sharing and privateer-loop-alloc. Each reads one
// region's model and returns complete findings.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_ANALYSIS_THREADINGCHECKS_H
#define PRIVATEER_ANALYSIS_THREADINGCHECKS_H

#include "privateer/Analysis/Finding.h"
#include "privateer/Analysis/IndexOracle.h"
#include "privateer/Model/Region.h"

#include <vector>

namespace privateer {

/// The access writes, inside a loop of its work item, an element the loop
/// writes again (not an initialization that touches each element once).
bool rewritesInLoop(const ParallelRegion &R, const Access &A);

std::vector<Finding> analyzeThreadIdIndex(const ParallelRegion &R,
                                          unsigned CacheLine,
                                          IndexOracle &Oracle);
std::vector<Finding> analyzeSublineAlloc(const ParallelRegion &R,
                                         unsigned CacheLine);
std::vector<Finding> analyzeChunkFalseSharing(const ParallelRegion &R,
                                              unsigned CacheLine);
std::vector<Finding> analyzeLoopAlloc(const ParallelRegion &R);

} // namespace privateer

#endif // PRIVATEER_ANALYSIS_THREADINGCHECKS_H
