//===- ValidRun.h - What every run that means anything satisfies -*- C++
//-*-===//
//
// Part of privateer. A certain finding promises that two work items
// really conflict in a run the program can make. Its witness must
// therefore satisfy what the code itself demands of a run: a loop that
// reads `table[i]` on every iteration, where `table` has 180 elements,
// runs at most 180 iterations (one more reads past the array, which no
// run that means anything does). These facts bound the sizes a witness
// may choose; every kind of proof (patterns, the solver, counting) asks
// with them, through ParallelRegion::Facts.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_ANALYSIS_VALIDRUN_H
#define PRIVATEER_ANALYSIS_VALIDRUN_H

#include "privateer/Model/Region.h"

#include <vector>

namespace privateer {

/// The bounds every valid run of \p R keeps: for each access that every
/// work item makes unconditionally, to an array of known extent, at an
/// index affine in one work-item variable, the index at that variable's
/// first and last values lies within the array. Only facts about values
/// the model does not know (a bound `n` read at run time) are returned:
/// one on constants alone either holds or says the program reads out of
/// bounds in every run, which the checks leave to other tools.
std::vector<Condition> validRunFacts(const ParallelRegion &R);

} // namespace privateer

#endif // PRIVATEER_ANALYSIS_VALIDRUN_H
