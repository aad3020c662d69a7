//===- Fixes.h - TBB's fix builders -----------------------------*- C++ -*-===//
//
// Part of privateer. TBB code gets rewrites of its own, spelled with TBB's
// classes (never an OpenMP clause): one builder per kind of remedy, each
// with the toolkit's signature (lib/Clang/CXX/Edits), chosen in
// FixBuilder.cpp by a switch over the remedy's kind. Each starts from the
// finding's buffer handle and the call of the TBB algorithm.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_TBB_FIXES_H
#define PRIVATEER_CLANG_TBB_FIXES_H

#include "Constructs.h"

#include "privateer/Clang/CXX/Edits/EditBuilder.h"
#include "privateer/Clang/ProgrammingModel.h"

namespace privateer {
namespace clangfe {
namespace tbbfix {

using FixResult = llvm::Expected<Edits>;

/// The edits of \p F's fix about the TBB construct \p C (FixBuilder.cpp).
FixResult buildTBBFix(const Finding &F, const ModelledConstruct &C,
                      EditBuilder &E);

// FixBuilder.cpp: the group's wait() before the statement that must wait.
FixResult buildGroupWait(const Finding &F, const ModelledConstruct &C,
                         EditBuilder &E);
// BodyFixes.cpp: scratch declared in the body instead.
FixResult buildMoveIntoBody(const Finding &F, const ModelledConstruct &C,
                            EditBuilder &E);
// CombinableFixes.cpp: an accumulation into a tbb::combinable.
FixResult buildCombinable(const Finding &F, const ModelledConstruct &C,
                          EditBuilder &E);
// SlotFixes.cpp: thread-indexed slots summed, one object per thread.
FixResult buildObjectPerThread(const Finding &F, const ModelledConstruct &C,
                               EditBuilder &E);
// AllocationFixes.cpp: a container or new[] block of every work item kept
// per thread.
FixResult buildAllocationPerThread(const Finding &F, const ModelledConstruct &C,
                                   EditBuilder &E);
// LeaseFixes.cpp: a work item's slot leased from privateer::buffer_pool.
FixResult buildLeaseBuffer(const Finding &F, const ModelledConstruct &C,
                           EditBuilder &E);

// ScratchFixes.cpp: the scratch container \p V (declared by \p DS, used
// only in \p B, whose move into the body BodyFixes found exact) kept in an
// enumerable_thread_specific instead: each thread makes one copy as the
// declaration made it, and each work item takes its thread's copy, made
// again in place unless \p KeepContents (every element read is written
// first).
FixResult threadSpecificScratch(const clang::VarDecl *V,
                                const clang::DeclStmt *DS,
                                const TBBConstruct &T, const WorkBody &B,
                                const ModelledConstruct &C, bool KeepContents,
                                EditBuilder &E);

} // namespace tbbfix
} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_TBB_FIXES_H
