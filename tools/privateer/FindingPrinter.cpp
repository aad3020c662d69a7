//===- FindingPrinter.cpp - Findings printed as the compiler does ---------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "FindingPrinter.h"

#include "privateer/Clang/DiagnosticReporter.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"

#include <map>

using namespace clang;
using namespace llvm;

namespace privateer {
namespace cli {

struct FindingPrinter::Impl {
  explicit Impl(raw_ostream &OS)
      : FM(FileSystemOptions()), Printer(OS, DiagOpts),
        Diags(DiagnosticIDs::create(), DiagOpts, &Printer,
              /*ShouldOwnClient=*/false),
        SM(Diags, FM) {
    Diags.setSourceManager(&SM);
    LangOpts.CPlusPlus = true;
    Printer.BeginSourceFile(LangOpts, nullptr);
    WarningId = Diags.getCustomDiagID(DiagnosticsEngine::Warning, "%0");
    ErrorId = Diags.getCustomDiagID(DiagnosticsEngine::Error, "%0");
    NoteId = Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");
  }
  ~Impl() { Printer.EndSourceFile(); }

  /// Where \p P is, in the file as it is on disk; invalid when the file
  /// cannot be read.
  SourceLocation location(const Position &P) {
    auto It = Files.find(P.File);
    if (It == Files.end()) {
      FileID FID;
      if (Expected<FileEntryRef> F = FM.getFileRef(P.File))
        FID = SM.createFileID(*F, SourceLocation(), SrcMgr::C_User);
      else
        consumeError(F.takeError());
      It = Files.emplace(P.File, FID).first;
    }
    if (It->second.isInvalid())
      return SourceLocation();
    return SM.getLocForStartOfFile(It->second).getLocWithOffset(P.Offset);
  }

  void note(const NoteOut &N) {
    SourceLocation L = location(N.Where);
    if (L.isValid())
      Diags.Report(L, NoteId) << N.Message;
  }

  FileManager FM;
  DiagnosticOptions DiagOpts;
  TextDiagnosticPrinter Printer;
  DiagnosticsEngine Diags;
  SourceManager SM;
  LangOptions LangOpts;
  std::map<std::string, FileID> Files;
  unsigned WarningId, ErrorId, NoteId;
};

FindingPrinter::FindingPrinter(raw_ostream &OS)
    : P(std::make_unique<Impl>(OS)) {}

FindingPrinter::~FindingPrinter() = default;

void FindingPrinter::print(const Result &R) {
  SourceLocation L = P->location(R.Where);
  if (L.isInvalid())
    return;
  // A fix of many lines is named by a note, not printed (longFixLines).
  std::optional<std::pair<unsigned, unsigned>> Long;
  if (!R.ShownEdits.empty()) {
    std::vector<std::pair<unsigned, unsigned>> Lines;
    for (const Edit &E : R.ShownEdits)
      if (E.Begin.File == R.ShownEdits.front().Begin.File)
        Lines.push_back({E.Begin.Line, std::max(E.Begin.Line, E.EndLine)});
    Long = clangfe::longFixLines(Lines);
  }
  {
    DiagnosticBuilder Builder =
        P->Diags.Report(L, R.AsError ? P->ErrorId : P->WarningId);
    Builder << (R.Message + " [" + R.Check + "]");
    for (const Edit &E : Long ? std::vector<Edit>() : R.ShownEdits) {
      SourceLocation B = P->location(E.Begin);
      if (B.isInvalid())
        continue;
      Builder << (E.Length == 0 ? FixItHint::CreateInsertion(B, E.Text)
                                : FixItHint::CreateReplacement(
                                      CharSourceRange::getCharRange(
                                          B, B.getLocWithOffset(E.Length)),
                                      E.Text));
    }
  }
  for (const NoteOut &N : R.Notes)
    P->note(N);
  if (Long)
    P->note({R.ShownEdits.front().Begin, clangfe::longFixNote(*Long, "--fix")});
}

void FindingPrinter::print(const NoteOut &N) {
  // A note of its own: nothing before it may decide whether it shows.
  P->Diags.setLastDiagnosticIgnored(false);
  P->note(N);
}

} // namespace cli
} // namespace privateer
