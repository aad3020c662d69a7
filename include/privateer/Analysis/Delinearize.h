//===- Delinearize.h - Row-major indices back to dimensions -----*- C++ -*-===//
//
// Part of privateer. `c[i*m + j]` with `0 <= j < m` touches the same element
// as `c[i'*m + j']` exactly when i == i' and j == j': the flat index is a
// two-dimensional one written row-major. Splitting it back lets the affine
// reasoning prove such pairs disjoint, without a solver.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_ANALYSIS_DELINEARIZE_H
#define PRIVATEER_ANALYSIS_DELINEARIZE_H

#include "privateer/Model/Region.h"

namespace privateer {

/// Rewrites both accesses' indices, splitting every dimension of the form
/// `s*Q + r` (in both) where each remainder r is a loop variable ranging
/// over [0, s-1], or zero, into the two dimensions [Q, r]. The rewritten
/// indices are equal exactly when the original ones are. Returns whether
/// anything was split.
bool delinearize(const ParallelRegion &R, Access &A, Access &B);

} // namespace privateer

#endif // PRIVATEER_ANALYSIS_DELINEARIZE_H
