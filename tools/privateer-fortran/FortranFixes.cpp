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

#include <algorithm>
#include <map>
#include <tuple>

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
  // The edits that order constructs: one per place, owned by its first
  // finding (two findings that race before one statement wait there once).
  std::vector<cli::Edit> Seen;
  for (FortranFinding &F : Findings)
    if (!F.Ordering.Begin.File.empty() &&
        !llvm::is_contained(Seen, F.Ordering)) {
      Seen.push_back(F.Ordering);
      F.Result.Edits.push_back(F.Ordering);
    }
}

namespace {

/// \p Text with \p Edits made, each at its line and column (the clauses
/// added before keep both), from the end of the text; the same edit once.
std::string withOrderingEdits(std::string Text, std::vector<cli::Edit> Edits) {
  llvm::sort(Edits, [](const cli::Edit &A, const cli::Edit &B) {
    return std::tie(A.Begin.Line, A.Begin.Column) >
           std::tie(B.Begin.Line, B.Begin.Column);
  });
  Edits.erase(std::unique(Edits.begin(), Edits.end()), Edits.end());
  for (const cli::Edit &E : Edits) {
    size_t Offset = 0;
    for (unsigned Line = 1; Line < E.Begin.Line && Offset != std::string::npos;
         ++Line) {
      Offset = Text.find('\n', Offset);
      if (Offset != std::string::npos)
        ++Offset;
    }
    if (Offset == std::string::npos || E.Begin.Column == 0)
      continue;
    Offset += E.Begin.Column - 1;
    size_t End = Text.find('\n', Offset - (E.Begin.Column - 1));
    if (Offset > Text.size() || Offset + E.Length > Text.size() ||
        (End != std::string::npos && Offset + E.Length > End))
      continue;
    Text.replace(Offset, E.Length, E.Text);
  }
  return Text;
}

} // namespace

std::vector<std::string> writeClauses(llvm::ArrayRef<FortranFinding> Findings,
                                      SourceTexts &Texts,
                                      std::set<std::string> &Written) {
  // file -> directive line -> its clauses, in the findings' order; and
  // file -> the edits that order its constructs.
  std::map<std::string, std::map<unsigned, std::vector<std::string>>> ByFile;
  std::map<std::string, std::vector<cli::Edit>> Ordering;
  for (const FortranFinding &F : Findings) {
    if (!F.Clause.empty()) {
      auto &Clauses = ByFile[F.DirectiveFile][F.DirectiveLine];
      if (!llvm::is_contained(Clauses, F.Clause))
        Clauses.push_back(F.Clause);
    }
    if (!F.Ordering.Begin.File.empty()) {
      Ordering[F.Ordering.Begin.File].push_back(F.Ordering);
      ByFile[F.Ordering.Begin.File];
    }
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
    // Clauses keep every line where it is; these may add lines.
    if (auto It = Ordering.find(File); It != Ordering.end())
      Fixed = withOrderingEdits(std::move(Fixed), It->second);
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
