//===- Split.h - A `parallel for` split in two ------------------*- C++ -*-===//
//
// Part of privateer. Several OpenMP fixes give each thread something of its
// own for the whole loop (a block, a container, a queue buffer, a local
// accumulator): they split a combined `parallel for` into `parallel` (the
// team's clauses), a block that declares what each thread owns, and `for`
// (the loop's clauses).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_OPENMP_SPLIT_H
#define PRIVATEER_CLANG_OPENMP_SPLIT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/Support/Error.h"

#include <string>
#include <utility>
#include <vector>

namespace privateer {
namespace clangfe {

/// The loop of a combined `parallel for` over one loop, the only construct
/// a split rewrites; an error that says so otherwise.
llvm::Expected<const clang::ForStmt *>
splittableLoop(const clang::OMPExecutableDirective *D);

/// The edit that turns the directive into `#pragma omp parallel` (team
/// clauses), an opening brace, \p Prologue (what each thread declares), and
/// `#pragma omp for` (loop clauses, then \p ForExtra); the text after the
/// clauses, such as a trailing comment, stays. An error when the clauses or
/// the loop cannot be split.
llvm::Expected<clang::FixItHint>
splitHeader(const clang::OMPExecutableDirective *D, const std::string &Indent,
            const std::string &Prologue, clang::ASTContext &Ctx,
            const std::string &ForExtra = "");

/// The declaration of the heap scratch \p V and its releases (`free(v);`,
/// `delete[] v;`), when those are statements of blocks and every other use
/// of \p V is in \p Loop: then the declaration can move into the region.
std::optional<
    std::pair<const clang::DeclStmt *, std::vector<const clang::Stmt *>>>
scratchStatements(const clang::FunctionDecl *FD, const clang::VarDecl *V,
                  const clang::Stmt *Loop, const clang::SourceManager &SM);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_OPENMP_SPLIT_H
