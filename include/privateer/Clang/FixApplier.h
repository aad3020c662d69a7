//===- FixApplier.h - Writing fixes to the source files ---------*- C++ -*-===//
//
// Part of privateer. Applies fix-it hints to the files they edit and
// writes each file atomically (a temporary file beside it, then a rename),
// so that an interrupted run never leaves half a file.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_FIXAPPLIER_H
#define PRIVATEER_CLANG_FIXAPPLIER_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/ADT/ArrayRef.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace privateer {
namespace clangfe {

class FixApplier {
public:
  FixApplier(clang::SourceManager &SM, const clang::LangOptions &LO)
      : Rewrite(SM, LO) {}

  /// Queues the edits of one fix; a fix that overlaps an earlier one is
  /// dropped whole. Clauses that several fixes add to one directive are
  /// merged: `private(a)` and `private(b)` become `private(a, b)`.
  void add(llvm::ArrayRef<clang::FixItHint> Fixes);
  /// Writes every edited file; returns the errors, one per file.
  std::vector<std::string> write();

private:
  void insertClauses();

  clang::Rewriter Rewrite;
  std::vector<clang::CharSourceRange> Taken;
  /// Clause insertions by file and offset, in the order they came.
  std::map<std::pair<clang::FileID, unsigned>,
           std::pair<clang::SourceLocation, std::vector<std::string>>>
      Clauses;
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_FIXAPPLIER_H
