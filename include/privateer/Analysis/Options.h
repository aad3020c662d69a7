//===- Options.h - privateer's options, shared by front ends ----*- C++ -*-===//
//
// Part of privateer. The options every front end understands, parsed from
// `name=value` words so that `-fplugin-arg-privateer-checks=...`, the CLI's
// `--checks=...` and clang-tidy's options mean the same thing.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_ANALYSIS_OPTIONS_H
#define PRIVATEER_ANALYSIS_OPTIONS_H

#include "privateer/Analysis/Checks.h"

#include <string>
#include <vector>

namespace privateer {

struct Options {
  CheckFilter Checks;
  /// Report findings as errors: `werror` always, `werror=off` never, and by
  /// default when the compiler turns warnings into errors (-Werror).
  enum class ErrorMode { FollowCompiler, Always, Never };
  ErrorMode Werror = ErrorMode::FollowCompiler;
  /// Cache-line size in bytes for the false-sharing questions.
  unsigned CacheLine = 64;
  /// Apply the findings' fixes to the source files.
  bool Fix = false;
  /// Print each region's model to stderr (for developers).
  bool DumpModel = false;
  /// Print the index solver's statistics after each translation unit.
  bool Stats = false;
  /// Time limit of one index-solver query.
  unsigned SolverTimeoutMs = 100;

  /// Applies one `name` or `name=value` word; false with \p Error set when
  /// the word is not an option or its value is invalid.
  bool apply(const std::string &Word, std::string &Error);

  /// The options' one-line descriptions, for help and error messages.
  static const char *help();
};

} // namespace privateer

#endif // PRIVATEER_ANALYSIS_OPTIONS_H
