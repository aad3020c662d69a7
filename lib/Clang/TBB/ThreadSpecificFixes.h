//===- ThreadSpecificFixes.h - TBB fixes: one object per thread -*- C++ -*-===//
//
// Part of privateer. Two rewrites that give each thread an object of its
// own through tbb::enumerable_thread_specific: a container used as scratch
// by an index or element body (one per thread, reused by the thread's work
// items, instead of one allocation per index), and a buffer indexed by
// this_task_arena::current_thread_index() whose slots accumulate sums
// (each thread's `local()`, combined after the call).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_TBB_THREADSPECIFICFIXES_H
#define PRIVATEER_CLANG_TBB_THREADSPECIFICFIXES_H

#include "Constructs.h"

#include "privateer/Clang/ProgrammingModel.h"

namespace privateer {
namespace clangfe {

/// The scratch container \p V (declared by \p DS, used only in \p B, whose
/// move into the body \p BodyFixes has found exact) kept in an
/// enumerable_thread_specific instead: each thread makes one copy as the
/// declaration made it, and each work item takes its thread's copy, made
/// again in place unless \p KeepContents (every element read is written
/// first).
std::vector<clang::FixItHint>
threadSpecificScratch(const clang::VarDecl *V, const clang::DeclStmt *DS,
                      const TBBConstruct &T, const WorkBody &B,
                      const ModelledConstruct &C, bool KeepContents,
                      clang::ASTContext &Ctx, std::string &WhyNot);

/// The edits of a Remedy::Kind::ThreadSpecific finding: slots of a
/// thread-indexed buffer that only accumulate sums.
/// privateer-loop-alloc in a TBB loop: a std::vector or std::string made
/// as (count) or (count, value) in every work item becomes one container
/// per thread, `auto &v = v_ets.local();` refilled in place.
std::vector<clang::FixItHint>
buildThreadSpecificAllocationFix(const Finding &F, const ModelledConstruct &C,
                                 clang::ASTContext &Ctx, std::string &WhyNot);

std::vector<clang::FixItHint> buildThreadSpecificFix(const Finding &F,
                                                     const ModelledConstruct &C,
                                                     clang::ASTContext &Ctx,
                                                     std::string &WhyNot);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_TBB_THREADSPECIFICFIXES_H
