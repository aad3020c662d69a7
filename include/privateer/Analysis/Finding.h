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
#include "privateer/Analysis/Remedy.h"
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
  /// The buffer, as its front-end node (Buffer::Handle): fixes start from
  /// it.
  BufferHandle Buffer;
  /// What would fix it; a front end spells it as edits of its source.
  Remedy Fix;
  /// The programming model of the construct, for words rendered later (why
  /// there is no fix).
  ProgrammingModelKind Model = ProgrammingModelKind::OpenMP;
  /// The construct the finding is about.
  Loc Construct;
};

} // namespace privateer

#endif // PRIVATEER_ANALYSIS_FINDING_H
