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

//===-- privateer-shared-buffer -------------------------------------------===//

/// How to give each work item its own copy of scratch \p B (or, with
/// \p ReadsOthersWrites: called functions share the buffer and may read what
/// another work item wrote). A container's copy starts as the shared one
/// (firstprivate) unless
/// \p ContainerReset: each work item resets it first.
std::string privatizeAdvice(const ParallelRegion &R, const Buffer &B,
                            bool ReadsOthersWrites,
                            bool ContainerReset = false);
/// How to fix updates of \p B that the team's code after the construct
/// reads on every thread as that thread's partial (a copy per thread for
/// the whole region, not a reduction of the construct).
std::string partialPerThreadAdvice(const ParallelRegion &R, const Buffer &B,
                                   const Access &W);
/// Every work item of \p R stores \p Value (as the model prints it) into
/// \p B at \p Store: formally a race, harmless in practice.
std::string sameValueStoreMessage(const ParallelRegion &R, const Buffer &B,
                                  const Access &Store,
                                  const std::string &Value);
/// How to make such stores well defined: an atomic write, or the store
/// made once before a barrier.
std::string sameValueStoreAdvice(const ParallelRegion &R, const Buffer &B);
/// How to combine the colliding updates \p W of \p B: a reduction, or
/// atomic updates. \p PointeeSection: the section of pointed-to memory a
/// reduction covers, where the analysis knows it.
std::string reductionAdvice(const ParallelRegion &R, const Buffer &B,
                            const Access &W,
                            std::optional<uint64_t> PointeeSection = {});
/// A counter whose updated value is used (`q[n++]`).
std::string counterAdvice(const ParallelRegion &R);
/// A shared container that every work item modifies (`v.push_back(x)`).
std::string containerAdvice(const ParallelRegion &R);
/// Plain writes that collide; \p WholeObject: every work item writes the
/// whole (scalar) object, as a flag is set.
std::string collisionAdvice(const ParallelRegion &R, const Buffer &B,
                            bool WholeObject);
/// A whole object every work item writes and also reads, where some read is
/// not preceded by the work item's own write on its path: private only if
/// that path cannot be taken.
std::string readBeforeWriteAdvice(const ParallelRegion &R, const Buffer &B);
/// A whole object every work item reads and then writes (`if (a(i) > m) m
/// = b(i)`): an atomic write would not keep the two together.
std::string readThenWriteAdvice(const ParallelRegion &R, const Buffer &B);
/// A dependence carried between iterations.
std::string loopCarriedAdvice(const ParallelRegion &R);
/// The construct before \p R, which one thread runs (\p P: 'master',
/// 'single nowait') or which ends with 'nowait', leaves no barrier before
/// R: how to put one back (\p HasNowait: by removing the clause).
std::string missingBarrierAdvice(const ParallelRegion &R,
                                 const ParallelRegion &P, bool OneThread,
                                 bool HasNowait);
/// A write one thread of \p R's team makes ('master', 'single nowait')
/// that the others access with no barrier between.
std::string oneThreadWriteAdvice(const ParallelRegion &R);
/// Two sibling tasks of \p R's model that nothing orders access \p B;
/// \p CommutingUpdates: both only update it with one operator.
std::string siblingTaskAdvice(const ParallelRegion &R, const Buffer &B,
                              bool CommutingUpdates);
/// The code that created a task \p Reads (or writes) \p B before it waits
/// for the task.
std::string creatorWaitAdvice(const ParallelRegion &R, const Buffer &B,
                              bool Reads);

//===-- privateer-threadid-index ------------------------------------------===//

/// A task (of a model whose tasks can change threads, with \p Untied)
/// holds its thread's slot of \p B across \p What (`taskwait`).
std::string taskSlotMessage(const ParallelRegion &R, const Buffer &B,
                            const std::string &What, bool Untied);
std::string taskSlotAdvice(const ParallelRegion &R);
/// \p B has fewer elements than the \p Team threads the construct asks
/// for: \p Thread is the first one past its end.
std::string slotsPastTeamMessage(const ParallelRegion &R, const Buffer &B,
                                 int64_t Team, int64_t Thread);
/// \p B has fewer slots than a team nothing bounds can have: thread
/// \p Thread indexes past its end.
std::string teamOutgrowsSlotsMessage(const ParallelRegion &R, const Buffer &B,
                                     int64_t Thread);
/// \p B has a fixed number of elements; the team's size is not bounded.
std::string teamMayOutgrowSlotsMessage(const ParallelRegion &R,
                                       const Buffer &B);
/// \p B has as many elements as the default team has threads, and the
/// construct asks for \p Team.
std::string maxThreadsSlotsMessage(const ParallelRegion &R, const Buffer &B,
                                   int64_t Team);
std::string sizeForTeamAdvice(const ParallelRegion &R);
/// Slots written in a hot loop share cache lines of \p CacheLine bytes.
std::string slotFalseSharingAdvice(const ParallelRegion &R,
                                   const std::string &Spelling,
                                   unsigned CacheLine);

//===-- privateer-loop-alloc, privateer-subline-alloc ---------------------===//

/// \p A is allocated and freed by every iteration.
std::string perIterationAllocationAdvice(const ParallelRegion &R,
                                         const Allocation &A);
/// \p A, per thread, is not whole aligned lines; \p Bytes when constant.
std::string lineAlignedAllocationAdvice(const ParallelRegion &R,
                                        const Allocation &A,
                                        std::optional<int64_t> Bytes,
                                        unsigned CacheLine);

//===-- privateer-chunk-false-sharing -------------------------------------===//

/// The loop's schedule with chunk \p Chunk as the user would write it,
/// quoted: `'schedule(static, 1)'`.
std::string scheduleSpelling(const ParallelRegion &R, int64_t Chunk);
/// Use chunks of \p Chunk iterations, which cover whole lines.
std::string wholeLineChunkAdvice(const ParallelRegion &R, int64_t Chunk);

} // namespace privateer

#endif // PRIVATEER_ANALYSIS_ADVICE_H
