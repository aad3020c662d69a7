//===- ASTQueries.h - What a fix asks of the code around it -----*- C++ -*-===//
//
// Part of privateer. The questions about C and C++ code that fixes of every
// programming model ask before they move, rename or replace something:
// where a statement sits, where a variable is declared, every reference to
// it, whether anything changes it (clang::ExprMutationAnalyzer), whether a
// pointer to it can escape, whether a new name is free, and which slot of a
// thread-indexed buffer a pointer takes.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_CXX_EDITS_ASTQUERIES_H
#define PRIVATEER_CLANG_CXX_EDITS_ASTQUERIES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/Stmt.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <string>
#include <vector>

namespace privateer {
namespace clangfe {

/// The statement of a block that \p S is, through the implicit nodes
/// around a full expression (cleanups, implicit casts, temporaries); null
/// when \p S is part of a larger statement. \p Block, when given, is set to
/// that block.
const clang::Stmt *blockStatement(const clang::Stmt *S, clang::ASTContext &Ctx,
                                  const clang::CompoundStmt **Block = nullptr);

/// The statement of \p Block that contains \p S (or is it); null for none.
const clang::Stmt *childContaining(const clang::CompoundStmt *Block,
                                   const clang::Stmt *S,
                                   const clang::SourceManager &SM);

/// The statement that declares \p V; null for none (a parameter, a
/// condition variable).
const clang::DeclStmt *declarationOf(const clang::VarDecl *V,
                                     clang::ASTContext &Ctx);

/// Every reference to \p V in the code of \p S, in the bodies of captured
/// statements (OpenMP regions) and lambdas too; not the copies a capture
/// makes of a name its body uses.
std::vector<const clang::DeclRefExpr *> referencesTo(const clang::ValueDecl *V,
                                                     const clang::Stmt *S);

/// Whether \p S changes \p V: assigns or steps it, binds it to a reference
/// or takes a pointer to it that could change it, calls a member that
/// could (clang::ExprMutationAnalyzer).
bool isMutatedIn(const clang::VarDecl *V, const clang::Stmt *S,
                 clang::ASTContext &Ctx);

/// Whether code other than \p FD's own statements can reach \p V: it is not
/// a plain local of \p FD, or \p FD uses it other than by value, by
/// assignment or (an array) by element, so a pointer or reference to it may
/// escape.
bool mayEscape(const clang::ValueDecl *V, const clang::FunctionDecl *FD);

/// The first parent of \p E that is not a paren, an implicit cast, a
/// temporary or the cleanups of a full expression.
clang::DynTypedNode semanticParent(const clang::Expr *E,
                                   clang::ASTContext &Ctx);

/// Whether \p Name names nothing that \p FD declares or uses, nor anything
/// the unit declares: a new variable of that name can neither shadow nor
/// be shadowed.
bool nameIsFree(llvm::StringRef Name, const clang::FunctionDecl *FD,
                clang::ASTContext &Ctx);

/// Whether \p E is the calling thread's number: a call of the runtime that
/// returns it (isThreadIdCall), or a local variable initialized by one that
/// \p FD never changes, declared in \p Scope when one is given.
bool isThreadNumber(const clang::Expr *E, const clang::FunctionDecl *FD,
                    clang::ASTContext &Ctx, const clang::Stmt *Scope = nullptr);

/// A thread's slot of a buffer, taken as a pointer: `&b[t * n]`,
/// `b + t * n` (b a pointer, an array or a container), `b[t]` or `&b[t][0]`
/// (b a two-dimensional array), t the thread's number.
struct ThreadSlot {
  const clang::VarDecl *Buffer = nullptr;
  /// The slot's length: `n`; null for a row.
  const clang::Expr *Length = nullptr;
  /// The length as written, or the row's extent as the declaration spells
  /// it (a name or a number), else its value.
  std::string LengthText;
};

/// The slot \p Init takes, \p IsThreadNumber telling the thread's number.
std::optional<ThreadSlot>
threadSlotOf(const clang::Expr *Init,
             llvm::function_ref<bool(const clang::Expr *)> IsThreadNumber,
             clang::ASTContext &Ctx);

/// A statement of a block that declares a pointer to a thread's slot of a
/// buffer (`T *w = &buf[omp_get_thread_num() * n];`).
struct SlotDeclaration {
  const clang::DeclStmt *Decl = nullptr;
  const clang::VarDecl *Slot = nullptr;
  ThreadSlot Shape;
};

/// The first statement of \p Body that declares a slot of \p Buf, the
/// thread's number as isThreadNumber(E, FD, Ctx, ThreadScope) tells it.
std::optional<SlotDeclaration>
slotDeclaration(const clang::CompoundStmt *Body, const clang::VarDecl *Buf,
                const clang::FunctionDecl *FD, clang::ASTContext &Ctx,
                const clang::Stmt *ThreadScope = nullptr);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_CXX_EDITS_ASTQUERIES_H
