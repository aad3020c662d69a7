//===- Finding.h - What the analysis reports --------------------*- C++ -*-===//
//
// Part of privateer. A finding is complete diagnostic data (message, notes,
// locations) so that every front end reports exactly the same words; a front
// end only maps locations and appends the check name the way it does.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_ANALYSIS_FINDING_H
#define PRIVATEER_ANALYSIS_FINDING_H

#include "privateer/Analysis/Checks.h"
#include "privateer/Model/Region.h"

#include <string>
#include <vector>

namespace privateer {

struct Note {
  Loc Where;
  std::string Message;
};

/// A name as diagnostics show it: in single quotes.
inline std::string quote(const std::string &Name) { return "'" + Name + "'"; }

/// What kind of race a shared-buffer finding is; decides the fix.
enum class RaceKind {
  Scratch,      ///< every work item overwrites it before use: privatize
  Accumulation, ///< a combining update at colliding elements: reduce
  Counter,      ///< an update whose result is used (`q[n++]`): atomic capture
  Collision,    ///< plain writes that hit one element
  LoopCarried,  ///< one work item writes what another reads or writes
};

/// A fix as data: what to change, in terms a front end can map to edits of
/// its source (clause insertion points are the front end's to find).
struct FixPlan {
  enum class Kind {
    None,      ///< no exact fix; NoFixReason says why
    AddClause, ///< add `Clause(Variable)` to the construct's directive
    Replace,   ///< replace the source from Begin to End with Text
    Atomic,    ///< make each update at Updates an `omp atomic` update
    /// split `parallel for` into `parallel` + the allocation of Variable
    /// (made once per thread) + `for`, freeing it after the loop
    SplitAllocation,
    /// take the value of the counter update at Begin with
    /// `#pragma omp atomic capture` into a local, used in its place
    AtomicCapture,
    /// keep the slot at Begin in a local across its loop: read it before,
    /// update the local, write it back after
    LocalAccumulator,
    /// heap scratch shared by a `parallel for`: one block per thread, made
    /// like Variable's, used under a new name, freed after the loop
    SplitScratch,
    /// pad every element of the array Variable to whole cache lines
    /// (LineBytes), rewriting every use
    PadElements,
    /// make the malloc or calloc call from Begin to End return whole,
    /// aligned cache lines (LineBytes) of the same size
    AlignAllocation,
    /// the task's slot of the thread-indexed buffer Variable becomes a
    /// buffer leased from a privateer::buffer_pool for the task's lifetime
    LeaseFromPool,
  };
  Kind What = Kind::None;
  /// For AddClause: `private`, `firstprivate`, `reduction(+:`...
  std::string Clause;
  std::string Variable;
  /// For Replace.
  Loc Begin, End;
  std::string Text;
  /// For PadElements and AlignAllocation.
  unsigned LineBytes = 0;
  /// For Atomic: where each update statement's target starts.
  std::vector<Loc> Updates;
  std::string NoFixReason;
};

struct Finding {
  CheckId Check = CheckId::SharedBuffer;
  RaceKind Kind = RaceKind::Collision;
  /// The analysis could not prove the collision (an indirect index).
  bool May = false;
  Loc Where;
  /// Lower case, no trailing period, without the check name.
  std::string Message;
  std::vector<Note> Notes;
  /// The buffer, for front ends that want it (fixes, SARIF properties).
  std::string BufferName;
  /// The buffer's front-end node (Buffer::Handle): fixes start from it.
  const void *BufferHandle = nullptr;
  FixPlan Fix;
  /// The construct the finding is about.
  Loc Construct;
};

} // namespace privateer

#endif // PRIVATEER_ANALYSIS_FINDING_H
