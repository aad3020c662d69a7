//===- Nolint.h - NOLINT comments -------------------------------*- C++ -*-===//
//
// Part of privateer. The NOLINT conventions of clang-tidy, so that one
// suppression comment works in the plugin, the tidy module and the CLI.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_NOLINT_H
#define PRIVATEER_CLANG_NOLINT_H

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <utility>
#include <vector>

namespace privateer {
namespace clangfe {

/// Answers whether a `NOLINT`, `NOLINTNEXTLINE` or `NOLINTBEGIN`/`NOLINTEND`
/// comment (with no argument list, or one whose globs match the check)
/// covers a location; remembers each file's block comments.
class NolintIndex {
public:
  bool isSuppressed(const clang::SourceManager &SM, clang::SourceLocation Loc,
                    llvm::StringRef Check);

private:
  std::map<clang::FileID, std::vector<std::pair<unsigned, llvm::StringRef>>>
      BlockLines;
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_NOLINT_H
