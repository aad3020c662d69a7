//===- DirectiveClauses.h - Clauses added to '!$omp' directives -*- C++ -*-===//
//
// Part of privateer. Where privateer-fortran's fix puts a clause: at the
// end of the directive's code, on its last continuation line (a line whose
// code ends in `&` continues it), before a trailing comment. A clause the
// directive already has (blanks and case aside) is not added again, so a
// second run changes nothing. Texts are bytes: CRLF lines stay CRLF.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_TOOLS_FORTRAN_DIRECTIVECLAUSES_H
#define PRIVATEER_TOOLS_FORTRAN_DIRECTIVECLAUSES_H

#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace privateer {
namespace fortran {

/// Where ` <clause>` is inserted: a byte offset into the file, and its
/// 1-based line and byte column.
struct ClauseInsertion {
  size_t Offset = 0;
  unsigned Line = 0, Column = 0;
};

/// Where \p Clause goes into the '!$omp' directive that starts on 1-based
/// line \p Line of \p Text; none when no directive starts there or it has
/// the clause already.
std::optional<ClauseInsertion>
clauseInsertion(llvm::StringRef Text, unsigned Line, llvm::StringRef Clause);

/// \p Text with the clauses of \p ByLine (the 1-based line a directive
/// starts on, its clauses in order) added, each once. A line where no
/// directive starts is left alone and named in \p Skipped.
std::string
withClauses(llvm::StringRef Text,
            const std::map<unsigned, std::vector<std::string>> &ByLine,
            std::vector<unsigned> &Skipped);

} // namespace fortran
} // namespace privateer

#endif // PRIVATEER_TOOLS_FORTRAN_DIRECTIVECLAUSES_H
