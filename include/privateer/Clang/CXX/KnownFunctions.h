//===- KnownFunctions.h - Library functions the collector knows -*- C++ -*-===//
//
// Part of privateer. What a call of a known library function means to the
// collector (allocates, frees, locks, returns the thread number or a team
// size); the list itself is data, in KnownFunctions.def.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_CXX_KNOWNFUNCTIONS_H
#define PRIVATEER_CLANG_CXX_KNOWNFUNCTIONS_H

namespace clang {
class CallExpr;
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

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_CXX_KNOWNFUNCTIONS_H
