//===- TaskOrdering.h - What orders a task with code around it --*- C++ -*-===//
//
// Part of privateer. A task created in a block runs beside the sibling
// tasks and the code of that block until something waits for it. These
// are the questions the construct finder asks to list what a task is not
// ordered with (ParallelRegion::UnorderedSiblings and ::Continuation).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_OPENMP_TASKORDERING_H
#define PRIVATEER_CLANG_OPENMP_TASKORDERING_H

#include "clang/AST/StmtOpenMP.h"

namespace privateer {
namespace clangfe {

/// A plain `task` directive (not taskloop, not target task).
bool isPlainTask(const clang::Stmt *S);

/// Whether \p S may wait for the tasks created before it, or holds a
/// construct whose effect on them is not modelled: a 'taskwait', a
/// barrier, a 'taskgroup', a worksharing or parallel construct. Atomic,
/// critical, flush, masked and nested task directives are not.
bool mayWaitForTasks(const clang::Stmt *S);

/// Whether 'depend' clauses of the tasks \p A and \p B order them: both
/// name one object, not both as 'in' (nor both as 'inoutset'), or either
/// names omp_all_memory or a depend object.
bool dependOrders(const clang::OMPExecutableDirective *A,
                  const clang::OMPExecutableDirective *B);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_OPENMP_TASKORDERING_H
