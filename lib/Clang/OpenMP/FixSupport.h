//===- FixSupport.h - What the fix builders share ---------------*- C++ -*-===//
//
// Part of privateer. Internal to lib/Clang: the text and AST helpers the
// fixes share, and one entry point per kind of fix (each in the file of its
// concept: ClauseFixes, UpdateFixes, SplitFixes, SlotFixes,
// AllocationFixes). Each entry returns the edits, or none with WhyNot set.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_FIXSUPPORT_H
#define PRIVATEER_CLANG_FIXSUPPORT_H

#include "privateer/Analysis/Finding.h"
#include "privateer/Clang/CXX/SizedContainer.h" // spellType
#include "privateer/Clang/Handles.h"

#include "clang/AST/Expr.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace privateer {
namespace clangfe {

/// Whether an edit may touch a location (not a macro expansion, not a
/// system header); sets the reason when it may not.
using WritableFn = llvm::function_ref<bool(clang::SourceLocation)>;

//===-- Shared helpers ----------------------------------------------------===//

/// Where a new clause goes: after the last clause, or after the directive's
/// name. Found by lexing the pragma's tokens, so that a trailing comment or
/// a `\` continuation cannot swallow the edit.
clang::SourceLocation
clauseInsertionPoint(const clang::OMPExecutableDirective *D,
                     clang::ASTContext &Ctx);

/// The variable of a finding's buffer (Finding::Buffer) when the
/// construct refers to it by name in its own code; null otherwise (it is
/// reached only through a called function, or is not a variable).
const clang::VarDecl *
variableNamedInConstruct(const clang::OMPExecutableDirective *D,
                         BufferHandle Buffer);

/// The whole lines of a statement when nothing else shares them, else the
/// statement itself.
clang::CharSourceRange statementLines(clang::SourceLocation Begin,
                                      clang::SourceLocation End,
                                      const clang::SourceManager &SM);

std::string indentOf(clang::SourceLocation L, const clang::SourceManager &SM);

/// The declaration of the heap scratch \p V and its releases (`free(v);`,
/// `delete[] v;`), when those are statements of blocks and every other use
/// of \p V is in \p Loop: then the declaration can move into the region.
std::optional<
    std::pair<const clang::DeclStmt *, std::vector<const clang::Stmt *>>>
scratchStatements(const clang::FunctionDecl *FD, const clang::VarDecl *V,
                  const clang::Stmt *Loop, const clang::SourceManager &SM);

/// Indents every line of \p S two more spaces, for a statement that moves
/// into a new block; lines that \p Hints remove are left alone, and nothing
/// is done when a string literal spans lines (its text would change).
void indentMore(const clang::Stmt *S, const clang::SourceManager &SM,
                std::vector<clang::FixItHint> &Hints);

/// Whether code outside \p FD's own statements can reach \p V: it is not a
/// local of \p FD, or \p FD uses it other than by value, by assignment or
/// (an array) by element, so a pointer or reference to it may escape.
bool mayEscape(const clang::ValueDecl *V, const clang::FunctionDecl *FD);

/// A declaration of the C++ runtime (namespace privateer) by name; null
/// when the file does not include privateer.hpp.
const clang::NamedDecl *inRuntime(clang::ASTContext &Ctx, llvm::StringRef Name);

/// Whether privateer.hpp's class template \p Name is declared.
bool runtimeDeclares(clang::ASTContext &Ctx, llvm::StringRef Name);

/// The line size of the C++ runtime the file includes
/// (`privateer::cache_line` of privateer.hpp, where `privateer::padded` is
/// declared too); 0 without it.
uint64_t runtimeCacheLine(clang::ASTContext &Ctx);

/// Whether \p FD assigns \p V (or changes it in place) anywhere.
bool assignedAfterInit(const clang::VarDecl *V, const clang::FunctionDecl *FD);

/// The loop of a combined `parallel for` over one loop, the only construct
/// the splits rewrite; null (with \p WhyNot) otherwise.
const clang::ForStmt *splittableLoop(const clang::OMPExecutableDirective *D,
                                     std::string &WhyNot);

/// The edit that turns the directive into `#pragma omp parallel` (team
/// clauses), an opening brace, \p Prologue (what each thread declares), and
/// `#pragma omp for` (loop clauses, then \p ForExtra); the text after the
/// clauses, such as a trailing comment, stays. Nothing when the clauses
/// cannot be split.
std::optional<clang::FixItHint>
splitHeader(const clang::OMPExecutableDirective *D, const std::string &Indent,
            const std::string &Prologue, clang::ASTContext &Ctx,
            std::string &WhyNot, const std::string &ForExtra = "");

//===-- One entry point per kind of fix -----------------------------------===//

/// A data-sharing clause added to (or merged into) the directive, spelled
/// from a Privatize or Reduce remedy: private, firstprivate, lastprivate
/// where exact, reduction.
std::vector<clang::FixItHint> addClause(const Remedy &Fix, BufferHandle Buffer,
                                        const clang::OMPExecutableDirective *D,
                                        const clang::FunctionDecl *Function,
                                        clang::ASTContext &Ctx,
                                        std::string &WhyNot,
                                        WritableFn Writable);

/// `#pragma omp atomic` before each update the plan names.
std::vector<clang::FixItHint>
atomicUpdates(const remedy::AtomicUpdates &Fix,
              const clang::OMPExecutableDirective *D, clang::ASTContext &Ctx,
              std::string &WhyNot, WritableFn Writable);

/// `q[n++] = v` with the counter's value taken by `#pragma omp atomic capture`.
std::vector<clang::FixItHint>
atomicCapture(const clang::OMPExecutableDirective *D,
              clang::SourceLocation Target, clang::ASTContext &Ctx,
              std::string &WhyNot, WritableFn Writable);

/// Appends to a shared queue (`q.push_back(v)`, `q[n++] = v`) collected in
/// a buffer per thread and added to the queue in bulk.
std::vector<clang::FixItHint>
localQueue(const remedy::BufferAppends &Fix, BufferHandle Buffer,
           const clang::OMPExecutableDirective *D, clang::ASTContext &Ctx,
           std::string &WhyNot, WritableFn Writable);

/// Heap scratch shared by a `parallel for`: one block per thread.
std::vector<clang::FixItHint>
splitScratch(BufferHandle Buffer, const clang::OMPExecutableDirective *D,
             const clang::FunctionDecl *FD, const std::string &Name,
             clang::ASTContext &Ctx, std::string &WhyNot, WritableFn Writable);

/// An allocation made and freed in every iteration: made once per thread
/// (refilled in each iteration as it was made, unless \p KeepContents: every
/// element read is written first).
std::vector<clang::FixItHint>
splitAllocation(const clang::OMPExecutableDirective *D, const std::string &Name,
                bool KeepContents, clang::ASTContext &Ctx, std::string &WhyNot,
                WritableFn Writable);

/// A thread-indexed slot kept in a local across its hot loop.
std::vector<clang::FixItHint>
localAccumulator(const clang::OMPExecutableDirective *D,
                 const clang::FunctionDecl *FD, clang::SourceLocation Slot,
                 const std::string &Buffer, clang::ASTContext &Ctx,
                 std::string &WhyNot, WritableFn Writable);

/// Every element of a thread-indexed array padded to whole lines.
std::vector<clang::FixItHint>
padElements(BufferHandle Buffer, const clang::OMPExecutableDirective *D,
            const std::string &Name, unsigned Line, clang::ASTContext &Ctx,
            std::string &WhyNot, WritableFn Writable);

/// A task's thread-indexed slot replaced by a buffer leased from a pool.
std::vector<clang::FixItHint>
leaseFromPool(const clang::OMPExecutableDirective *Task,
              const clang::FunctionDecl *FD, const std::string &Buffer,
              clang::ASTContext &Ctx, std::string &WhyNot, WritableFn Writable);

/// A per-thread malloc/calloc made line aligned and line rounded.
std::vector<clang::FixItHint>
alignAllocation(const clang::FunctionDecl *FD, clang::SourceLocation At,
                unsigned Line, clang::ASTContext &Ctx, std::string &WhyNot,
                WritableFn Writable);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_FIXSUPPORT_H
