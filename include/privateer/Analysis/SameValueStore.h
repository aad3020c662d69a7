//===- SameValueStore.h - Races that store one value ------------*- C++ -*-===//
//
// Part of privateer. Every work item storing the same value into one
// variable (`done = 1;`, `lo = bounds[k];` by each thread) is formally a
// data race, undefined behaviour in C and C++, but loses nothing: whichever
// store lands last, the variable holds the value. privateer-same-value-store
// reports such stores apart from privateer-shared-buffer (which then means
// data can be lost or corrupted), so that projects can tell them apart and
// switch them off.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_ANALYSIS_SAMEVALUESTORE_H
#define PRIVATEER_ANALYSIS_SAMEVALUESTORE_H

#include "privateer/Analysis/IndexOracle.h"

#include <optional>

namespace privateer {

/// Two stores of one value by different work items, and what the oracle
/// said of them.
struct SameValueStores {
  const Access *Store = nullptr;
  Conflict C;
};

/// Whether the only race on buffer \p BI of \p R is its unsynchronized
/// plain stores, each of one value that is the same in every work item (a
/// constant, or what every work item reads alike): no work item reads it,
/// updates it or stores another value where another's store could meet it.
std::optional<SameValueStores>
sameValueStores(const ParallelRegion &R, unsigned BI, IndexOracle &Oracle);

} // namespace privateer

#endif // PRIVATEER_ANALYSIS_SAMEVALUESTORE_H
