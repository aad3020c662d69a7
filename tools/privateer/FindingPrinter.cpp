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

  void note(const NoteOut &N, const std::vector<Edit> &Edits = {}) {
    SourceLocation L = location(N.Where);
    if (L.isInvalid())
      return;
    DiagnosticBuilder Builder = Diags.Report(L, NoteId);
    Builder << N.Message;
    addEdits(Builder, Edits);
  }

  void addEdits(DiagnosticBuilder &Builder, const std::vector<Edit> &Edits) {
    for (const Edit &E : Edits) {
      SourceLocation B = location(E.Begin);
      if (B.isInvalid())
        continue;
      Builder << (E.Length == 0 ? FixItHint::CreateInsertion(B, E.Text)
                                : FixItHint::CreateReplacement(
                                      CharSourceRange::getCharRange(
                                          B, B.getLocWithOffset(E.Length)),
                                      E.Text));
    }
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
  // Where each edit shows (placeFixEdits): 0 under the warning, K under
  // the note of Anchors[K - 1].
  std::vector<unsigned> Under(R.ShownEdits.size(), 0);
  std::vector<std::pair<unsigned, int>> Anchors;
  if (!R.ShownEdits.empty()) {
    std::vector<std::pair<unsigned, unsigned>> Lines;
    for (const Edit &E : R.ShownEdits)
      if (E.Begin.File == R.ShownEdits.front().Begin.File)
        Lines.push_back({E.Begin.Line, std::max(E.Begin.Line, E.EndLine)});
    Long = clangfe::longFixLines(Lines);
    if (!Long) {
      std::vector<std::pair<unsigned, unsigned>> EditLines;
      std::vector<size_t> Which;
      for (size_t I = 0; I < R.ShownEdits.size(); ++I)
        if (R.ShownEdits[I].Begin.File == R.Where.File) {
          const Edit &E = R.ShownEdits[I];
          EditLines.push_back(
              {E.Begin.Line, std::max(E.Begin.Line, E.EndLine)});
          Which.push_back(I);
        }
      std::vector<unsigned> NoteLines;
      std::vector<int> NoteOf;
      for (size_t N = 0; N < R.Notes.size(); ++N)
        if (R.Notes[N].Where.File == R.Where.File) {
          NoteLines.push_back(R.Notes[N].Where.Line);
          NoteOf.push_back(int(N));
        }
      clangfe::FixPlacement Place =
          clangfe::placeFixEdits(R.Where.Line, EditLines, NoteLines);
      for (size_t K = 0; K < Which.size(); ++K)
        Under[Which[K]] = Place.Under[K];
      for (auto [Line, Note] : Place.Anchors)
        Anchors.push_back({Line, Note < 0 ? -1 : NoteOf[Note]});
    }
  }
  auto EditsUnder = [&](unsigned K) {
    std::vector<Edit> Out;
    for (size_t I = 0; I < R.ShownEdits.size(); ++I)
      if (Under[I] == K)
        Out.push_back(R.ShownEdits[I]);
    return Out;
  };
  {
    DiagnosticBuilder Builder =
        P->Diags.Report(L, R.AsError ? P->ErrorId : P->WarningId);
    Builder << (R.Message + " [" + R.Check + "]");
    if (!Long)
      P->addEdits(Builder, EditsUnder(0));
  }
  for (size_t N = 0; N < R.Notes.size(); ++N) {
    std::vector<Edit> Here;
    for (size_t K = 0; K < Anchors.size(); ++K)
      if (Anchors[K].second == int(N))
        for (Edit &E : EditsUnder(K + 1))
          Here.push_back(std::move(E));
    P->note(R.Notes[N], Here);
  }
  // Edits near no diagnostic: a note of their own, at the first of them.
  for (size_t K = 0; K < Anchors.size(); ++K)
    if (Anchors[K].second < 0) {
      std::vector<Edit> Here = EditsUnder(K + 1);
      P->note({Here.front().Begin, "the fix edits this line too"}, Here);
    }
  if (Long)
    P->note({R.ShownEdits.front().Begin, clangfe::longFixNote(*Long, "--fix")});
}

void FindingPrinter::flush() {
  // Ending the "source file" destroys the printer's formatted stream,
  // which writes out what it buffered; the next print begins anew.
  P->Printer.EndSourceFile();
  P->Printer.BeginSourceFile(P->LangOpts, nullptr);
}

void FindingPrinter::print(const NoteOut &N) {
  // A note of its own: nothing before it may decide whether it shows.
  P->Diags.setLastDiagnosticIgnored(false);
  P->note(N);
}

} // namespace cli
} // namespace privateer
