//===- DiagnosticReporter.cpp - Reports as Clang diagnostics --------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/DiagnosticReporter.h"
#include "privateer/Clang/SourceLoc.h"

#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"

#include <algorithm>
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
  RemarkId = Diags.getCustomDiagID(DiagnosticsEngine::Remark, "%0");
}

void DiagnosticReporter::explainSilence(
    llvm::ArrayRef<ConstructAccount> Constructs) {
  for (const ConstructAccount &A : Constructs) {
    if (A.Verdict != Outcome::HeldBack && A.Verdict != Outcome::NotAnalysed)
      continue;
    SourceLocation L = fromLoc(A.Where);
    if (L.isInvalid())
      continue;
    Diags.Report(L, RemarkId)
        << ("'" + A.Construct + "' " + describe(A.Verdict) + ": " + A.Reason +
            " [privateer-silence]");
  }
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

FixPlacement placeFixEdits(unsigned WarningLine,
                           llvm::ArrayRef<std::pair<unsigned, unsigned>> Lines,
                           llvm::ArrayRef<unsigned> NoteLines) {
  auto Near = [](unsigned Line, std::pair<unsigned, unsigned> Edit) {
    return Edit.first + MaxFixDistance >= Line &&
           Line + MaxFixDistance >= Edit.second;
  };
  FixPlacement P;
  for (auto Edit : Lines) {
    if (Near(WarningLine, Edit)) {
      P.Under.push_back(0);
      continue;
    }
    // An anchor already near it (the same note, or a group begun above).
    unsigned K = 0;
    for (size_t A = 0; A < P.Anchors.size() && !K; ++A)
      if (Near(P.Anchors[A].first, Edit))
        K = A + 1;
    // The nearest note (the construct's, on the edit's own line).
    int Best = -1;
    unsigned BestDistance = ~0u;
    for (size_t N = 0; N < NoteLines.size() && !K; ++N) {
      unsigned D = NoteLines[N] > Edit.first ? NoteLines[N] - Edit.first
                                             : Edit.first - NoteLines[N];
      if (Near(NoteLines[N], Edit) && D < BestDistance) {
        Best = int(N);
        BestDistance = D;
      }
    }
    if (!K && Best >= 0) {
      P.Anchors.push_back({NoteLines[Best], Best});
      K = P.Anchors.size();
    }
    if (!K) {
      P.Anchors.push_back({Edit.first, -1});
      K = P.Anchors.size();
    }
    P.Under.push_back(K);
  }
  return P;
}

std::string longFixNote(std::pair<unsigned, unsigned> Lines,
                        llvm::StringRef Apply) {
  return "the fix rewrites lines " + std::to_string(Lines.first) + "-" +
         std::to_string(Lines.second) + " (" + Apply.str() + " applies it)";
}

DiagnosticReporter::HintPlacement
DiagnosticReporter::placeHints(const Report &R) const {
  const Finding &F = R.F;
  HintPlacement H;
  std::optional<std::pair<unsigned, unsigned>> &Long = H.Long;
  SourceLocation &FixAt = H.FixAt;
  // Where each fix-it shows (placeFixEdits): 0 under the warning, K under
  // the note of Anchors[K - 1] (a note of the finding, or one of its own).
  std::vector<unsigned> &Under = H.Under;
  Under.assign(R.Fixes.size(), 0);
  std::vector<std::pair<unsigned, int>> &Anchors = H.Anchors;
  if (R.Fixes.empty() || !Diags.hasSourceManager())
    return H;
  {
    const SourceManager &SM = Diags.getSourceManager();
    FixAt = SM.getFileLoc(R.Fixes.front().RemoveRange.getBegin());
    auto LinesOf = [&](const FixItHint &H) {
      return std::make_pair(
          SM.getSpellingLineNumber(SM.getFileLoc(H.RemoveRange.getBegin())),
          SM.getSpellingLineNumber(SM.getFileLoc(H.RemoveRange.getEnd())));
    };
    auto FileOf = [&](SourceLocation L) {
      return SM.getFileID(SM.getFileLoc(L));
    };
    std::vector<std::pair<unsigned, unsigned>> Lines;
    for (const FixItHint &H : R.Fixes)
      if (FileOf(H.RemoveRange.getBegin()) == SM.getFileID(FixAt))
        Lines.push_back(LinesOf(H));
    Long = longFixLines(Lines);
    SourceLocation W = SM.getFileLoc(fromLoc(F.Where));
    if (!Long && W.isValid()) {
      // The edits and notes in the warning's file are placed; the rest
      // (a header's edit) stay with the warning.
      std::vector<std::pair<unsigned, unsigned>> EditLines;
      std::vector<size_t> Which;
      for (size_t I = 0; I < R.Fixes.size(); ++I)
        if (FileOf(R.Fixes[I].RemoveRange.getBegin()) == SM.getFileID(W)) {
          EditLines.push_back(LinesOf(R.Fixes[I]));
          Which.push_back(I);
        }
      std::vector<unsigned> NoteLines;
      std::vector<int> NoteOf;
      for (size_t N = 0; N < F.Notes.size(); ++N) {
        SourceLocation NL = fromLoc(F.Notes[N].Where);
        if (NL.isValid() && FileOf(NL) == SM.getFileID(W)) {
          NoteLines.push_back(SM.getSpellingLineNumber(SM.getFileLoc(NL)));
          NoteOf.push_back(int(N));
        }
      }
      FixPlacement P =
          placeFixEdits(SM.getSpellingLineNumber(W), EditLines, NoteLines);
      for (size_t K = 0; K < Which.size(); ++K)
        Under[Which[K]] = P.Under[K];
      for (auto [Line, Note] : P.Anchors)
        Anchors.push_back({Line, Note < 0 ? -1 : NoteOf[Note]});
    }
  }
  return H;
}

bool DiagnosticReporter::report(const Report &R) {
  const Finding &F = R.F;
  if (everythingIgnored(Diags, fromLoc(F.Where)))
    return false;
  // Custom diagnostics ignore -Werror too.
  bool AsError = Opts.Werror == Options::ErrorMode::Always ||
                 (Opts.Werror == Options::ErrorMode::FollowCompiler &&
                  Diags.getWarningsAsErrors());
  HintPlacement H = placeHints(R);
  std::optional<std::pair<unsigned, unsigned>> &Long = H.Long;
  SourceLocation FixAt = H.FixAt;
  std::vector<unsigned> &Under = H.Under;
  std::vector<std::pair<unsigned, int>> &Anchors = H.Anchors;
  auto AddHints = [&](DiagnosticBuilder &B, unsigned K) {
    for (size_t I = 0; I < R.Fixes.size(); ++I)
      if (Under[I] == K)
        B << R.Fixes[I];
  };
  {
    auto Builder =
        Diags.Report(fromLoc(F.Where), AsError ? ErrorId : WarningId);
    Builder << (F.Message + " [" + checkName(F.Check) + "]");
    if (!Long)
      AddHints(Builder, 0);
  }
  for (size_t N = 0; N < F.Notes.size(); ++N) {
    SourceLocation NL = fromLoc(F.Notes[N].Where);
    if (!NL.isValid())
      continue;
    auto Builder = Diags.Report(NL, NoteId);
    Builder << F.Notes[N].Message;
    for (size_t K = 0; K < Anchors.size(); ++K)
      if (Anchors[K].second == int(N))
        AddHints(Builder, K + 1);
  }
  // Edits near no diagnostic: a note of their own, at the first of them.
  for (size_t K = 0; K < Anchors.size(); ++K) {
    if (Anchors[K].second >= 0)
      continue;
    size_t First = std::find(Under.begin(), Under.end(), K + 1) - Under.begin();
    auto Builder = Diags.Report(Diags.getSourceManager().getFileLoc(
                                    R.Fixes[First].RemoveRange.getBegin()),
                                NoteId);
    Builder << "the fix edits this line too";
    AddHints(Builder, K + 1);
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
