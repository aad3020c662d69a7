//===- Engine.h - The Clang engine every front end runs ---------*- C++ -*-===//
//
// Part of privateer. One call per translation unit: find the parallel
// constructs of every programming model the unit uses, model them, run the
// enabled checks, keep what a user should see (not in system headers, not
// suppressed by NOLINT, not a duplicate from a second template instance or
// an overlapping construct), and build each finding's fix. The plugin, the
// clang-tidy module and the CLI only turn the reports into their output;
// mergeEdits gives all of them the same edits to apply.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_ENGINE_H
#define PRIVATEER_CLANG_ENGINE_H

#include "privateer/Analysis/ConstructAccount.h"
#include "privateer/Analysis/Options.h"
#include "privateer/Clang/CXX/Edits/Includes.h"
#include "privateer/Clang/Report.h"

#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class SourceManager;
} // namespace clang

namespace privateer {
namespace clangfe {

/// What a unit's analysis did beyond its reports, for front ends' summaries.
struct UnitSummary {
  /// Findings the analysis could not prove ("may"), held back because
  /// report-may is off (each counted once, like a report).
  unsigned HeldBackMay = 0;
  /// Where each of them is, `file:line:col [check]` (the file as the
  /// unit's compile named it): a finding in a header that several units
  /// include is held back in each, and counted once by a front end that
  /// sees them all.
  std::vector<std::string> HeldBackWhere;
  /// Index questions the solver left undecided (it timed out, or the
  /// unit's budget was spent): a race among them is not reported.
  unsigned Undecided = 0;
  /// Every parallel construct of the unit outside system headers, once,
  /// with its verdict (ConstructAccount.h), in source-walk order.
  std::vector<ConstructAccount> Constructs;
};

/// The reports of one translation unit, in source-walk order. Nothing is
/// reported on a unit compiled without any parallel programming model.
/// Findings the analysis could not prove are reported only with
/// report-may; otherwise they are counted in \p Summary. \p Includes holds
/// the unit's #include lines, which the front end recorded while the unit
/// was preprocessed (IncludeDirectives::recorder): fixes add theirs beside
/// them.
std::vector<Report> analyze(clang::ASTContext &Ctx, const Options &Opts,
                            const IncludeDirectives &Includes,
                            UnitSummary *Summary = nullptr);

/// The edits of \p Reports as one list to apply in order: a fix that
/// overlaps an edit already taken is dropped whole, and the clauses that
/// several fixes add to one directive are merged into one clause of each
/// kind (`private(a)` and `private(b)` become `private(a, b)`).
std::vector<clang::FixItHint> mergeEdits(llvm::ArrayRef<Report> Reports,
                                         const clang::SourceManager &SM);

/// For each of \p Reports, the edits it carries when a host applies the
/// fixes of every diagnostic (clang-tidy, clang-apply-replacements): every
/// edit of mergeEdits(Reports) goes to the first report that contributed to
/// it (the first that makes the same edit, or, for a merged clause, the
/// first that inserts a clause at that point). A report whose fix was
/// merged into an earlier one's, or dropped as overlapping, carries none.
std::vector<std::vector<clang::FixItHint>>
assignMergedEdits(llvm::ArrayRef<Report> Reports,
                  const clang::SourceManager &SM);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_ENGINE_H
