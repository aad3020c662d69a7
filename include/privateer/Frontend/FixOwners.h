//===- FixOwners.h - Which report carries which merged edit -----*- C++ -*-===//
//
// Part of privateer. Front ends whose host applies the fixes of every
// diagnostic it keeps (clang-tidy's --fix, clang-apply-replacements on the
// CLI's --export-fixes) must not hand it the separate fixes of two findings
// at one directive: `private(a)` and `private(b)` would become
// `private(a) private(b)` or a conflict. They attach the engine's merged
// edits instead, each to exactly one report.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_FRONTEND_FIXOWNERS_H
#define PRIVATEER_FRONTEND_FIXOWNERS_H

#include "privateer/Clang/Report.h"

#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace clang {
class SourceManager;
} // namespace clang

namespace privateer {
namespace frontend {

/// For each of \p Reports, the edits it carries: every edit of
/// mergeEdits(Reports) goes to the first report that contributed to it (the
/// first that makes the same edit, or, for a merged clause, the first that
/// inserts a clause at that point). A report whose fix was merged into an
/// earlier one's, or dropped as overlapping, carries none.
std::vector<std::vector<clang::FixItHint>>
assignMergedEdits(llvm::ArrayRef<clangfe::Report> Reports,
                  const clang::SourceManager &SM);

} // namespace frontend
} // namespace privateer

#endif // PRIVATEER_FRONTEND_FIXOWNERS_H
