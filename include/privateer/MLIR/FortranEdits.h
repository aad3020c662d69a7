//===- FortranEdits.h - Waits and barriers in Fortran spelling --*- C++ -*-===//
//
// Part of privateer. The fixes that order constructs, spelled as edits of
// the Fortran source the MLIR came from: `!$omp taskwait` before the first
// statement that uses what a task makes, a `nowait` removed from the end
// directive of the construct whose missing barrier causes the race, and
// `!$omp barrier` between code one thread runs ('master', 'masked') and
// the team's accesses that race with it. Each is exact or declined with a
// reason. (Clauses added to a directive, private and reduction, are
// Passes.cpp's.)
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_MLIR_FORTRANEDITS_H
#define PRIVATEER_MLIR_FORTRANEDITS_H

#include "privateer/Analysis/Finding.h"
#include "privateer/MLIR/RegionBuilder.h"

#include <string>

namespace privateer {
namespace mlirfe {

/// One edit of a source file: from line Line, column Column (both from 1),
/// Length characters of that line are replaced by Text (which may hold
/// whole lines ending in '\n').
struct TextEdit {
  std::string File;
  unsigned Line = 0, Column = 0, Length = 0;
  std::string Text;
};

enum class EditOutcome {
  NotOrdering, ///< the finding's fix is not one of these
  Made,        ///< the edit carries it out
  Declined,    ///< it is one of these, but no exact edit exists (WhyNot)
};

/// The edit that orders the constructs of Fortran finding \p F (its
/// locations in \p Locs): a taskwait, a nowait removed, or a barrier.
EditOutcome orderingEdit(const Finding &F, const LocationTable &Locs,
                         TextEdit &Edit, std::string &WhyNot);

} // namespace mlirfe
} // namespace privateer

#endif // PRIVATEER_MLIR_FORTRANEDITS_H
