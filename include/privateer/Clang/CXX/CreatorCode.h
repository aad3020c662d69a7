//===- CreatorCode.h - The code that created a task, as a region -*- C++
//-*-===//
//
// Part of privateer. A task runs beside the code that created it until that
// code waits for it. Each programming model finds the statements between
// the task's creation and the wait (OpenMP: up to a 'taskwait' or barrier;
// TBB: up to the task_group's wait()); this models them with the task's
// sharing, so that the core can compare them with the task
// (ParallelRegion::Continuation).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_CXX_CREATORCODE_H
#define PRIVATEER_CLANG_CXX_CREATORCODE_H

#include "privateer/Clang/CXX/ConstructSemantics.h"
#include "privateer/Model/Region.h"

#include "clang/AST/ASTContext.h"
#include "llvm/ADT/ArrayRef.h"

#include <memory>

namespace privateer {
namespace clangfe {

/// The statements \p After (of one block, in order) modelled with the
/// sharing \p Semantics gives the task of \p Shape (Kind Tasks, Construct
/// and Function set), on \p Seed; each access's Section numbers its
/// statement and StatementStarts says where each starts. Null when there
/// is nothing to model.
std::shared_ptr<const ParallelRegion>
modelCreatorCode(clang::ASTContext &Ctx, UnitShape Shape,
                 ConstructSemantics &Semantics, ParallelRegion Seed,
                 llvm::ArrayRef<clang::Stmt *> After);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_CXX_CREATORCODE_H
