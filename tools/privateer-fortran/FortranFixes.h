//===- FortranFixes.h - privateer-fortran's fixes, written or logged -*- C++
//-*-===//
//
// Part of privateer. The exact fixes of the findings kept from every file:
// as SARIF edits (the clauses one directive gets are one insertion, owned
// by its first finding, as the C CLI merges the edits of one construct)
// and, with --fix, written into the sources through the writer every front
// end shares (links, owner, permissions, read-only files, CRLF lines).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_TOOLS_FORTRAN_FORTRANFIXES_H
#define PRIVATEER_TOOLS_FORTRAN_FORTRANFIXES_H

#include "ModuleAnalysis.h"
#include "SourceTexts.h"

#include "llvm/ADT/ArrayRef.h"

#include <set>
#include <string>
#include <vector>

namespace privateer {
namespace fortran {

/// Gives each directive's insertion of clauses to the first of \p Findings
/// (in their order) that adds one there, as its Result's edit; and each
/// edit that orders constructs (a taskwait, a barrier, a nowait removed) to
/// the first finding that makes it.
void assignClauseEdits(std::vector<FortranFinding> &Findings,
                       SourceTexts &Texts);

/// Adds the clauses of \p Findings to their directives in the files, as
/// read when they were analysed, and makes the edits that order constructs. The
/// files written go to \p Written; the errors (a file that is read-only, owned
/// by another user, changed since
/// ...) are returned, one per file.
std::vector<std::string> writeClauses(llvm::ArrayRef<FortranFinding> Findings,
                                      SourceTexts &Texts,
                                      std::set<std::string> &Written);

} // namespace fortran
} // namespace privateer

#endif // PRIVATEER_TOOLS_FORTRAN_FORTRANFIXES_H
