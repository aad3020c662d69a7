//===- TaskGroups.h - What orders a task_group's tasks ----------*- C++ -*-===//
//
// Part of privateer. A task that tbb::task_group::run hands over runs
// beside the other tasks of the block and beside the code that ran it until
// that code calls the group's wait(). These are the questions the finder
// asks to list what such a task is not ordered with
// (ParallelRegion::UnorderedSiblings and ::Continuation).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_TBB_TASKGROUPS_H
#define PRIVATEER_CLANG_TBB_TASKGROUPS_H

#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

namespace privateer {
namespace clangfe {

/// Whether \p T is a task group (tbb::task_group, structured_task_group,
/// a class derived from one), through references and pointers.
bool isTaskGroupType(clang::QualType T);

/// The member expression `g.run` (or `p->run`) of a call of run on a task
/// group; null for anything else.
const clang::MemberExpr *groupRunCallee(const clang::CallExpr *Call);

/// Whether \p S may wait for a task group's tasks: it names a task group
/// other than to run a task on it (`g.wait()`, `g.run_and_wait(f)`, the
/// group passed to a function).
bool mayWaitForGroups(const clang::Stmt *S);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_TBB_TASKGROUPS_H
