//===- Fixes.h - OpenMP's fix builders ---------------------------*- C++
//-*-===//
//
// Part of privateer. One builder per kind of remedy, each with the
// toolkit's signature (lib/Clang/CXX/Edits), chosen in FixBuilder.cpp by a
// switch over the remedy's kind; one file per kind of edit. Each starts
// from the finding's buffer handle and its construct's directive, makes its
// edits through the EditBuilder (which refuses macro expansions, system
// headers, read-only files and types spelled in templates), and declines
// with the reason whenever the edit could change what the program means.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_OPENMP_FIXES_H
#define PRIVATEER_CLANG_OPENMP_FIXES_H

#include "privateer/Clang/CXX/Edits/EditBuilder.h"
#include "privateer/Clang/ProgrammingModel.h"

#include "clang/AST/StmtOpenMP.h"

namespace privateer {
namespace clangfe {
namespace openmpfix {

/// The signature of every fix builder.
using FixResult = llvm::Expected<Edits>;

/// The edits of \p F's fix about the OpenMP construct \p C: the builder of
/// the remedy's kind, chosen by a switch (FixBuilder.cpp).
FixResult buildOpenMPFix(const Finding &F, const ModelledConstruct &C,
                         EditBuilder &E);

// FixBuilder.cpp: the small ones.
FixResult buildRechunk(const Finding &F, const ModelledConstruct &C,
                       EditBuilder &E);
FixResult buildRestoreBarrier(const Finding &F, const ModelledConstruct &C,
                              EditBuilder &E);
FixResult buildWaitForCreatedWork(const Finding &F, const ModelledConstruct &C,
                                  EditBuilder &E);
// ClauseFixes.cpp: private, firstprivate, lastprivate, reduction.
FixResult buildDataSharingClause(const Finding &F, const ModelledConstruct &C,
                                 EditBuilder &E);
// TeamReductionFixes.cpp: a reduction over the whole team's region, for
// a variable every thread reads after the construct as its partial.
FixResult buildTeamReduction(const Finding &F, const ModelledConstruct &C,
                             const remedy::Reduce &Reduce, EditBuilder &E);
/// Whether \p S refers to \p V.
bool namedIn(const clang::VarDecl *V, const clang::Stmt *S);
// UpdateFixes.cpp: `omp atomic`, `omp atomic capture`.
FixResult buildAtomicUpdates(const Finding &F, const ModelledConstruct &C,
                             EditBuilder &E);
FixResult buildCaptureCounter(const Finding &F, const ModelledConstruct &C,
                              EditBuilder &E);
// QueueFixes.cpp: a buffer per thread for a shared queue.
FixResult buildBufferAppends(const Finding &F, const ModelledConstruct &C,
                             EditBuilder &E);
// SplitFixes.cpp: heap scratch made per thread in a split `parallel for`.
FixResult buildScratchPerThread(const Finding &F, const ModelledConstruct &C,
                                EditBuilder &E);
// AllocationFixes.cpp: allocations hoisted into a split, line alignment.
FixResult buildAllocationPerThread(const Finding &F, const ModelledConstruct &C,
                                   EditBuilder &E);
FixResult buildAlignAllocation(const Finding &F, const ModelledConstruct &C,
                               EditBuilder &E);
// SlotFixes.cpp: a thread's slot kept in a local, or padded.
FixResult buildLocalAccumulator(const Finding &F, const ModelledConstruct &C,
                                EditBuilder &E);
FixResult buildPadElements(const Finding &F, const ModelledConstruct &C,
                           EditBuilder &E);
// LeaseFixes.cpp: a task's slot leased from privateer::buffer_pool.
FixResult buildLeaseBuffer(const Finding &F, const ModelledConstruct &C,
                           EditBuilder &E);
// CallBufferFixes.cpp: a thread's slot that the code of a function holds
// across a task scheduling point becomes a buffer per call.
FixResult buildBufferPerCall(const Finding &F, const ModelledConstruct &C,
                             EditBuilder &E);

//===-- What the builders share -------------------------------------------===//

/// The directive of \p C (the dispatcher has checked there is one).
inline const clang::OMPExecutableDirective *
directiveOf(const ModelledConstruct &C) {
  return llvm::cast<clang::OMPExecutableDirective>(C.Construct);
}

/// The variable of the finding's buffer when the construct refers to it by
/// name in its own code; null otherwise (it is reached only through a
/// called function, or is not a variable). The handle is the node itself:
/// an inner variable of the same name is another declaration.
const clang::VarDecl *
variableNamedInConstruct(const clang::OMPExecutableDirective *D,
                         BufferHandle Buffer);

} // namespace openmpfix
} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_OPENMP_FIXES_H
