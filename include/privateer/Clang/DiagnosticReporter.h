//===- DiagnosticReporter.h - Reports as Clang diagnostics ------*- C++ -*-===//
//
// Part of privateer. Emits the engine's reports through a Clang
// DiagnosticsEngine, for the plugin and the CLI: the check name in
// brackets, fix-its, notes, `-w`, `-Wno-everything` (also by pragma) and
// the werror option, which a plugin must handle itself because custom
// diagnostics ignore -Werror, -w and -Weverything.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_DIAGNOSTICREPORTER_H
#define PRIVATEER_CLANG_DIAGNOSTICREPORTER_H

#include "privateer/Analysis/ConstructAccount.h"
#include "privateer/Analysis/Options.h"
#include "privateer/Clang/Report.h"

#include "clang/Basic/Diagnostic.h"

#include <optional>
#include <string>
#include <utility>

namespace privateer {
namespace clangfe {

/// A fix shown edit by edit under its warning touches at most this many
/// lines: a longer one (a split re-indents the whole loop) would print the
/// loop under a warning about one allocation; a note names its lines
/// instead.
constexpr unsigned MaxShownFixLines = 3;

/// The first and last line of a fix whose edits span \p Lines (the first
/// and last line of each edit, in one file) when they touch more than
/// MaxShownFixLines lines; none when the fix is shown whole.
std::optional<std::pair<unsigned, unsigned>>
longFixLines(llvm::ArrayRef<std::pair<unsigned, unsigned>> Lines);

/// An edit shown under a diagnostic lies at most this many lines from the
/// diagnostic's line: clang prints one snippet from the edits to the
/// caret, and over more lines than its snippet limit it prints the caret's
/// line under the first edit's line number (`21 | <line 40>`).
constexpr unsigned MaxFixDistance = 8;

/// Where each edit of a fix is shown, given the first and last line of
/// each edit (\p Lines, one file) and the warning's line: 0 under the
/// warning, K under the K-th other diagnostic (1-based), whose line is
/// Anchors[K - 1]. An edit near the warning goes under it; one near a
/// line of \p NoteLines (the construct's note) under that note; the rest,
/// in groups of nearby edits, under notes of their own at the group's
/// first line.
struct FixPlacement {
  std::vector<unsigned> Under;
  /// For each K: the line, and the index into NoteLines, or -1 for a note
  /// of its own ("the fix edits this line").
  std::vector<std::pair<unsigned, int>> Anchors;
};
FixPlacement placeFixEdits(unsigned WarningLine,
                           llvm::ArrayRef<std::pair<unsigned, unsigned>> Lines,
                           llvm::ArrayRef<unsigned> NoteLines);

/// The note that stands for such a fix: `the fix rewrites lines 6-17
/// (<Apply> applies it)`.
std::string longFixNote(std::pair<unsigned, unsigned> Lines,
                        llvm::StringRef Apply);

class DiagnosticReporter {
public:
  DiagnosticReporter(clang::DiagnosticsEngine &Diags, const Options &Opts);

  /// Whether reports are shown at all (`-w` hides them, and their fixes).
  bool enabled() const;
  /// Whether \p R would be shown: reports are enabled and warnings are not
  /// all silenced where it is (`-Wno-everything`, also by pragma).
  bool shown(const Report &R) const;
  /// Whether the source itself silences every warning where \p R is
  /// (`#pragma clang diagnostic ignored "-Weverything"` around it), as
  /// opposed to the command line: the CLI's findings are not the compile's
  /// warnings, and `-w` or `-Wno-everything` in a compile command (or
  /// --extra-arg) quiets the compiler alone. Under those, warnings are
  /// silenced everywhere and a pragma cannot be told apart: false.
  bool silencedInSource(const Report &R) const;
  /// Emits \p R as a warning (or an error, under werror) with its fix-its
  /// and notes; false when warnings are silenced where it is (then its fix
  /// is not applied either).
  bool report(const Report &R);
  /// One remark for each construct of \p Constructs that is held back or
  /// not analysed, with the reason (explain-silence): `remark: 'omp
  /// parallel for' held back: ... [privateer-silence]`.
  void explainSilence(llvm::ArrayRef<ConstructAccount> Constructs);

private:
  /// Where \p R's fix-its show: none but a note for a fix of many lines
  /// (Long, FixAt its first edit); else each under the warning (0) or the
  /// note of Anchors[K - 1] (placeFixEdits).
  struct HintPlacement {
    std::optional<std::pair<unsigned, unsigned>> Long;
    clang::SourceLocation FixAt;
    std::vector<unsigned> Under;
    std::vector<std::pair<unsigned, int>> Anchors;
  };
  HintPlacement placeHints(const Report &R) const;

  clang::DiagnosticsEngine &Diags;
  const Options &Opts;
  unsigned WarningId, ErrorId, NoteId, RemarkId;
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_DIAGNOSTICREPORTER_H
