//===- Pragmas.h - Where a fix writes into an OpenMP directive --*- C++ -*-===//
//
// Part of privateer. Insertion points inside a directive come from its
// tokens, never from its source range: a `#pragma omp` directive's range
// ends after a trailing `// comment` (a clause inserted there would be
// commented out), and a `\` continuation or clauses on several lines must
// keep working.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_OPENMP_PRAGMAS_H
#define PRIVATEER_CLANG_OPENMP_PRAGMAS_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"

namespace privateer {
namespace clangfe {

/// Where a new clause goes: after the last clause, or after the directive's
/// name; invalid when the pragma cannot be lexed as written.
clang::SourceLocation
clauseInsertionPoint(const clang::OMPExecutableDirective *D,
                     clang::ASTContext &Ctx);

/// For a directive written as `_Pragma("omp ...")` in the file itself (not
/// in a macro's body), the end of the string's text, where a clause goes;
/// invalid otherwise.
clang::SourceLocation
pragmaOperatorInsertionPoint(const clang::OMPExecutableDirective *D,
                             clang::ASTContext &Ctx);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_OPENMP_PRAGMAS_H
