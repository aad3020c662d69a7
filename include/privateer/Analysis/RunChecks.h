//===- RunChecks.h - Every check of Checks.def over one region --*- C++ -*-===//
//
// Part of privateer. The dispatch every front end shares: one function per
// entry of Checks.def, `run<Id>Check`, defined in the file of its check,
// and runChecks, which calls the enabled ones. Adding a check is one line in
// Checks.def and one file that defines its function.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_ANALYSIS_RUNCHECKS_H
#define PRIVATEER_ANALYSIS_RUNCHECKS_H

#include "privateer/Analysis/Checks.h"
#include "privateer/Analysis/Finding.h"
#include "privateer/Analysis/IndexOracle.h"
#include "privateer/Model/Region.h"

#include <string>
#include <vector>

namespace privateer {

/// What a check may use besides the region: the translation unit's index
/// oracle (its cache and budget are the unit's) and the options.
struct CheckContext {
  IndexOracle &Oracle;
  unsigned CacheLine = 64;
};

#define PRIVATEER_CHECK(Id, Name, Summary)                                     \
  std::vector<Finding> run##Id##Check(const ParallelRegion &R, CheckContext &C);
#include "privateer/Checks.def"

/// Words an unproven finding's message as a possibility ("'a' may be
/// written by ..."), unless it already is one.
void hedge(std::string &Message);

/// The findings of every check \p Enabled allows on \p R, in the order of
/// Checks.def; unproven ones (Finding::May) worded as possibilities.
std::vector<Finding> runChecks(const ParallelRegion &R,
                               const CheckFilter &Enabled, CheckContext &C);

} // namespace privateer

#endif // PRIVATEER_ANALYSIS_RUNCHECKS_H
