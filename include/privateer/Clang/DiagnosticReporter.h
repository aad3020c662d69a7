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

#include "privateer/Analysis/Options.h"
#include "privateer/Clang/Report.h"

#include "clang/Basic/Diagnostic.h"

namespace privateer {
namespace clangfe {

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

private:
  clang::DiagnosticsEngine &Diags;
  const Options &Opts;
  unsigned WarningId, ErrorId, NoteId;
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_DIAGNOSTICREPORTER_H
