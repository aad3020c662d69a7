//===- Ordering.h - What orders constructs with the code around -*- C++ -*-===//
//
// Part of privateer. A task created in a block runs beside the sibling
// tasks and the code of that block until something waits for it; a
// worksharing loop that ends with 'nowait' runs beside what its team does
// next until a barrier. These are the questions the construct finder asks
// to list what a construct is not ordered with
// (ParallelRegion::UnorderedSiblings, ::Continuation and ::Previous).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_OPENMP_ORDERING_H
#define PRIVATEER_CLANG_OPENMP_ORDERING_H

#include "clang/AST/StmtOpenMP.h"
#include "llvm/ADT/DenseMap.h"

namespace privateer {
namespace clangfe {

/// A plain `task` directive (not taskloop, not target task).
bool isPlainTask(const clang::Stmt *S);

/// A plain task whose 'if' clause is false: undeferred, the creating
/// thread runs it to its end before it goes on.
bool isUndeferredTask(const clang::Stmt *S, const clang::ASTContext &Ctx);

/// Whether a task made inside the constructs \p Enclosing (innermost
/// first) is included: one of them is a task whose 'final' clause is true,
/// so every task it creates, and theirs, runs to its end at once, before
/// the code that created it goes on.
bool inFinalTask(
    llvm::ArrayRef<const clang::OMPExecutableDirective *> Enclosing,
    const clang::ASTContext &Ctx);

/// Whether \p S waits for the sibling task \p T created before it: an
/// undeferred task that 'depend' clauses order after \p T starts only
/// once \p T has finished, and its creator goes on only once it has.
bool waitsForSibling(const clang::Stmt *S,
                     const clang::OMPExecutableDirective *T,
                     const clang::ASTContext &Ctx);

/// Whether \p S may wait for the tasks created before it, or holds a
/// construct whose effect on them is not modelled: a 'taskwait', a
/// barrier, a 'taskgroup', a worksharing or parallel construct. Atomic,
/// critical, flush, masked and nested task directives are not.
bool mayWaitForTasks(const clang::Stmt *S);

/// Whether \p S may hold a barrier of the team or wait in another way: an
/// OpenMP directive other than atomic, critical and flush, or a call of a
/// function whose body is not seen or may (an orphaned barrier). Calls of
/// the C library's math and output functions do not.
bool mayHoldBarrier(const clang::Stmt *S);

/// What callMayHoldBarrier() found for the functions it looked into.
using BarrierMemo = llvm::DenseMap<const clang::FunctionDecl *, bool>;

/// Whether the function \p Call calls may hold a barrier of the team that
/// runs the call: an explicit one, or a worksharing construct without
/// 'nowait', in its body or in what it calls; a call through a pointer, a
/// virtual call or one of a function whose body is not in this file may.
/// The C and C++ libraries' functions, and the bodies of nested teams, hold
/// none.
bool callMayHoldBarrier(const clang::CallExpr *Call,
                        const clang::ASTContext &Ctx, BarrierMemo &Memo);

/// Whether 'depend' clauses of the tasks \p A and \p B order them: both
/// name one object, not both as 'in' (nor both as 'inoutset'), or either
/// names omp_all_memory or a depend object.
bool dependOrders(const clang::OMPExecutableDirective *A,
                  const clang::OMPExecutableDirective *B);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_OPENMP_ORDERING_H
