//===- ModuleAnalysis.h - privateer's checks on a lowered Fortran file -*- C++
//-*-===//
//
// Part of privateer. The analysis of the module Flang lowered from one
// Fortran file: every finding printed as the compiler prints diagnostics
// (at the Fortran file, line and column, with the source line), or checked
// against the file's `! expected-warning` comments, and kept, with the
// clause its exact fix adds, for SARIF and --fix once the module is gone.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_TOOLS_FORTRAN_MODULEANALYSIS_H
#define PRIVATEER_TOOLS_FORTRAN_MODULEANALYSIS_H

#include "Output.h"
#include "SourceTexts.h"

#include "privateer/Analysis/Options.h"

#include "mlir/IR/BuiltinOps.h"

#include <string>
#include <vector>

namespace privateer {
namespace fortran {

/// What privateer-fortran keeps of one finding.
struct FortranFinding {
  /// Where, what, notes; its edits are given once every file is analysed
  /// (one directive's clauses are one edit, owned by its first finding).
  cli::Result Result;
  /// The clause the exact fix adds (`private(tmp)`), empty when there is
  /// none, and where its directive starts.
  std::string Clause;
  std::string DirectiveFile;
  unsigned DirectiveLine = 0;
  /// The edit that orders the constructs (`!$omp taskwait`, `!$omp
  /// barrier`, a `nowait` removed); no file when there is none.
  cli::Edit Ordering;
  /// Its remedy names a clause, but no exact one exists (a note says why).
  bool NoFix = false;

  /// Equal for one finding seen twice (a file named twice).
  std::string key() const;
};

enum class DiagnosticMode {
  Print,
  /// Compare with the `expected-*` comments of the files instead (tests).
  Verify,
};

struct ModuleReport {
  std::vector<FortranFinding> Findings;
  /// DiagnosticMode::Verify: a diagnostic was not expected, or an expected
  /// one did not come.
  bool VerifyFailed = false;
  /// Unproven ("may") findings held back (no --report-may).
  unsigned HeldBackMay = 0;
  /// Index questions the solver left undecided (a race among them is not
  /// reported).
  unsigned Undecided = 0;
};

/// Runs the checks \p Opts enables on \p Module, lowered from \p MainFile,
/// reporting each finding (as an error when \p AsErrors).
ModuleReport analyzeModule(mlir::ModuleOp Module, const Options &Opts,
                           bool AsErrors, DiagnosticMode Mode,
                           llvm::StringRef MainFile, SourceTexts &Texts);

} // namespace fortran
} // namespace privateer

#endif // PRIVATEER_TOOLS_FORTRAN_MODULEANALYSIS_H
