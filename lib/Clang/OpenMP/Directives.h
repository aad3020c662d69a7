//===- Directives.h - What an OpenMP directive names ------------*- C++ -*-===//
//
// Part of privateer. The small questions about one OpenMP directive that
// data sharing, nested constructs and the fixes all ask.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_OPENMP_DIRECTIVES_H
#define PRIVATEER_CLANG_OPENMP_DIRECTIVES_H

#include "clang/AST/StmtOpenMP.h"

namespace privateer {
namespace clangfe {

/// The statement under a directive's captured statements; null for a
/// stand-alone directive.
const clang::Stmt *associatedBody(const clang::OMPExecutableDirective *D);

/// The variable an item of a data-sharing clause names (`x`, `a[0:n]`,
/// `s[0]`, a field of `this`).
const clang::ValueDecl *clauseVariable(const clang::Expr *E);

/// Whether an item of one of \p D's clauses names \p V.
bool namedInClause(const clang::OMPExecutableDirective *D,
                   const clang::ValueDecl *V);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_OPENMP_DIRECTIVES_H
