//===- DiagnosticReporter.cpp - Findings as Clang diagnostics -------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/DiagnosticReporter.h"

#include "RegionBuilder.h"

using namespace clang;

namespace privateer {
namespace clangfe {

DiagnosticReporter::DiagnosticReporter(DiagnosticsEngine &Diags,
                                       const SourceManager &SM,
                                       const Options &Opts)
    : Diags(Diags), SM(SM), Opts(Opts) {
  WarningId = Diags.getCustomDiagID(DiagnosticsEngine::Warning, "%0");
  ErrorId = Diags.getCustomDiagID(DiagnosticsEngine::Error, "%0");
  NoteId = Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");
}

bool DiagnosticReporter::report(const Finding &F,
                                llvm::ArrayRef<FixItHint> Fixes,
                                llvm::StringRef WhyNoFix) {
  const char *Check = checkName(F.Check);
  if (!Opts.Checks.isEnabled(Check))
    return false;
  SourceLocation L = fromLoc(F.Where);
  if (L.isInvalid())
    return false;
  if (SM.isInSystemHeader(SM.getExpansionLoc(L)))
    return false;
  // Custom diagnostics ignore -w and -Werror: apply them here. As with
  // clang's own warnings, -w wins over any werror.
  if (Diags.getIgnoreAllWarnings())
    return false;
  bool AsError = Opts.Werror == Options::ErrorMode::Always ||
                 (Opts.Werror == Options::ErrorMode::FollowCompiler &&
                  Diags.getWarningsAsErrors());
  if (Nolint.isSuppressed(SM, L, Check))
    return false;
  // Template instantiations and overlapping units find the same race.
  // (Units that overlap, such as a region and the tasks in it, may find the
  // same race; different reasons at one place are all reported.)
  std::string Key = std::string(Check) + ':' + F.BufferName +
                    (F.Check == CheckId::SharedBuffer ? "" : F.Message);
  if (!Seen.insert({F.Where.Raw, Key}).second)
    return false;

  {
    auto Builder = Diags.Report(L, AsError ? ErrorId : WarningId);
    Builder << (F.Message + " [" + Check + "]");
    for (const FixItHint &H : Fixes)
      Builder << H;
  }
  for (const Note &N : F.Notes) {
    SourceLocation NL = fromLoc(N.Where);
    if (NL.isValid())
      Diags.Report(NL, NoteId) << N.Message;
  }
  if (Fixes.empty() && !WhyNoFix.empty())
    Diags.Report(L, NoteId) << ("no automatic fix: " + WhyNoFix).str();
  ++Emitted;
  return true;
}

} // namespace clangfe
} // namespace privateer
