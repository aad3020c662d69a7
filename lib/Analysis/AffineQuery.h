//===- AffineQuery.h - One question of the affine patterns ------*- C++ -*-===//
//
// Part of privateer. Private to lib/Analysis/AffineIndexOracle*.cpp: one
// index pair asked of the patterns (AffineIndexOracle.cpp runs it, the
// affine test's equations are in AffineIndexOracleEquations.cpp, accesses
// pinned to one work item in AffineIndexOraclePinned.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_ANALYSIS_AFFINEQUERY_H
#define PRIVATEER_LIB_ANALYSIS_AFFINEQUERY_H

#include "privateer/Analysis/IndexOracle.h"
#include "privateer/Model/Region.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace privateer {
namespace affine {

bool isKind(const ParallelRegion &R, SymbolId S, SymbolKind K);

std::optional<int64_t> constantOf(const ExprRef &E);

/// The equations of the affine test, one per dimension that gives one:
/// the work-item coefficients of that dimension and the difference of its
/// two constants. Kept apart from the solving, which reads them whole.
struct AffineSystem {
  std::vector<std::vector<__int128>> Rows;
  std::vector<int64_t> Deltas;
  /// Whether every dimension gave an equation or matches trivially: only
  /// then is a solution of the equations a collision of the accesses.
  bool AllDimsUsable = true;
};

class Query {
public:
  Query(const ParallelRegion &R, const Access &A, const Access &B)
      : R(R), A(A), B(B) {}

  Conflict run();

private:
  Conflict runUnfilled();
  const ParallelRegion &R;
  const Access &A, &B;

  Conflict independent();
  Conflict pinned();
  /// pinned() where the free access touches the same elements in every
  /// work item: the pinned one meets every other work item there.
  Conflict pinnedAgainstSameElements(bool FirstPinned, const Access &Fixed);
  /// pinned() where the free access moves with its work item: the one work
  /// item (a constant) whose elements are the pinned one's, if any.
  Conflict pinnedAgainstMoving(bool FirstPinned, const Access &Free,
                               const Access &Fixed);
  /// The affine test, split by phase: the equations, then their solution.
  Conflict affine();
  /// Adds dimension \p D's equation to \p Sys; returns a verdict instead
  /// when that dimension alone decides the pair (or overflows).
  std::optional<Conflict> addEquation(size_t D, AffineSystem &Sys);
  /// Solves the equations: the same item only (Disjoint), a work-item
  /// variable that no index mentions, or one distance.
  Conflict solveAffine(const AffineSystem &Sys);
  /// A collision between items that differ only in a work-item variable no
  /// index mentions; nothing when every variable is mentioned.
  std::optional<Conflict> unusedItemCollision(const AffineSystem &Sys);
  /// One work-item variable: the distance every dimension agrees on, and
  /// whether two items that far apart exist within constant bounds.
  Conflict affineDistance(const AffineSystem &Sys, bool ConstantBounds);
  Conflict enumerate();
  Witness witnessFor(int64_t FirstItemOffset, int64_t SecondItemOffset);
  bool mentionsOpaqueDependent(const Access &X) const;
};

} // namespace affine
} // namespace privateer

#endif // PRIVATEER_LIB_ANALYSIS_AFFINEQUERY_H
