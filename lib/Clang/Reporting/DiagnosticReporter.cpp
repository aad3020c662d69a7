//===- DiagnosticReporter.cpp - Reports as Clang diagnostics --------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/DiagnosticReporter.h"
#include "privateer/Clang/SourceLoc.h"

#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"

#include <set>

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

std::optional<std::pair<unsigned, unsigned>>
longFixLines(llvm::ArrayRef<std::pair<unsigned, unsigned>> Lines) {
  std::set<unsigned> Touched;
  for (auto [First, Last] : Lines)
    for (unsigned L = First; L <= Last && Touched.size() <= MaxShownFixLines;
         ++L)
      Touched.insert(L);
  if (Touched.size() <= MaxShownFixLines)
    return std::nullopt;
  unsigned First = ~0u, Last = 0;
  for (auto [F, L] : Lines)
    First = std::min(First, F), Last = std::max(Last, L);
  return std::make_pair(First, Last);
}

std::string longFixNote(std::pair<unsigned, unsigned> Lines,
                        llvm::StringRef Apply) {
  return "the fix rewrites lines " + std::to_string(Lines.first) + "-" +
         std::to_string(Lines.second) + " (" + Apply.str() + " applies it)";
}

bool DiagnosticReporter::report(const Report &R) {
  const Finding &F = R.F;
  if (everythingIgnored(Diags, fromLoc(F.Where)))
    return false;
  // Custom diagnostics ignore -Werror too.
  bool AsError = Opts.Werror == Options::ErrorMode::Always ||
                 (Opts.Werror == Options::ErrorMode::FollowCompiler &&
                  Diags.getWarningsAsErrors());
  // A fix of many lines is named by a note, not printed (longFixLines).
  std::optional<std::pair<unsigned, unsigned>> Long;
  SourceLocation FixAt;
  if (!R.Fixes.empty() && Diags.hasSourceManager()) {
    const SourceManager &SM = Diags.getSourceManager();
    FixAt = SM.getFileLoc(R.Fixes.front().RemoveRange.getBegin());
    std::vector<std::pair<unsigned, unsigned>> Lines;
    for (const FixItHint &H : R.Fixes) {
      SourceLocation B = SM.getFileLoc(H.RemoveRange.getBegin()),
                     E = SM.getFileLoc(H.RemoveRange.getEnd());
      if (SM.getFileID(B) == SM.getFileID(FixAt))
        Lines.push_back(
            {SM.getSpellingLineNumber(B), SM.getSpellingLineNumber(E)});
    }
    Long = longFixLines(Lines);
  }
  {
    auto Builder =
        Diags.Report(fromLoc(F.Where), AsError ? ErrorId : WarningId);
    Builder << (F.Message + " [" + checkName(F.Check) + "]");
    if (!Long)
      for (const FixItHint &H : R.Fixes)
        Builder << H;
  }
  for (const Note &N : F.Notes) {
    SourceLocation NL = fromLoc(N.Where);
    if (NL.isValid())
      Diags.Report(NL, NoteId) << N.Message;
  }
  if (Long)
    Diags.Report(FixAt, NoteId)
        << longFixNote(*Long, "-fplugin-arg-privateer-fix");
  std::string Why = R.whyNoFixNote();
  if (!Why.empty())
    Diags.Report(fromLoc(F.Where), NoteId) << Why;
  return true;
}

} // namespace clangfe
} // namespace privateer
