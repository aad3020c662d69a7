//===- Unit.h - One translation unit through the engine ---------*- C++ -*-===//
//
// Part of privateer. Runs the engine on one unit of the compilation database
// (or takes its result from the cache) and keeps what the CLI reports of it
// as data: the compiler's own diagnostics, the notice about code the compile
// ignored, and the findings that --diff, --line-filter and --baseline leave.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_TOOLS_UNIT_H
#define PRIVATEER_TOOLS_UNIT_H

#include "Baseline.h"
#include "LineFilter.h"
#include "Output.h"

#include "privateer/Analysis/Options.h"

#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace privateer {
namespace cli {

class ResultCache;

/// What the analysis of one unit gave, before any finding is left out:
/// what the result cache keeps.
struct UnitData {
  /// The compiler's own diagnostics (a unit that compiles may warn),
  /// printed with --compiler-warnings.
  std::string Prelude;
  /// How many of them are warnings.
  unsigned CompilerWarnings = 0;
  /// Code the compile ignored (`#pragma omp` without -fopenmp).
  std::optional<NoteOut> Notice;
  std::vector<Result> Results;
  /// Unproven ("may") findings held back (no --report-may).
  std::vector<std::string> HeldBackMay;
  /// Index questions the solver left undecided (UnitSummary::Undecided).
  unsigned Undecided = 0;
  /// Every parallel construct's verdict (UnitSummary::Constructs).
  std::vector<ConstructOut> Constructs;
  /// Whether every finding owns exactly its own fix (none was merged into
  /// or dropped for another's): then any subset of the findings keeps its
  /// edits unchanged, and a cached unit can be filtered without the AST.
  bool EditsIndependent = true;
};

/// What one unit gave, as reported.
struct UnitOutcome {
  std::string File;
  bool Failed = false;
  /// Taken from the result cache.
  bool Cached = false;
  /// Every diagnostic of the compiler (with --compiler-warnings), and its
  /// errors alone with their notes (without).
  std::string Prelude, Errors;
  unsigned CompilerWarnings = 0;
  std::optional<NoteOut> Notice;
  /// The findings reported (edits merged among them alone).
  std::vector<Result> Results;
  /// Files where the compiler reported errors: never edited.
  std::set<std::string> FilesWithErrors;
  /// Findings left out (Result::key()s): not on the chosen lines, or in
  /// the baseline.
  std::set<std::string> OffLines, InBaseline;
  /// Unproven ("may") findings held back (no --report-may), where they
  /// are (UnitSummary::HeldBackWhere: a header's counted once).
  std::vector<std::string> HeldBackMay;
  unsigned Undecided = 0;
  std::vector<ConstructOut> Constructs;
  /// Compile commands run for the file (a file built twice, for two
  /// targets, is two translation units).
  unsigned Commands = 0;
};

/// What every unit of a run shares.
struct RunContext {
  const clang::tooling::CompilationDatabase &DB;
  const Options &Opts;
  /// Null when every line is reported.
  const LineFilter *Lines = nullptr;
  /// Null without --baseline.
  const Baseline *Base = nullptr;
  /// Fingerprints name files relative to it.
  std::string SourceRoot;
  /// Null without --cache-dir.
  ResultCache *Cache = nullptr;
};

/// Analyses \p File (an absolute path) or takes it from the cache.
UnitOutcome analyseUnit(const RunContext &C, const std::string &File);

/// The compile command's arguments with the compiler's own resource
/// directory (stddef.h, omp.h), unless they name one.
clang::tooling::ArgumentsAdjuster resourceDirAdjuster();

} // namespace cli
} // namespace privateer

#endif // PRIVATEER_TOOLS_UNIT_H
