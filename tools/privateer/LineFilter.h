//===- LineFilter.h - Report only on chosen lines ---------------*- C++ -*-===//
//
// Part of privateer. The lines of each file that findings may be reported
// on, for CI runs that review a change rather than a whole code base:
// clang-tidy's --line-filter JSON, or the lines a `git diff` against a
// revision adds or changes. A finding is kept when its primary location is
// on such a line; its notes may be anywhere.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_TOOLS_LINEFILTER_H
#define PRIVATEER_TOOLS_LINEFILTER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <utility>
#include <vector>

namespace privateer {
namespace cli {

/// Runs git with \p Args in \p Dir; its standard output, or the error with
/// what git printed on its standard error.
llvm::Expected<std::string> runGit(llvm::StringRef Dir,
                                   llvm::ArrayRef<llvm::StringRef> Args);

class LineFilter {
public:
  /// Parses clang-tidy's format,
  /// `[{"name":"file.c","lines":[[1,3],[5,5]]},{"name":"other.h"}]`: a
  /// file whose path ends with a name (at a `/`) is filtered by that
  /// entry's inclusive line ranges, or not at all when it has none; any
  /// file no entry names is left out. An empty list admits everything,
  /// as in clang-tidy.
  static llvm::Expected<LineFilter> fromJson(llvm::StringRef Json);

  /// The lines that `git diff -U0 <Rev>` shows as added or changed in the
  /// working trees of the git repositories that hold \p Files (each
  /// repository is asked once); a file it does not show, or one outside
  /// those repositories, has no changed line.
  static llvm::Expected<LineFilter>
  fromGitDiff(llvm::StringRef Rev, llvm::ArrayRef<std::string> Files);

  /// Parses a unified diff with no context, as `git diff -U0` prints it,
  /// whose new-file names are relative to \p Root.
  static LineFilter fromUnifiedDiff(llvm::StringRef Diff, llvm::StringRef Root);

  /// Whether a finding at \p Line of \p File (an absolute path) is kept.
  bool admits(llvm::StringRef File, unsigned Line) const;

  /// Keeps only what both filters admit.
  void intersect(LineFilter Other);

private:
  using Ranges = std::vector<std::pair<unsigned, unsigned>>;
  /// One entry: a path (or a path suffix) and its ranges; no ranges means
  /// every line.
  struct Entry {
    std::string Name;
    bool Suffix = false;
    Ranges Lines;
  };
  static bool admitsOne(const std::vector<Entry> &Entries, llvm::StringRef File,
                        unsigned Line);

  /// Filters that must all admit a finding (one per option given).
  std::vector<std::vector<Entry>> All;
};

} // namespace cli
} // namespace privateer

#endif // PRIVATEER_TOOLS_LINEFILTER_H
