//===- Report.h - One finding, ready for any front end ----------*- C++ -*-===//
//
// Part of privateer. What the engine hands every Clang front end: the
// finding's words and locations, the exact edits of its fix (or why there
// are none). Front ends only spell it: clang diagnostics, clang-tidy
// diagnostics, SARIF results, replacement files.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_REPORT_H
#define PRIVATEER_CLANG_REPORT_H

#include "privateer/Analysis/Finding.h"

#include "clang/Basic/Diagnostic.h"

#include <string>
#include <vector>

namespace privateer {
namespace clangfe {

struct Report {
  /// Message (without the check name), notes, check, locations.
  Finding F;
  /// The edits of this finding's fix alone, as a diagnostic shows them.
  std::vector<clang::FixItHint> Fixes;
  /// Why there is no fix, when Fixes is empty and one was looked for.
  std::string WhyNoFix;

  /// The note a front end adds when there is no fix; empty when none.
  std::string whyNoFixNote() const {
    return Fixes.empty() && !WhyNoFix.empty() ? "no automatic fix: " + WhyNoFix
                                              : std::string();
  }
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_REPORT_H
