//===- KeptResults.cpp - What a run keeps of its units' findings ----------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "KeptResults.h"

#include "privateer/Clang/FileWriter.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/FileManager.h"
#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceManager.h"

#include <set>

using namespace clang;
using namespace llvm;

namespace privateer {
namespace cli {

bool overlaps(const Edit &A, const Edit &B) {
  if (A.Begin.File != B.Begin.File)
    return false;
  unsigned AB = A.Begin.Offset, AE = AB + A.Length;
  unsigned BB = B.Begin.Offset, BE = BB + B.Length;
  if (A.Length == 0 && B.Length == 0)
    return AB == BB;
  if (A.Length == 0)
    return BB < AB && AB < BE;
  if (B.Length == 0)
    return AB < BB && BB < AE;
  return AB < BE && BB < AE;
}

std::vector<Result> keptResults(std::vector<UnitOutcome> &Outcomes,
                                EditLedger &Ledger) {
  std::set<std::string> ErrorFiles;
  for (const UnitOutcome &U : Outcomes) {
    if (U.Failed)
      ErrorFiles.insert(U.File);
    ErrorFiles.insert(U.FilesWithErrors.begin(), U.FilesWithErrors.end());
  }
  std::vector<Result> Kept;
  std::set<std::string> Keys;
  for (UnitOutcome &U : Outcomes) {
    for (Result &R : U.Results) {
      if (!Keys.insert(R.key()).second)
        continue;
      bool Applicable = llvm::all_of(R.Edits, [&](const Edit &E) {
        return !ErrorFiles.count(E.Begin.File) && Ledger.admits(E);
      });
      std::vector<Edit> Own;
      for (const Edit &E : Applicable ? R.Edits : std::vector<Edit>())
        if (Ledger.take(E))
          Own.push_back(E);
      R.Edits = std::move(Own);
      Kept.push_back(std::move(R));
    }
    // What is kept is moved out; the unit's own copy is not needed again.
    U.Results.clear();
    U.Results.shrink_to_fit();
  }
  return Kept;
}

std::vector<std::string> applyEdits(const std::deque<Edit> &Edits) {
  FileManager FM{FileSystemOptions()};
  DiagnosticOptions DiagOpts;
  DiagnosticsEngine Diags(DiagnosticIDs::create(), DiagOpts,
                          new IgnoringDiagConsumer());
  SourceManager SM(Diags, FM);
  std::map<std::string, FileID> Files;
  std::vector<FixItHint> Hints;
  std::vector<std::string> Errors;
  for (const Edit &E : Edits) {
    auto It = Files.find(E.Begin.File);
    if (It == Files.end()) {
      Expected<FileEntryRef> F = FM.getFileRef(E.Begin.File);
      if (!F) {
        Errors.push_back("cannot read '" + E.Begin.File +
                         "': " + toString(F.takeError()));
        Files[E.Begin.File] = FileID();
        continue;
      }
      It = Files
               .emplace(E.Begin.File,
                        SM.createFileID(*F, SourceLocation(), SrcMgr::C_User))
               .first;
    }
    if (It->second.isInvalid())
      continue;
    SourceLocation B =
        SM.getLocForStartOfFile(It->second).getLocWithOffset(E.Begin.Offset);
    Hints.push_back(E.Length == 0 ? FixItHint::CreateInsertion(B, E.Text)
                                  : FixItHint::CreateReplacement(
                                        CharSourceRange::getCharRange(
                                            B, B.getLocWithOffset(E.Length)),
                                        E.Text));
  }
  for (std::string &Error : clangfe::writeEdits(Hints, SM, LangOptions()))
    Errors.push_back(std::move(Error));
  return Errors;
}

} // namespace cli
} // namespace privateer
