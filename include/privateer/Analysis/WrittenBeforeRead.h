//===- WrittenBeforeRead.h - Reads that see only their own writes -*- C++
//-*-===//
//
// Part of privateer. A shared buffer is privatizable without changing what
// the program computes when every element a work item reads (or updates)
// was written earlier by the same work item: the values of other work items
// are then never seen, so a private copy per work item (or per thread) reads
// exactly what the shared one would in a sequential run.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_ANALYSIS_WRITTENBEFOREREAD_H
#define PRIVATEER_ANALYSIS_WRITTENBEFOREREAD_H

#include "privateer/Model/Region.h"

namespace privateer {

/// True when every read of buffer \p BufferIndex in \p R (guarded or not,
/// in the region's code or in the functions it calls) is of an element the
/// same work item surely wrote before it: a write of the same element on
/// the read's own path, or a write in complete counted loops (see
/// ParallelRegion::CompleteLoops) whose elements cover every element the
/// read can touch. False when that cannot be shown.
bool readsFollowOwnWrites(const ParallelRegion &R, unsigned BufferIndex);

/// True when \p R reads an element of buffer \p BufferIndex at constant
/// indices (`t[2]`) that no write of \p R can touch (every write is at
/// constant indices too, and none at that element): that element keeps the
/// value it had before the construct, which only a copy made from the
/// shared object (firstprivate) preserves.
bool readsUnwrittenConstant(const ParallelRegion &R, unsigned BufferIndex);

} // namespace privateer

#endif // PRIVATEER_ANALYSIS_WRITTENBEFOREREAD_H
