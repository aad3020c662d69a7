//===- Options.h - privateer's options, shared by front ends ----*- C++ -*-===//
//
// Part of privateer. The options every front end understands, declared once
// in privateer/Options.def and parsed from `name=value` words, so that
// `-fplugin-arg-privateer-checks=...`, the CLI's `--checks=...` and
// clang-tidy's options mean the same thing.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_ANALYSIS_OPTIONS_H
#define PRIVATEER_ANALYSIS_OPTIONS_H

#include "privateer/Analysis/Checks.h"

#include <string>
#include <string_view>
#include <vector>

namespace privateer {

/// How an option's value is written and checked (Options.def's Kind).
enum class OptionKind { Globs, ErrorMode, Flag, Unsigned, PowerOfTwo };

/// One entry of Options.def.
struct OptionInfo {
  const char *Name;
  /// The key under `privateer-<check>.` in .clang-tidy; empty when the
  /// front end has its own spelling for it.
  const char *TidyKey;
  OptionKind Kind;
  unsigned Min, Max;
  /// How the value is written in help: `=<bytes>`, empty for flags.
  const char *Value;
  const char *Description;
};

/// Every option, in the order of Options.def.
const std::vector<OptionInfo> &allOptions();

/// Options.def's Markdown descriptions as plain text: no backquotes, a
/// link's text without its target.
std::string plainText(std::string_view Markdown);

/// Why a compiler warning option that names privateer (the text after -W,
/// as clang keeps it: `no-error=privateer-shared-buffer`) is a mistake,
/// pointing to the options that do what it meant, spelled with \p Prefix
/// (`-fplugin-arg-privateer-`, `--`); empty for any other warning option.
/// Clang reports such an option only as an unknown warning option, which
/// reads as if it had merely been misspelled.
std::string warningOptionError(std::string_view Flag,
                               const std::string &Prefix);

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
  /// Report findings the analysis could not prove (Finding::May); by
  /// default they are held back and only counted.
  bool ReportMay = false;
  /// Print each region's model to stderr (for developers).
  bool DumpModel = false;
  /// Say which constructs were held back or not analysed, and why.
  bool ExplainSilence = false;
  /// Print the index solver's statistics after each translation unit.
  bool Stats = false;
  /// Time limit of one index-solver query.
  unsigned SolverTimeoutMs = 100;

  /// Applies one `name` or `name=value` word; false with \p Error set when
  /// the word is not an option or its value is invalid.
  bool apply(const std::string &Word, std::string &Error);

  /// Every option's value, canonically spelled: equal keys, equal
  /// analysis (the CLI's result cache keys on it).
  std::string key() const;

  /// The options' names and values on one line, for error messages.
  static std::string help();
  /// One Markdown table row per option, as the README shows them.
  static std::string helpTable();
  /// One plain-text line per option, each spelled with \p Prefix
  /// (`-fplugin-arg-privateer-`, `--`), for a terminal.
  static std::string helpText(const std::string &Prefix);
};

} // namespace privateer

#endif // PRIVATEER_ANALYSIS_OPTIONS_H
