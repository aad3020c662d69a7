//===- DiagnosticReporter.cpp - Reports as Clang diagnostics --------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/DiagnosticReporter.h"
#include "privateer/Clang/SourceLoc.h"

using namespace clang;

namespace privateer {
namespace clangfe {

DiagnosticReporter::DiagnosticReporter(DiagnosticsEngine &Diags,
                                       const Options &Opts)
    : Diags(Diags), Opts(Opts) {
  WarningId = Diags.getCustomDiagID(DiagnosticsEngine::Warning, "%0");
  ErrorId = Diags.getCustomDiagID(DiagnosticsEngine::Error, "%0");
  NoteId = Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");
}

bool DiagnosticReporter::enabled() const {
  // Custom diagnostics ignore -w: apply it here. As with clang's own
  // warnings, -w wins over any werror.
  return !Diags.getIgnoreAllWarnings();
}

void DiagnosticReporter::report(const Report &R) {
  const Finding &F = R.F;
  // Custom diagnostics ignore -Werror too.
  bool AsError = Opts.Werror == Options::ErrorMode::Always ||
                 (Opts.Werror == Options::ErrorMode::FollowCompiler &&
                  Diags.getWarningsAsErrors());
  {
    auto Builder =
        Diags.Report(fromLoc(F.Where), AsError ? ErrorId : WarningId);
    Builder << (F.Message + " [" + checkName(F.Check) + "]");
    for (const FixItHint &H : R.Fixes)
      Builder << H;
  }
  for (const Note &N : F.Notes) {
    SourceLocation NL = fromLoc(N.Where);
    if (NL.isValid())
      Diags.Report(NL, NoteId) << N.Message;
  }
  std::string Why = R.whyNoFixNote();
  if (!Why.empty())
    Diags.Report(fromLoc(F.Where), NoteId) << Why;
}

} // namespace clangfe
} // namespace privateer
