//===- KnownTypes.h - Library types the front end knows ---------*- C++ -*-===//
//
// Part of privateer. Which library type a declaration names (a lock, an
// atomic, a container, a oneTBB task group), the list itself being data in
// KnownTypes.def, as KnownFunctions.h is for callees.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_CXX_KNOWNTYPES_H
#define PRIVATEER_CLANG_CXX_KNOWNTYPES_H

#include "llvm/ADT/StringRef.h"

namespace clang {
class NamedDecl;
} // namespace clang

namespace privateer {
namespace clangfe {

/// A library type's name the front end knows, one per line of
/// KnownTypes.def; Unlisted for every other name.
enum class KnownType : unsigned {
#define KNOWN_TYPE(Id, Spelling, Families) Id,
#include "privateer/Clang/CXX/KnownTypes.def"
  Unlisted
};

/// The families of known type names: what a set of types has in common.
namespace typefamily {
enum : unsigned {
  /// A C lock object's typedef (omp_lock_t, pthread_mutex_t, mtx_t).
  LockTypedef = 1u << 0,
  /// Holds a lock for its lifetime (std::lock_guard, TBB's scoped_lock).
  LockGuard = 1u << 1,
  /// Synchronizes its own operations (atomics, oneTBB's concurrent_*).
  SelfSynchronizing = 1u << 2,
  /// A standard container whose constructor's count allocates.
  SizedContainer = 1u << 3,
  /// What std::get<K> takes apart (tuple, pair, array).
  TupleLike = 1u << 4,
  /// std::execution::par and par_unseq's types.
  ParallelPolicy = 1u << 5,
  /// oneTBB's task groups and their bases.
  TaskGroup = 1u << 6,
  /// A map whose operator[] inserts a missing key (std::map).
  InsertingSubscript = 1u << 7,
  /// Any of std::execution's policy types (seq, unseq, par, par_unseq).
  ExecutionPolicy = 1u << 8,
  /// oneTBB's blocked_range, blocked_range2d and blocked_range3d.
  BlockedRange = 1u << 9,
  /// Holds its elements in memory of their own, not inside the object
  /// (std::vector, std::unique_ptr; not std::array).
  ElementsApart = 1u << 10,
};
} // namespace typefamily

/// Which listed type \p Name is.
KnownType knownType(llvm::StringRef Name);
/// The name of \p D (Unlisted without an identifier).
KnownType knownType(const clang::NamedDecl *D);
/// The families of \p Name, from its line and the prefixes it starts with.
unsigned typeFamilies(llvm::StringRef Name);
/// The families of \p D's name (0 without an identifier).
unsigned typeFamilies(const clang::NamedDecl *D);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_CXX_KNOWNTYPES_H
