//===- SharedBufferRace.h - A shared buffer's race, classified --*- C++ -*-===//
//
// Part of privateer. Private to lib/Analysis/SharedBuffer*.cpp: what the
// finding of privateer-shared-buffer is built from once a racing pair is
// found (SharedBufferAnalysis.cpp), the wording of its messages and notes
// (SharedBufferMessages.cpp), the fixes of counters and accumulations
// (SharedBufferUpdates.cpp) and the classification of scratch buffers
// (SharedBufferScratch.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_ANALYSIS_SHAREDBUFFERRACE_H
#define PRIVATEER_LIB_ANALYSIS_SHAREDBUFFERRACE_H

#include "privateer/Analysis/Finding.h"
#include "privateer/Analysis/IndexOracle.h"
#include "privateer/Model/Region.h"

#include <string>
#include <vector>

namespace privateer {

struct Nouns {
  const char *Item;  ///< iteration, thread, section, task
  const char *Items; ///< iterations, threads, sections, tasks
};

Nouns nounsFor(RegionKind K);

/// The SIMD lanes of one thread are the work items (ParallelRegion::
/// Construction): messages speak of lanes, witnesses of iterations.
bool simdLanes(const ParallelRegion &R);

/// The nouns a message uses for the work items of \p R.
Nouns messageNouns(const ParallelRegion &R);

/// Sub and Add are one '+' reduction: `x -= a` and `x += b` combine in one
/// private copy.
ReductionOp opFamily(ReductionOp Op);

/// What every kind of race's message and fix is built from, computed once
/// from the colliding pair: the wording must agree between the message and
/// its notes, so each branch reads it from here rather than recomputing.
struct RaceFacts {
  const ParallelRegion &R;
  const Buffer &B;
  const std::vector<const Access *> &All;
  const Access &W;
  const Access &A;
  Nouns N;
  /// Every subscript of W names a field (`s.total`): a scalar of its own.
  bool AllFields = false;
  /// W touches one element of a bigger buffer.
  bool Element = false;
  /// The colliding accesses are updates with one operator (an
  /// accumulation); `a[i] += a[i - 1]` collides through a read instead.
  bool UpdateOp = false;
  /// The construct reads the buffer somewhere.
  bool ReadAnywhere = false;
  /// A scalar counted up in one statement and read in another.
  bool CountedAndRead = false;
  /// Who writes: "every iteration", "one thread", "more than one section".
  std::string Every;
  /// The buffer as the message quotes it.
  std::string Name;

  RaceFacts(const ParallelRegion &R, const Buffer &B,
            const std::vector<const Access *> &All, const Access &W,
            const Access &A);
};

/// Every access of the pair's buffer goes through a called function.
bool onlyThroughCalls(const std::vector<const Access *> &All);

/// Every access of the container in the construct appends an element in
/// the construct's own code (not in a called function, a task or code one
/// thread runs), unguarded: a queue that a buffer per thread can collect.
bool onlyAppends(const ParallelRegion &R, unsigned BufferIndex);

/// Whether shared buffer \p BI is scratch: every work item overwrites the
/// elements it uses before it reads them.
bool isScratch(const ParallelRegion &R, unsigned BI);

/// A shared counter updated and its value used: two work items can get
/// the same value. Returns the advice.
std::string describeCounter(const RaceFacts &X, Finding &F);

/// Updates with one operator and no reduction: concurrent updates are
/// lost. Returns the advice.
std::string describeAccumulation(const RaceFacts &X, Finding &F);

/// A buffer every work item overwrites before it reads it: a copy per
/// thread is the fix. Names the whole object (X.Name changes). Returns the
/// advice.
std::string describeScratch(RaceFacts &X, Finding &F);

/// One iteration writes what another reads or writes: a dependence the
/// loop carries. Returns the advice.
std::string describeLoopCarried(const RaceFacts &X, Finding &F);

/// A container modified as a whole (`v.push_back(x)`) by every work item.
/// Returns the advice.
std::string describeContainerChange(const RaceFacts &X, Finding &F);

/// Plain writes that collide with other writes or reads. Returns the
/// advice.
std::string describeCollision(const RaceFacts &X, Finding &F);

/// The notes every finding carries: where the buffer is declared (and why
/// it is shared), the witness pair, and the construct with the advice.
void addFindingNotes(const RaceFacts &X, const Conflict &C,
                     const std::string &Advice, Finding &F);

} // namespace privateer

#endif // PRIVATEER_LIB_ANALYSIS_SHAREDBUFFERRACE_H
