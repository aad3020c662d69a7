//===- Remedy.h - What would fix a finding, as data -------------*- C++ -*-===//
//
// Part of privateer. A remedy says what to change in terms of the model
// (privatize this buffer, reduce it with '+', make these updates atomic,
// wait for the work this code created), never how a programming model
// spells it: the front end that builds the edits spells the clause, the
// call or the operation (one builder per kind, chosen by a switch over
// RemedyKind), and Advice.h words the sentence a user reads. Each kind is
// its own type, holding only what its fix needs; the buffer is the
// finding's, by its handle, never by its name.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_ANALYSIS_REMEDY_H
#define PRIVATEER_ANALYSIS_REMEDY_H

#include "privateer/Model/Region.h"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
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
  ReadAfterAsPartial,     ///< the team reads it after the construct as each
                          ///< thread's partial, and no copy per thread for
                          ///< the region can be made here
  /// A block that could be reused, in a loop that makes no team of its own.
  AllocationOutsideTeamLoop,
  /// The update is made in a function the construct calls, which other
  /// callers may use as it is: the fix belongs there, chosen by hand.
  UpdateInCallee,
  /// Accesses under exclusions that do not exclude each other (critical
  /// sections of different names, atomic beside a lock): which one to use
  /// for all changes what else each excludes.
  ExclusionChoice,
  /// The accesses are made through a lambda made before the construct,
  /// which refers to the shared variable itself (Buffer::ThroughClosure).
  ThroughClosure,
};

/// The kinds of fix, as typed data: each holds what its fix needs, and
/// starts from the finding's buffer (Finding::Buffer). The kinds are the
/// model's, not a programming model's: "wait for the work this code
/// created" is a 'taskwait' in OpenMP and a group's wait() in TBB.
namespace remedy {

/// No exact fix: Why says why.
struct NoFix {
  NoFixReason Why = NoFixReason::Unstated;
};

/// Give each work item its own Copy of the buffer.
struct Privatize {
  PrivateCopy Copy = PrivateCopy::Private;
  /// A container: every element an iteration reads it wrote first, so a
  /// copy reused by the next work item need not be filled again.
  bool KeepContents = false;
};

/// Combine the work items' updates of the buffer with Op; an array's first
/// SectionLength elements (none for a scalar).
struct Reduce {
  ReductionOp Op = ReductionOp::None;
  std::optional<uint64_t> SectionLength;
  /// Over the whole region of the team around the construct, not the
  /// construct: each thread's copy is its partial until the region ends,
  /// as the team's code after the construct reads it
  /// (Buffer::ReadByTeamAfterConstruct).
  bool OverTeam = false;
};

/// Make each update whose target starts at one of Updates atomic.
struct AtomicUpdates {
  std::vector<Loc> Updates;
  /// Plain stores (`done = 1`), made atomic writes.
  bool Writes = false;
};

/// Take the value of each counter update (whose operand starts at one of
/// Updates) atomically into a local, used in its place.
struct CaptureCounter {
  std::vector<Loc> Updates;
};

/// Keep the thread's slot whose subscript starts at Slot in a local across
/// its loop: read it before, update the local, write it back after. With
/// PadLineBytes set, padding every element to lines of that size (as
/// PadElements) is the exact fallback where the code around the loop
/// leaves no room for the local.
struct LocalAccumulator {
  Loc Slot;
  unsigned PadLineBytes = 0;
};

/// Heap scratch shared by a worksharing loop: one block per thread, made
/// like the buffer's, used in its place, released after the loop.
struct ScratchPerThread {};

/// The buffer's allocation at Allocation, made and released by every work
/// item: made once per thread instead, and reused. A container sized at
/// its construction is made again in place in each work item, so that no
/// value carries over, unless KeepContents: every element a work item
/// reads it wrote first (as the construction or make_unique would fill
/// it).
struct AllocationPerThread {
  Loc Allocation;
  bool KeepContents = false;
};

/// Pad every element of the array to whole cache lines of LineBytes,
/// rewriting every use.
struct PadElements {
  unsigned LineBytes = 0;
};

/// Make the allocation call from Begin to End return whole, aligned cache
/// lines of LineBytes, of the same size.
struct AlignAllocation {
  Loc Begin, End;
  unsigned LineBytes = 0;
};

/// The work item's slot of the thread-indexed buffer becomes a buffer
/// leased for the work item's lifetime (it can be suspended, and its thread
/// run other work that takes the same slot). KeepContents: every element
/// of the slot a work item reads it wrote first, so a leased buffer's old
/// contents are never seen.
struct LeaseBuffer {
  bool KeepContents = false;
  /// No task construct holds the slot: the code of a function that a
  /// region's implicit task runs (and that creates tasks and waits) takes
  /// it. A buffer per call of that function is the fix.
  bool PerCall = false;
};

/// Each thread's slot of the thread-indexed buffer, updated by the work
/// items, becomes one object per thread, and the slots read after the
/// construct become the combination of those objects. With PadLineBytes
/// set, padding every element (as PadElements) is the other remedy.
struct ObjectPerThread {
  unsigned PadLineBytes = 0;
};

/// The chunk of the loop's schedule, from Begin to End, becomes Chunk.
struct Rechunk {
  Loc Begin, End;
  int64_t Chunk = 0;
};

/// Appends to the shared queue Queue go to a buffer per thread, added to
/// the queue in bulk (its elements may come in another order): appends to
/// a container, or, with Counter, `Queue[Counter++] = v` at Append.
struct BufferAppends {
  BufferHandle Queue;
  BufferHandle Counter;
  Loc Append;
};

/// Restore the barrier that the clause at Clause (OpenMP's 'nowait')
/// removed: it orders the construct before the next one.
struct RestoreBarrier {
  Loc Clause;
};

/// The code that created work (a task) waits for it before the statement
/// at Before, which uses what the work writes.
struct WaitForCreatedWork {
  Loc Before;
};

} // namespace remedy

/// What would fix a finding: one of the kinds above.
using Remedy = std::variant<
    remedy::NoFix, remedy::Privatize, remedy::Reduce, remedy::AtomicUpdates,
    remedy::CaptureCounter, remedy::LocalAccumulator, remedy::ScratchPerThread,
    remedy::AllocationPerThread, remedy::PadElements, remedy::AlignAllocation,
    remedy::LeaseBuffer, remedy::ObjectPerThread, remedy::Rechunk,
    remedy::BufferAppends, remedy::RestoreBarrier, remedy::WaitForCreatedWork>;

/// A remedy's kind, for a `switch`: the alternatives of Remedy, in order.
enum class RemedyKind {
  NoFix,
  Privatize,
  Reduce,
  AtomicUpdates,
  CaptureCounter,
  LocalAccumulator,
  ScratchPerThread,
  AllocationPerThread,
  PadElements,
  AlignAllocation,
  LeaseBuffer,
  ObjectPerThread,
  Rechunk,
  BufferAppends,
  RestoreBarrier,
  WaitForCreatedWork,
};
static_assert(std::variant_size_v<Remedy> ==
                  static_cast<size_t>(RemedyKind::WaitForCreatedWork) + 1,
              "one RemedyKind per alternative of Remedy");

inline RemedyKind kindOf(const Remedy &R) {
  return static_cast<RemedyKind>(R.index());
}

/// Why \p R is no fix; Unstated for a fix.
inline NoFixReason whyNone(const Remedy &R) {
  const auto *None = std::get_if<remedy::NoFix>(&R);
  return None ? None->Why : NoFixReason::Unstated;
}

} // namespace privateer

#endif // PRIVATEER_ANALYSIS_REMEDY_H
