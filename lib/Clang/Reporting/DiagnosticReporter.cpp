//===- DiagnosticReporter.cpp - Reports as Clang diagnostics --------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/DiagnosticReporter.h"
#include "privateer/Clang/SourceLoc.h"

#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"

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

namespace {
/// Whether every warning is ignored at \p L: `-Wno-everything`, or
/// `#pragma clang diagnostic ignored "-Weverything"` around it. Custom
/// diagnostics (ours) are outside clang's groups and ignore both, so ask
/// about default-on warnings of unrelated groups instead: a user who wants
/// privateer's findings does not silence all of these.
bool everythingIgnored(DiagnosticsEngine &Diags, SourceLocation L) {
  static const unsigned Witnesses[] = {
      diag::warn_unused_result, diag::warn_ret_stack_addr_ref,
      diag::warn_printf_insufficient_data_args, diag::warn_division_sizeof_ptr};
  for (unsigned Id : Witnesses)
    if (Diags.getDiagnosticLevel(Id, L) != DiagnosticsEngine::Ignored)
      return false;
  return true;
}
} // namespace

bool DiagnosticReporter::shown(const Report &R) const {
  return enabled() && !everythingIgnored(Diags, fromLoc(R.F.Where));
}

bool DiagnosticReporter::silencedInSource(const Report &R) const {
  SourceLocation L = fromLoc(R.F.Where);
  if (!Diags.hasSourceManager() || !everythingIgnored(Diags, L))
    return false;
  // The state at the start of the main file is the command line's: no
  // pragma comes before it.
  const SourceManager &SM = Diags.getSourceManager();
  return !everythingIgnored(Diags, SM.getLocForStartOfFile(SM.getMainFileID()));
}

bool DiagnosticReporter::report(const Report &R) {
  const Finding &F = R.F;
  if (everythingIgnored(Diags, fromLoc(F.Where)))
    return false;
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
  return true;
}

} // namespace clangfe
} // namespace privateer
