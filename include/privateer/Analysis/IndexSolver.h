//===- IndexSolver.h - Exact index reasoning with z3 ------------*- C++ -*-===//
//
// Part of privateer. The oracle the checks use: the affine patterns answer
// what their shape decides; an SMT solver (z3, isolated in the
// lib/Analysis/Z3IndexSolver*.cpp files) answers the rest exactly, with a
// per-query timeout, a cache and a per-translation-unit budget. A solver error
// or timeout is Unknown, never Disjoint.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_ANALYSIS_INDEXSOLVER_H
#define PRIVATEER_ANALYSIS_INDEXSOLVER_H

#include "privateer/Analysis/IndexOracle.h"

#include <cstdint>
#include <memory>
#include <string>

namespace privateer {

/// Every limit is counted in z3's resource units, converted from
/// milliseconds at the rate measured for each kind of query on the machine
/// the limits were calibrated on, never in wall time: a file's findings are
/// the same on a busy machine and an idle one.
struct SolverOptions {
  /// Time limit of one solver query (each of its checks).
  unsigned TimeoutMs = 100;
  /// Queries allowed for one translation unit; later ones are Unknown.
  unsigned MaxQueries = 2000;
  /// Solver work allowed for one translation unit, as a number of query
  /// time limits (1 s by default: a 256-line file of nonlinear indices
  /// took 48 s before), so that a longer solver-timeout-ms buys more of it.
  unsigned BudgetTimeouts = 10;
};

struct SolverStats {
  unsigned PatternAnswers = 0; ///< decided by the affine patterns
  unsigned Queries = 0;        ///< sent to the solver
  unsigned CacheHits = 0;
  unsigned Sat = 0, Unsat = 0, Unknown = 0;
  unsigned Skipped = 0; ///< over the budget, or opaque indices
  /// Of Skipped, the questions the solver would have been asked but for the
  /// per-file budget: like Unknown, left undecided.
  unsigned OverBudget = 0;
  /// Of Skipped, the questions neither the patterns nor the solver can
  /// read (an index or loop bound only a value the model cannot express
  /// gives): left undecided too, for a reason a longer timeout won't fix.
  unsigned Unreadable = 0;
  /// CPU time spent in the solver (reported, never used: it depends on
  /// the machine).
  double Millis = 0;
  uint64_t Units = 0; ///< z3 resource units spent
  /// What the budget counts: the units of each query converted into
  /// microseconds at the measured rate of the query's kind.
  uint64_t ChargedUs = 0;

  std::string str() const;
};

/// The oracle used by the checks: patterns first, z3 for the rest.
std::unique_ptr<IndexOracle> createIndexSolver(const SolverOptions &Options,
                                               SolverStats &Stats);

} // namespace privateer

#endif // PRIVATEER_ANALYSIS_INDEXSOLVER_H
