//===- Z3IndexSolver.h - The z3 oracle's parts ------------------*- C++ -*-===//
//
// Part of privateer. Private to lib/Analysis/Z3IndexSolver*.cpp, the only
// translation units that include z3++.h; they are compiled with exceptions
// because z3's C++ API reports errors by throwing, and every such error
// becomes Unknown there (nothing z3 throws leaves them). Z3IndexSolver.cpp
// holds the oracle's entry points and its budget, Z3IndexSolverEncoding.cpp
// the translation of a question into z3's terms, Z3IndexSolverQuestions.cpp
// the checks, and Z3IndexSolverWitness.cpp what a model says about the
// work items that collide.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_ANALYSIS_Z3INDEXSOLVER_H
#define PRIVATEER_LIB_ANALYSIS_Z3INDEXSOLVER_H

#include "privateer/Analysis/IndexQuestion.h"
#include "privateer/Analysis/IndexSolver.h"

#include <z3++.h>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace privateer {

/// Small values make witnesses readable: sizes and work items are first
/// looked for in this box, then anywhere.
constexpr int64_t WitnessBox = 64;

/// The arithmetic a query contains, which decides how fast z3 spends its
/// resource units on it.
enum class QueryKind {
  Linear,   ///< sums of multiples of variables, min and max
  Modular,  ///< division, remainder and step lattices by constants
  NonLinear ///< products of variables, division by a variable
};

/// The resource limit of one check of a query of kind \p K.
unsigned checkLimit(const SolverOptions &Options, QueryKind K);

/// Counts \p Units spent on a query of kind \p K against the unit's budget.
void charge(SolverStats &Stats, uint64_t Units, QueryKind K);

/// The translation unit's solver budget is spent (its milliseconds counted
/// in resource units, at the rate of each query's kind).
bool overBudget(const SolverOptions &Options, const SolverStats &Stats);

/// CPU time of this thread: what the solver costs, whatever else the
/// machine runs (reported in the stats, never used for a decision).
double cpuMillis();

/// A solver for a query of kind \p K with no wall-clock limit anywhere
/// inside. z3's default solver picks a tactic by logic, and those for
/// integer arithmetic (qflia, qfnia) try strategies for 2 to 15 s of wall
/// time each: on a busy machine they take other paths, and the same file
/// got other findings (acceptance/robust/load-dependent-findings.c). These
/// are the same strategies in the same order, without the timers (the
/// resource limit stops them all).
z3::solver timerFreeSolver(z3::context &C, QueryKind K);

/// Resource units \p S has spent: what the per-unit budget counts, because
/// wall time would make a file's findings depend on the machine's load.
uint64_t unitsSpent(z3::solver &S);

/// Writes a query's expressions as z3's: side 0 is the first access's work
/// item, side 1 the second's. Each symbol becomes a variable per side (one
/// for both where the work items share its value), constrained to its
/// bounds and step lattice the first time it is named.
class Encoder {
public:
  Encoder(z3::context &C, const ParallelRegion &R) : C(C), R(R) {}

  /// Side 0 is the first access's work item, side 1 the second's.
  z3::expr symbol(SymbolId S, int Side);

  /// \p V is the element of \p Table at \p Index (read within its bounds).
  z3::expr tableElement(const z3::expr &V, const std::vector<int64_t> &Table,
                        const Expr &Index, int Side);

  /// Every variable within the range of int64_t.
  z3::expr int64Domain();

  /// The query contains arithmetic of kind \p K.
  void note(QueryKind K) { Kind = std::max(Kind, K); }

  z3::expr encode(const Expr &E, int Side);

  z3::expr condition(const Condition &Cond, int Side);

  /// C's division truncates toward zero; z3's rounds toward minus infinity
  /// for positive divisors.
  z3::expr truncDiv(const z3::expr &A, const z3::expr &B);

  z3::context &C;
  const ParallelRegion &R;
  QueryKind Kind = QueryKind::Linear;
  std::map<std::pair<SymbolId, int>, z3::expr> Vars;
  std::vector<std::pair<SymbolId, int>> Order;
  std::vector<z3::expr> Constraints;
};

/// The question of one query, as constraints: two different work items
/// (for a loop), each access's pinned work item, and equal elements in
/// every dimension (a range access covers start + t, 0 <= t < length).
std::vector<z3::expr> collisionGoal(Encoder &E, const ParallelRegion &R,
                                    const Access &A, const Access &B);

/// The question of one query with what constrains its two work items: the
/// collision (collisionGoal), the branches each work item took to its
/// access, what holds of the team whatever the work item, and what is known
/// of the threads that run them (addThreadFacts).
std::vector<z3::expr> questionGoal(Encoder &E, const ParallelRegion &R,
                                   const Access &A, const Access &B);

/// What is known about the threads that run the two work items. In a loop,
/// iterations on one thread never race: where the thread id appears, the
/// two work items run on different threads. (Facts about the team, such as
/// 0 <= tid < nthreads, num_threads(k) or a guard that selects one thread,
/// are constraints on the ThreadId symbols and belong here.)
void addThreadFacts(Encoder &E, const ParallelRegion &R,
                    std::vector<z3::expr> &Goal);

/// Every variable of \p E has a 64-bit value in \p M.
bool fitsInt64(Encoder &E, z3::model &M);

/// Whether \p What holds in \p M.
bool satisfies(z3::model &M, const z3::expr &What);

/// The oracle createIndexSolver returns: the affine patterns first, z3 for
/// what they leave open, with a cache and the file's budget.
class Z3IndexSolver : public IndexOracle {
public:
  Z3IndexSolver(const SolverOptions &Options, SolverStats &Stats)
      : Options(Options), Stats(Stats) {}

  Conflict query(const ParallelRegion &R, const Access &A,
                 const Access &B) override;

  Conflict outnumber(const ParallelRegion &R, const Access &A,
                     const CountingQuestion &Q) override;

  Conflict satisfy(const ParallelRegion &R,
                   const std::vector<Condition> &Conditions,
                   const ExprRef &Minimize) override;

private:
  /// query's answer before the caller's context is weighed.
  Conflict decide(const ParallelRegion &R, const Access &A, const Access &B);

  /// A collision whose witness chose values for symbols other than the
  /// work-item variables, in a region whose values are a caller's the unit
  /// does not relate (ParallelRegion::CallerContextUnseen): not proven.
  static Conflict weighCallerContext(const ParallelRegion &R, Conflict C);

  /// A cached witness names elements of the region it was found in; the
  /// element is rendered again for this access.
  Conflict rename(Conflict C, const ParallelRegion &R, const Access &A);

  /// Can \p Conditions hold in one work item, with the sizes within their
  /// bounds and the region's facts? Collide with the sizes of such a run,
  /// whose \p Minimize is as small as the solver finds in a few rounds
  /// (`n=17`, not some large n); Disjoint when they cannot.
  Conflict solveConditions(const ParallelRegion &R,
                           const std::vector<Condition> &Conditions,
                           const ExprRef &Minimize);

  /// Makes \p Value smaller in \p M while the solver finds a smaller one
  /// quickly (each round with a tenth of \p Limit); the units spent.
  uint64_t shrink(z3::solver &S, const z3::expr &Value, unsigned Limit,
                  z3::model &M);

  /// Whether two different work items reach elements \p A and \p B have
  /// in common: Collide with a witness, Disjoint, or Unknown (also when z3
  /// fails); its units are charged to the file's budget.
  Conflict solve(const ParallelRegion &R, const Access &A, const Access &B);

  /// solve's question, asked in \p E's context; \p Spent: the units spent
  /// so far (what solve charges, also when z3 throws).
  Conflict decide(Encoder &E, const ParallelRegion &R, const Access &A,
                  const Access &B, uint64_t &Spent);

  /// The collision \p S found (its question is satisfiable, within
  /// \p Limit units), with a witness that reads well: small values where
  /// they exist, 64-bit values, and the stated facts (\p AllStated) kept,
  /// with \p Unstated, the model found without them, as the fallback.
  /// \p Spent: the units spent so far, with \p UnstatedUnits.
  Conflict collision(Encoder &E, const ParallelRegion &R, const Access &A,
                     const Access &B, z3::solver &S, unsigned Limit,
                     const z3::expr &AllStated,
                     const std::optional<z3::model> &Unstated,
                     uint64_t UnstatedUnits, uint64_t &Spent);

  /// Whether the collision of \p A and \p B needs rows that overlap: a
  /// stride shorter than a row (a leading dimension below the row length,
  /// or 0). Real code relates such sizes where the analysis cannot see it
  /// (the caller allocated `lld >= m`): such a collision is not proven.
  bool needsOverlappingRows(const ParallelRegion &R, const Access &A,
                            const Access &B);

  /// Whether the facts \p R states contradict each other (asked once per
  /// set of facts; an undecided answer is no contradiction).
  bool statedContradict(const ParallelRegion &R);

  /// The work items, sizes and element of the collision \p M shows.
  Witness witness(const ParallelRegion &R, const Access &A, const Access &B,
                  Encoder &E, z3::model &M);

  SolverOptions Options;
  SolverStats &Stats;
  AffineIndexOracle Patterns;

  std::map<std::string, Conflict> Cache;
  std::map<std::string, bool> Contradictions;
};

} // namespace privateer

#endif // PRIVATEER_LIB_ANALYSIS_Z3INDEXSOLVER_H
