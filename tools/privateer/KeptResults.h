//===- KeptResults.h - What a run keeps of its units' findings ----*- C++
//-*-===//
//
// Part of privateer. Each finding once (the first unit, in the order the
// files were named, wins), with the edits every output applies: a fix
// whole or not at all, never in a file with compile errors, never
// overlapping an edit already taken; and the writer that applies them.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_TOOLS_KEPTRESULTS_H
#define PRIVATEER_TOOLS_KEPTRESULTS_H

#include "Output.h"
#include "Unit.h"

#include <deque>
#include <map>
#include <string>
#include <vector>

namespace privateer {
namespace cli {

/// Whether edits \p A and \p B touch the same bytes (two insertions at
/// one place overlap, an insertion inside a replacement does).
bool overlaps(const Edit &A, const Edit &B);

/// The edits taken so far, by file and offset: a log of thousands of
/// findings in one file must not compare every edit with every other.
class EditLedger {
public:
  /// Whether \p E may be taken: it is one already taken, or overlaps none.
  bool admits(const Edit &E) const {
    auto F = Files.find(E.Begin.File);
    if (F == Files.end())
      return true;
    const PerFile &P = F->second;
    unsigned From = E.Begin.Offset > P.Longest ? E.Begin.Offset - P.Longest : 0;
    for (auto It = P.ByOffset.lower_bound(From),
              End = P.ByOffset.upper_bound(E.Begin.Offset + E.Length);
         It != End; ++It)
      if (!(*It->second == E) && overlaps(*It->second, E))
        return false;
    return true;
  }
  /// Takes \p E; false when the same edit was taken before.
  bool take(const Edit &E) {
    PerFile &P = Files[E.Begin.File];
    auto Range = P.ByOffset.equal_range(E.Begin.Offset);
    for (auto It = Range.first; It != Range.second; ++It)
      if (*It->second == E)
        return false;
    Taken.push_back(E);
    P.ByOffset.emplace(E.Begin.Offset, &Taken.back());
    P.Longest = std::max(P.Longest, E.Length);
    return true;
  }
  const std::deque<Edit> &edits() const { return Taken; }

private:
  struct PerFile {
    std::multimap<unsigned, const Edit *> ByOffset;
    unsigned Longest = 0;
  };
  std::map<std::string, PerFile> Files;
  std::deque<Edit> Taken;
};

/// Keeps each finding once (the first unit, in the order the files were
/// named, wins) and the edits every output applies: a finding's fix whole
/// or not at all, never in a file with compile errors, never overlapping
/// an edit already taken, and the same edit of a shared header once.
std::vector<Result> keptResults(std::vector<UnitOutcome> &Outcomes,
                                EditLedger &Ledger);

/// Writes \p Edits to their files with the engine's atomic writer; returns
/// the errors.
std::vector<std::string> applyEdits(const std::deque<Edit> &Edits);

} // namespace cli
} // namespace privateer

#endif // PRIVATEER_TOOLS_KEPTRESULTS_H
