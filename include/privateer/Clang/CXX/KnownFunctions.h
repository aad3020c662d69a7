//===- KnownFunctions.h - Library functions the collector knows -*- C++ -*-===//
//
// Part of privateer. What a call of a known library function means to the
// collector (allocates, frees, locks, returns the thread number or a team
// size); the list itself is data, in KnownFunctions.def.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_CXX_KNOWNFUNCTIONS_H
#define PRIVATEER_CLANG_CXX_KNOWNFUNCTIONS_H

#include "llvm/ADT/StringRef.h"

namespace clang {
class CallExpr;
class NamedDecl;
} // namespace clang

namespace privateer {
namespace clangfe {

/// The roles of a known function; one function can have several.
enum KnownRole : unsigned {
  Allocator = 1u << 0,
  Free = 1u << 1,
  Lock = 1u << 2,
  Unlock = 1u << 3,
  ThreadId = 1u << 4,
  /// A value that identifies the thread once hashed (std::thread::id).
  ThreadIdentity = 1u << 5,
  TeamCount = 1u << 6,
  TeamBound = 1u << 7,
  TeamInvariant = 1u << 8,
  /// The number of threads of the team that runs the call.
  TeamSize = 1u << 9,
  /// At least the number of threads of a team that a construct started
  /// after the call, where it is, creates (without a clause of its own).
  NextTeamBound = 1u << 10,
  /// Sets the size of the teams later constructs create
  /// (omp_set_num_threads).
  TeamSizeSetter = 1u << 11,
  /// Reads or writes a range of memory it is given and keeps no pointer
  /// to it (memset, memcpy).
  MemoryRange = 1u << 12,
};

/// The roles of the function \p Call calls directly; 0 when it is not known
/// (or an indirect call).
unsigned knownRoles(const clang::CallExpr *Call);

/// Whether \p Call calls a known function with one of \p Roles.
inline bool isKnown(const clang::CallExpr *Call, unsigned Roles) {
  return (knownRoles(Call) & Roles) != 0;
}

/// A name of a library function or method that the front end knows, one
/// per line of KnownNames.def; Unlisted for every other name.
enum class KnownName : unsigned {
#define KNOWN_NAME(Id, Spelling, Families) Id,
#include "privateer/Clang/CXX/KnownNames.def"
  Unlisted
};

/// The families of known names: what a set of names has in common.
namespace family {
enum : unsigned {
  /// Changes a container itself (its size or storage), not one element.
  ContainerMutation = 1u << 0,
  /// Adds one element at the end (push_back, emplace_back).
  Appends = 1u << 1,
  /// A reference to one element (at, front, back).
  ElementRef = 1u << 2,
  /// A pointer to the elements (data, get, begin).
  DataPointer = 1u << 3,
  /// Reads what a container holds and changes nothing.
  Observer = 1u << 4,
  /// Leaves nothing of the old contents (clear, assign, reset).
  DiscardsContents = 1u << 5,
  /// Hands an object's storage to another (std::move, swap, exchange).
  HandsOverStorage = 1u << 6,
  /// An atomic builtin or C11/C++ atomic free function (by prefix).
  AtomicBuiltin = 1u << 7,
  MaxFunction = 1u << 8,
  MinFunction = 1u << 9,
  /// oneTBB runs or waits for work (algorithms, run, wait, execute).
  RunsWork = 1u << 10,
  /// The number of threads oneTBB or the hardware offers.
  ConcurrencyQuery = 1u << 11,
};
} // namespace family

/// Which listed name \p Name is.
KnownName knownName(llvm::StringRef Name);
/// The name of \p D (Unlisted without one: an operator, a constructor).
KnownName knownName(const clang::NamedDecl *D);
/// The families of \p Name, from its line and the prefixes it starts with.
unsigned nameFamilies(llvm::StringRef Name);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_CXX_KNOWNFUNCTIONS_H
