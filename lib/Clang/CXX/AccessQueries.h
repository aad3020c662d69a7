//===- AccessQueries.h - What the access walk asks --------------*- C++ -*-===//
//
// Part of privateer. Private to the parts of RegionContext.h that walk a
// work item's code (AccessWalker, SyncTracker, CallFollower, TargetResolver):
// the questions about types and statements more than one of them asks.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_CXX_ACCESSQUERIES_H
#define PRIVATEER_CLANG_CXX_ACCESSQUERIES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace privateer {
namespace clangfe {
namespace accessquery {

/// The name of a record type, without template arguments.
llvm::StringRef recordName(clang::QualType T);

/// A type whose operations synchronize themselves: std::atomic and its
/// kin, and the thread-safe containers.
bool isAtomicType(clang::QualType T);

/// A scoped lock object (std::lock_guard, std::unique_lock, TBB's
/// scoped_lock...).
bool isLockGuardType(clang::QualType T);

/// A condition that tests whether a pointer to a lock is null (`!lk`,
/// `lk == NULL`, `lk`, `lk != nullptr`): the pointer, and whether the
/// condition holds when it is null. Code that runs without a lock only when
/// there is none is the serial path (a caller passes no lock when it runs
/// on one thread).
struct LockPointerTest {
  const clang::Expr *Pointer = nullptr;
  bool HoldsWhenNull = false;
};

/// \p Cond as a test of a lock pointer, or nothing.
std::optional<LockPointerTest> testsLockPointer(const clang::Expr *Cond,
                                                clang::ASTContext &Ctx);

/// +1 for a call that takes a lock, -1 for one that releases it; also
/// under a test that the lock pointer is not null (`if (lk)
/// omp_set_lock(lk);`): without one, the code runs on one thread.
int lockEffect(const clang::Stmt *S, clang::ASTContext &Ctx,
               unsigned Depth = 0);

/// `std::get<K>(t)`: member K of a std::tuple or std::pair t, or element K
/// of a std::array.
struct TupleElement {
  const clang::Expr *Object = nullptr;
  int64_t K = 0;
  bool Member = true;
};

/// \p E as `std::get<K>(t)`, or nothing.
std::optional<TupleElement> tupleElement(const clang::Expr *E);

/// For `if (c) continue;` (or `break`, `return`, or a block that ends in
/// one): c, which the rest of the enclosing block runs only without; null
/// for any other statement.
const clang::Expr *skipsRestOfBlockIf(const clang::Stmt *S);

/// \p FD is declared in a system header (where its name is expanded).
bool isSystemFunction(const clang::FunctionDecl *FD,
                      const clang::SourceManager &SM);

} // namespace accessquery
} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_CXX_ACCESSQUERIES_H
