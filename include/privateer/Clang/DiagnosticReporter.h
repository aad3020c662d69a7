//===- DiagnosticReporter.h - Findings as Clang diagnostics -----*- C++ -*-===//
//
// Part of privateer. Emits findings through a Clang DiagnosticsEngine, for
// the plugin and the CLI: the check name in brackets, notes, NOLINT
// comments, system headers, `-w`, and the werror option, which a plugin must
// handle itself because custom diagnostics ignore -Werror and -w.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_DIAGNOSTICREPORTER_H
#define PRIVATEER_CLANG_DIAGNOSTICREPORTER_H

#include "privateer/Analysis/Finding.h"
#include "privateer/Analysis/Options.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"

#include <map>
#include <set>
#include <string>
#include <utility>

namespace privateer {
namespace clangfe {

/// Answers whether a `NOLINT`, `NOLINTNEXTLINE` or `NOLINTBEGIN`/`NOLINTEND`
/// comment (with no argument list, or one whose globs match the check)
/// covers a location; remembers each file's block comments.
class NolintIndex {
public:
  bool isSuppressed(const clang::SourceManager &SM, clang::SourceLocation Loc,
                    llvm::StringRef Check);

private:
  std::map<clang::FileID, std::vector<std::pair<unsigned, llvm::StringRef>>>
      BlockLines;
};

class DiagnosticReporter {
public:
  DiagnosticReporter(clang::DiagnosticsEngine &Diags,
                     const clang::SourceManager &SM, const Options &Opts);

  /// Emits \p F, with \p Fixes as fix-it hints, unless a filter, a
  /// suppression or a duplicate hides it; returns whether it was emitted.
  /// Without fixes, \p WhyNoFix (if any) becomes a note that says why.
  bool report(const Finding &F, llvm::ArrayRef<clang::FixItHint> Fixes = {},
              llvm::StringRef WhyNoFix = {});
  unsigned emitted() const { return Emitted; }

private:
  clang::DiagnosticsEngine &Diags;
  const clang::SourceManager &SM;
  const Options &Opts;
  unsigned WarningId, ErrorId, NoteId;
  std::set<std::pair<uint64_t, std::string>> Seen;
  NolintIndex Nolint;
  unsigned Emitted = 0;
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_DIAGNOSTICREPORTER_H
