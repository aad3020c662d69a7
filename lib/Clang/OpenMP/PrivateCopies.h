//===- PrivateCopies.h - When a private copy keeps the meaning --*- C++ -*-===//
//
// Part of privateer. What the OpenMP data-sharing fixes must know before a
// clause gives each thread its own copy of a variable: that the copy can
// be made, that nothing after the construct needs the value the construct
// left (or that lastprivate leaves it exactly), and that the variable is
// not the counter of a loop that lacks its worksharing directive.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_OPENMP_PRIVATECOPIES_H
#define PRIVATEER_CLANG_OPENMP_PRIVATECOPIES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtOpenMP.h"

namespace privateer {
namespace clangfe {

/// Whether a class can be default-constructed (or, with \p Copy, copied)
/// as an OpenMP private copy is.
bool constructible(const clang::CXXRecordDecl *RD, bool Copy);

/// A `for` loop in \p S (not under a nested directive) whose header
/// assigns \p V (`for (i = 0; ...; i++)`) and whose body writes shared
/// elements indexed by it: a loop that lacks its worksharing directive.
const clang::ForStmt *
unsharedLoopCountedBy(const clang::Stmt *S, const clang::ValueDecl *V,
                      const clang::OMPExecutableDirective *D,
                      const clang::SourceManager &SM);

/// Whether code after the construct \p D in \p FD may read the value \p V
/// has when the construct ends: it names \p V after the construct (or in a
/// loop around it), and for a scalar whose address is never taken, some
/// path of \p FD's control-flow graph from the construct's end reads it
/// before assigning it (`for (i = 0; ...)` in another branch assigns it
/// first: a private copy keeps the program's meaning).
bool usedAfter(const clang::ValueDecl *V,
               const clang::OMPExecutableDirective *D,
               const clang::FunctionDecl *FD, clang::ASTContext &Ctx);

/// Whether every iteration of the worksharing loop \p D that runs to its
/// end assigns \p V in a statement of the loop body itself, before
/// anything that could leave the iteration: then the sequentially last
/// iteration writes the value a sequential run leaves, and `lastprivate`
/// is exact.
bool lastIterationWrites(const clang::OMPExecutableDirective *D,
                         const clang::ValueDecl *V);

/// A nonmonotonic dynamic schedule (the default of `schedule(dynamic)`):
/// LLVM 22's libomp can leave a lastprivate variable unassigned under it
/// (its work stealing loses which thread ran the last iteration).
bool nonmonotonicDynamic(const clang::OMPExecutableDirective *D);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_OPENMP_PRIVATECOPIES_H
