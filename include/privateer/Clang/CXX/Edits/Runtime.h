//===- Runtime.h - What the rewritten code calls, spelled once --*- C++ -*-===//
//
// Part of privateer. Fixes of every programming model that use privateer's
// runtime (include/privateer/runtime/: privateer::buffer_pool,
// privateer::padded, privateer_aligned_alloc) or a library class spell it
// here, and only where the unit declares it: a rewrite may use only what
// the file can see.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_CXX_EDITS_RUNTIME_H
#define PRIVATEER_CLANG_CXX_EDITS_RUNTIME_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <optional>
#include <string>

namespace privateer {
namespace clangfe {

/// \p Namespace::\p Name, when the unit declares it (`tbb`,
/// `combinable`; `privateer`, `buffer_pool`); null otherwise.
const clang::NamedDecl *lookupIn(clang::ASTContext &Ctx,
                                 llvm::StringRef Namespace,
                                 llvm::StringRef Name);
inline bool declaresIn(clang::ASTContext &Ctx, llvm::StringRef Namespace,
                       llvm::StringRef Name) {
  return lookupIn(Ctx, Namespace, Name) != nullptr;
}

/// Whether the unit declares a function \p Name at file scope.
bool declaresFunction(clang::ASTContext &Ctx, llvm::StringRef Name);

/// Whether the unit declares the C++ runtime's class template \p Name
/// (privateer.hpp's `buffer_pool`, `padded`).
bool runtimeDeclares(clang::ASTContext &Ctx, llvm::StringRef Name);

/// The line size of the C++ runtime the file includes
/// (`privateer::cache_line`, declared with `privateer::padded`); 0 without
/// it.
uint64_t runtimeCacheLine(clang::ASTContext &Ctx);

//===-- A buffer leased from privateer::buffer_pool ----------------------===//

/// The names a lease introduces: one pool per buffer it replaces, one
/// lease per slot pointer.
struct LeaseNames {
  std::string Pool;
  std::string Lease;
};
LeaseNames leaseNames(llvm::StringRef Buffer, llvm::StringRef Slot);

/// `privateer::buffer_pool<T> privateer_b_pool(n, privateer::unbounded);`:
/// the pool has no bound, since a work item holding a lease can be
/// suspended while its thread runs another that leases too, and with a
/// bound that thread could wait for a release only it can make.
std::string poolDeclaration(llvm::StringRef Element, const LeaseNames &Names,
                            llvm::StringRef Length);
/// `auto privateer_w_lease = privateer_b_pool.acquire();`
std::string leaseDeclaration(const LeaseNames &Names);
/// `privateer_w_lease.data()`: the slot pointer's new value.
std::string leaseData(const LeaseNames &Names);

//===-- Padding and line-aligned allocation -------------------------------===//

/// The type (with a trailing blank) that replaces the element type
/// \p Element of an array padded to lines of \p Line bytes:
/// `privateer::padded<T> ` where the file includes privateer.hpp with that
/// line size, else an unnamed padded struct, which needs no header.
std::string paddedElementType(llvm::StringRef Element, unsigned Line,
                              clang::ASTContext &Ctx);
/// The member of a padded element that holds the value: `.value`.
llvm::StringRef paddedValueMember();

/// The call that replaces `malloc(n)` or `calloc(n, s)` (\p Call) so that
/// it returns whole, line-aligned lines of \p Line bytes:
/// `privateer_aligned_alloc(n)` or `privateer_aligned_calloc(n, s)` where
/// the file includes privateer.h, else `aligned_alloc` with the size
/// rounded up (not for calloc, which must zero the block). None, with
/// \p WhyNot, where neither is declared.
std::optional<std::string> alignedAllocation(const clang::CallExpr *Call,
                                             unsigned Line,
                                             clang::ASTContext &Ctx,
                                             std::string &WhyNot);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_CXX_EDITS_RUNTIME_H
