//===- UnitProcess.h - One Fortran file's analysis in a child process -*- C++
//-*-===//
//
// Part of privateer. Flang ends its process on a construct it cannot lower
// yet ("not yet implemented: ...", then exit) and, rarely, crashes; with
// the lowering in privateer-fortran's own process that would end the whole
// run, the files after it unanalysed and no summary or SARIF written. Each
// file is therefore lowered and analysed in a child process (fork: no
// program is started, nothing is parsed twice), which prints its own
// diagnostics and hands what it found back through a pipe; a file Flang
// stops on is reported and skipped, as one it rejects.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_TOOLS_FORTRAN_UNITPROCESS_H
#define PRIVATEER_TOOLS_FORTRAN_UNITPROCESS_H

#include "ModuleAnalysis.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace privateer {
namespace fortran {

/// What lowering and analysing one file gave.
struct UnitOutcome {
  /// Flang lowered the file (false: it rejected it, or stopped on it).
  bool Lowered = false;
  ModuleReport Report;
};

/// \p Analyze run in a child process, and what it returned; when the child
/// ends otherwise (Flang stopped or crashed), an outcome of a file not
/// lowered, and \p Why says how it ended.
UnitOutcome runInChild(llvm::function_ref<UnitOutcome()> Analyze,
                       std::string &Why);

} // namespace fortran
} // namespace privateer

#endif // PRIVATEER_TOOLS_FORTRAN_UNITPROCESS_H
