//===- Remedy.h - What would fix a finding, as data -------------*- C++ -*-===//
//
// Part of privateer. A remedy says what to change in terms of the model
// (privatize this buffer, reduce it with '+', make these updates atomic),
// never how a programming model spells it: the front end that builds the
// edits spells the clause, the call or the operation, and Advice.h words
// the sentence a user reads.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_ANALYSIS_REMEDY_H
#define PRIVATEER_ANALYSIS_REMEDY_H

#include "privateer/Model/Region.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace privateer {

/// The copy a privatized buffer gets in each work item.
enum class PrivateCopy {
  Private,      ///< uninitialized (default-constructed)
  FirstPrivate, ///< initialized from the shared object
  LastPrivate,  ///< the last work item's value is copied out
};

/// Why a finding has no automatic fix (Advice.h words it).
enum class NoFixReason {
  Unstated,               ///< nothing to say (the finding says it all)
  RaceKind,               ///< no exact rewrite for this kind of race
  CounterUsedOutside,     ///< the counter is used outside its one update
  AccessesBesideUpdates,  ///< atomic updates would leave other accesses racing
  HeapScratchOutsideLoop, ///< heap scratch in a region that is not a loop
  ReadsNotOwnWrites,      ///< called code may read what others wrote
  SlotNotArrayElement,    ///< the slot is reached through calls or not an array
  AllocationNotHoisted,   ///< only uninitialized blocks of a team loop hoist
  NewArrayNotAligned,     ///< new[] would need an aligned delete[]
  TaskOrder,              ///< which of two racing tasks runs first is the
                          ///< program's choice
  WaitPlacement,          ///< no line to put a wait on before the statement
  AllocationNotAligned,   ///< only malloc and calloc blocks are reallocated
};

/// A fix as typed data. Which fields mean something depends on What.
struct Remedy {
  enum class Kind {
    None,      ///< no exact fix; Why says why
    Privatize, ///< give each work item its own Copy of Variable
    Reduce,    ///< reduce Variable (or its first SectionLength elements) by Op
    Atomic,    ///< make each update at Updates atomic
    /// take the value of the counter update at Begin atomically into a
    /// local, used in its place
    AtomicCapture,
    /// keep the slot at Begin (of Variable) in a local across its loop: read
    /// it before, update the local, write it back after; with LineBytes
    /// set, padding every element (as PadElements) is the exact fallback
    /// where the code around the loop leaves no room for the local
    LocalAccumulator,
    /// heap scratch Variable shared by a worksharing loop: one block per
    /// thread, made like Variable's, used under a new name, freed after
    SplitScratch,
    /// the allocation of Variable at Begin, made and freed by every
    /// iteration: made once per thread instead, and reused (a container
    /// sized at its construction is refilled in place in each iteration,
    /// so that no value carries over from the one before)
    SplitAllocation,
    /// pad every element of the array Variable to whole cache lines
    /// (LineBytes), rewriting every use
    PadElements,
    /// make the allocation call from Begin to End return whole, aligned
    /// cache lines (LineBytes) of the same size
    AlignAllocation,
    /// the task's slot of the thread-indexed buffer Variable becomes a
    /// buffer leased from a privateer::buffer_pool for the task's lifetime
    LeaseFromPool,
    /// each thread's slot of the thread-indexed buffer Variable, updated
    /// by the work items, becomes an object of the thread's own (TBB's
    /// enumerable_thread_specific), and the slots read after the construct
    /// become the combination of those objects; with LineBytes set,
    /// padding every element (as PadElements) is the other remedy
    ThreadSpecific,
    /// the chunk of the loop's schedule, from Begin to End, becomes Chunk
    Rechunk,
    /// appends to the shared queue Variable (push_back on a container, or
    /// `Variable[Counter++] = v` at Begin) go to a buffer per thread, added
    /// to the queue in bulk; the queue's elements may come in another order
    LocalQueue,
    /// remove the 'nowait' clause at Begin: the barrier it removed orders
    /// the construct before the next one
    RemoveNowait,
    /// insert a 'taskwait' before the statement at Begin: the code that
    /// created a task waits for it before using what it writes
    InsertTaskwait,
  };
  Kind What = Kind::None;
  /// The buffer the remedy is about, by name (no subscript, no section).
  std::string Variable;
  /// For Privatize.
  PrivateCopy Copy = PrivateCopy::Private;
  /// For Reduce: the combining operator, and for an array the number of
  /// elements reduced (from the first); none for a scalar.
  ReductionOp Op = ReductionOp::None;
  std::optional<uint64_t> SectionLength;
  /// For AtomicCapture, LocalAccumulator, SplitAllocation, AlignAllocation
  /// and Rechunk.
  Loc Begin, End;
  /// For Rechunk.
  int64_t Chunk = 0;
  /// For LocalQueue in its counter form: the counter's name.
  std::string Counter;
  /// For SplitAllocation, and Privatize of a container: every element an
  /// iteration reads it wrote first, so a reused block or container need
  /// not be filled again (as the construction or make_unique would fill
  /// it). For LeaseFromPool: every element of the slot a task reads it
  /// wrote first, so a leased buffer's old contents are never seen.
  bool KeepContents = false;
  /// For PadElements and AlignAllocation.
  unsigned LineBytes = 0;
  /// For Atomic: where each update statement's target starts.
  std::vector<Loc> Updates;
  /// For None.
  NoFixReason Why = NoFixReason::Unstated;

  static Remedy none(NoFixReason Why) {
    Remedy R;
    R.Why = Why;
    return R;
  }
};

} // namespace privateer

#endif // PRIVATEER_ANALYSIS_REMEDY_H
