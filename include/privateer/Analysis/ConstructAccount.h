//===- ConstructAccount.h - A verdict for every construct -------*- C++ -*-===//
//
// Part of privateer. Silence must say what it means. Every parallel
// construct a front end meets gets one verdict a user can see: proven free
// of every enabled check, reported, held back (a finding the analysis
// could not prove, a question the solver left open, code it calls that
// the unit does not show), or not analysed (a body it cannot see, such as
// a std::function, or a shape no model reads). The rules are here, once;
// each front end only hands over what it met.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_ANALYSIS_CONSTRUCTACCOUNT_H
#define PRIVATEER_ANALYSIS_CONSTRUCTACCOUNT_H

#include "privateer/Model/Region.h"

#include <string>
#include <vector>

namespace privateer {

enum class Outcome {
  ProvenFree,  ///< analysed, and no enabled check found anything
  Reported,    ///< at least one finding is reported (or suppressed by the
               ///< user)
  HeldBack,    ///< what was found or left open is not proven
  NotAnalysed, ///< the construct's code could not be modelled
};

/// One construct's verdict, with the reason for held back and not analysed.
struct ConstructAccount {
  Loc Where;
  /// The construct as the user wrote it (`omp parallel for`).
  std::string Construct;
  Outcome Verdict = Outcome::ProvenFree;
  /// Why it is held back or not analysed, as a clause after "held back:"
  /// (`'hist' may be updated ...: an index loaded from memory`).
  std::string Reason;
};

/// What the checks of one modelled region gave.
struct RegionResults {
  /// Findings reported (shown, proven), or suppressed by the user
  /// (NOLINT): a verdict was given either way.
  unsigned Reported = 0;
  /// Unproven findings held back (report-may off), and the message of the
  /// first.
  unsigned HeldBack = 0;
  std::string FirstHeldBack;
  /// Index questions the solver left undecided for this region.
  unsigned Undecided = 0;
  /// Index questions on values the model cannot read (SolverStats::
  /// Unreadable): no proof either way.
  unsigned Unreadable = 0;
};

/// The verdict of region \p R from \p Results: reported over held back
/// over proven free. A region whose work calls through a std::function or
/// a function pointer is not analysed (what it runs is not seen); one
/// that calls functions whose bodies the unit does not have is held back.
ConstructAccount accountFor(const ParallelRegion &R,
                            const RegionResults &Results);

/// A construct a model met but could not model, and why.
ConstructAccount notAnalysed(Loc Where, std::string Construct, std::string Why);

/// Adds \p A to \p Accounts, one per construct (by place): the second
/// instance of a template, or a region that overlaps another at the same
/// directive, merges into the first, the more telling verdict winning
/// (reported, then held back, then not analysed, then proven free).
void addAccount(std::vector<ConstructAccount> &Accounts, ConstructAccount A);

/// "proven free", "reported", "held back", "not analysed".
const char *describe(Outcome O);

/// How many of \p Accounts have verdict \p O.
unsigned countOf(const std::vector<ConstructAccount> &Accounts, Outcome O);

} // namespace privateer

#endif // PRIVATEER_ANALYSIS_CONSTRUCTACCOUNT_H
