//===- Checks.h - Check identifiers and filters -----------------*- C++ -*-===//
//
// Part of privateer. The check identifiers generated from Checks.def and the
// clang-tidy-style glob filter (`-*,privateer-shared-buffer`) that every front
// end applies the same way.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_ANALYSIS_CHECKS_H
#define PRIVATEER_ANALYSIS_CHECKS_H

#include <string>
#include <string_view>
#include <vector>

namespace privateer {

enum class CheckId {
#define PRIVATEER_CHECK(Id, Name, Summary) Id,
#include "privateer/Checks.def"
};

struct CheckInfo {
  CheckId Id;
  const char *Name;
  const char *Summary;
};

/// Every check, in the order of Checks.def.
const std::vector<CheckInfo> &allChecks();
const char *checkName(CheckId Id);

/// A comma-separated list of globs, each optionally negated with `-`; later
/// globs win, as in clang-tidy's --checks. The default enables `privateer-*`.
class CheckFilter {
public:
  CheckFilter() : CheckFilter("privateer-*") {}
  explicit CheckFilter(std::string_view Globs);

  bool isEnabled(std::string_view CheckName) const;
  bool isEnabled(CheckId Id) const { return isEnabled(checkName(Id)); }
  /// Whether any check runs (`-*` alone turns them all off).
  bool enablesAny() const;

  /// Which globs error() looks at.
  enum class GlobScope {
    /// Every glob: the list is privateer's alone (the plugin's and the
    /// CLIs' `checks=`, the MLIR passes' `checks=`).
    All,
    /// Only globs that look meant for privateer (`privateer-...` or a near
    /// miss such as `privatee-...`): the list is shared with other tools'
    /// checks (clang-tidy's --checks).
    PrivateerLike,
  };

  /// Globs that match no check (almost always a typo, which would turn a
  /// check off without a word), in the order given.
  std::vector<std::string>
  unmatchedGlobs(GlobScope Scope = GlobScope::All) const;

  /// Why this list is a mistake, or empty when it is not: an empty list
  /// (no check would run), or globs that match no check, each with the
  /// closest check name where one is close. Every front end reports this
  /// text as an error, so they all say the same.
  std::string error(GlobScope Scope = GlobScope::All) const;

  /// Why the list, though every glob names checks, turns them all off
  /// (`-*` alone): said as clang-tidy says "no checks enabled", since a
  /// run that checks nothing must not read as a clean one; empty when some
  /// check runs. The CLIs refuse such a list, the plugin warns.
  std::string noneEnabled() const;

  /// The list as given (for cache keys and messages).
  const std::string &str() const { return Text; }

private:
  struct Glob {
    std::string Pattern;
    bool Positive;
  };
  std::vector<Glob> Globs;
  std::string Text;
};

/// Shell-style match of `*` wildcards.
bool globMatch(std::string_view Pattern, std::string_view Text);

/// Whether a NOLINT-style comment argument list (`privateer-*,foo`) or its
/// absence (empty, meaning every check) covers \p CheckName.
bool nolintCovers(std::string_view ArgumentList, std::string_view CheckName);

} // namespace privateer

#endif // PRIVATEER_ANALYSIS_CHECKS_H
