//===- MergedRegion.h - Two constructs' accesses in one region --*- C++ -*-===//
//
// Part of privateer. Races between two constructs that nothing orders (a
// loop and the 'nowait' loop before it, sibling tasks, a task and the code
// that created it) are found by asking the index oracle about one region
// that holds both constructs' accesses.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_ANALYSIS_MERGEDREGION_H
#define PRIVATEER_ANALYSIS_MERGEDREGION_H

#include "privateer/Model/Region.h"

#include <optional>
#include <vector>

namespace privateer {

struct MergedRegion {
  /// \p Into, with \p From's accesses appended.
  ParallelRegion Both;
  /// Indices in Both.Accesses of the accesses that came from \p From.
  std::vector<size_t> Moved;
};

/// \p Into holding also \p From's unsynchronized accesses (no guard, not in
/// a nested task) of the buffers both share. \p From's symbols are renamed
/// into Into's table: invariants of the same name are one value; with
/// \p SameItem, From's work-item variable is Into's (the same iteration runs
/// on the same thread in both); every other induction variable becomes a
/// free variable within its bounds, primed (`i'`).
MergedRegion mergeRegions(const ParallelRegion &Into,
                          const ParallelRegion &From,
                          std::optional<SymbolId> SameItem = std::nullopt);

} // namespace privateer

#endif // PRIVATEER_ANALYSIS_MERGEDREGION_H
