//===- FortranFixes.cpp - privateer-fortran's fixes, written or logged ----===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "FortranFixes.h"
#include "DirectiveClauses.h"

#include "privateer/Support/SourceFileWriter.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

namespace privateer {
namespace fortran {

void assignClauseEdits(std::vector<FortranFinding> &Findings,
                       SourceTexts &Texts) {
  // (file, offset) -> the finding that owns the insertion, and its text.
  std::map<std::pair<std::string, size_t>, std::pair<size_t, cli::Edit>> Owned;
  for (size_t I = 0; I < Findings.size(); ++I) {
    const FortranFinding &F = Findings[I];
    const std::string *Text =
        F.Clause.empty() ? nullptr : Texts.text(F.DirectiveFile);
    if (!Text)
      continue;
    std::optional<ClauseInsertion> At =
        clauseInsertion(*Text, F.DirectiveLine, F.Clause);
    if (!At)
      continue;
    cli::Edit E;
    E.Begin = {F.DirectiveFile, unsigned(At->Offset), At->Line, At->Column};
    E.EndLine = At->Line;
    E.EndColumn = At->Column;
    auto [It, New] = Owned.try_emplace({F.DirectiveFile, At->Offset}, I, E);
    std::string &Inserted = It->second.second.Text;
    std::string Clause = " " + F.Clause;
    if (New || !llvm::StringRef(Inserted).contains(Clause))
      Inserted += Clause;
  }
  for (auto &[Where, Owner] : Owned)
    Findings[Owner.first].Result.Edits = {Owner.second};
}

std::vector<std::string> writeClauses(llvm::ArrayRef<FortranFinding> Findings,
                                      SourceTexts &Texts,
                                      std::set<std::string> &Written) {
  // file -> directive line -> its clauses, in the findings' order.
  std::map<std::string, std::map<unsigned, std::vector<std::string>>> ByFile;
  for (const FortranFinding &F : Findings)
    if (!F.Clause.empty()) {
      auto &Clauses = ByFile[F.DirectiveFile][F.DirectiveLine];
      if (!llvm::is_contained(Clauses, F.Clause))
        Clauses.push_back(F.Clause);
    }
  std::vector<std::string> Errors;
  for (const auto &[File, ByLine] : ByFile) {
    const std::string *Original = Texts.text(File);
    if (!Original) {
      Errors.push_back("cannot read '" + File + "': fixes not written");
      continue;
    }
    std::vector<unsigned> Skipped;
    std::string Fixed = withClauses(*Original, ByLine, Skipped);
    for (unsigned Line : Skipped)
      llvm::errs() << "privateer-fortran: warning: " << File << ":" << Line
                   << ": no '!$omp' directive there; fix not applied\n";
    if (Fixed == *Original)
      continue;
    std::string Error;
    std::string Path = resolvedSourcePath(File, Error);
    if (!Path.empty())
      Error = rewriteSourceFile(Path, *Original, Fixed);
    if (Error.empty())
      Written.insert(File);
    else
      Errors.push_back(Error);
  }
  return Errors;
}

} // namespace fortran
} // namespace privateer
