//===- Z3IndexSolver.cpp - Exact index reasoning with z3 ------------------===//
//
// Part of privateer. The oracle's entry points and its budget; with
// Z3IndexSolverEncoding.cpp, Z3IndexSolverQuestions.cpp and
// Z3IndexSolverWitness.cpp the only translation units that include z3++.h
// (lib/Analysis/Z3IndexSolver.h): they are compiled with exceptions because
// z3's C++ API reports errors by throwing, and every such error becomes
// Unknown there.
//
// The question: are there two different work items (values of the work-item
// variables, within their bounds and on their step lattice), each with its
// own inner-loop values within their ranges, whose indices of the two
// accesses are equal in every dimension? Invariant symbols (sizes,
// parameters) take one value for both work items; values loaded from memory
// that differ between work items are not modelled (such pairs stay Unknown).
//
// Every limit is counted in z3's resource units, never in wall time, so
// that a file gets the same findings on a busy machine and an idle one.
// z3 spends units at very different speeds on linear, modular and
// nonlinear arithmetic: each query's kind converts the millisecond options
// into units at the rate measured for that kind.
//
//===----------------------------------------------------------------------===//

#include "Z3IndexSolver.h"

#include <algorithm>
#include <ctime>
#include <sstream>

namespace privateer {

std::string SolverStats::str() const {
  std::ostringstream OS;
  OS << "privateer stats: " << PatternAnswers << " index pairs decided by "
     << "patterns, " << Queries << " solver queries (" << Sat << " sat, "
     << Unsat << " unsat, " << Unknown << " unknown), " << CacheHits
     << " cache hits, " << Skipped << " skipped, " << int(Millis + 0.5)
     << " ms and " << Units << " resource units in the solver";
  return OS.str();
}

namespace {

/// z3 (4.8.12) resource units per millisecond of solver CPU time, by query
/// kind: what turns the millisecond options into resource limits. Measured
/// on the project's 2-core machine, busy with other work as it usually is
/// (benchmarks/solver/run.py --calibrate, and every query of the lit
/// suite's inputs and the stress files replayed alone): checks stopped at
/// their limit spent 1100 to 2300 units/ms on linear queries, about 240 on
/// modular and 390 on nonlinear ones, and a file of nonlinear queries 270
/// with the plugin's own work per query. One rate for all (4000) let a
/// 256-line file of nonlinear indices take 48 s. z3 counts ever more slowly
/// as a check runs on (one modular check: 100k units in 0.6 s, 300k in
/// 7.6 s), so limits stay small.
unsigned unitsPerMs(QueryKind K) {
  switch (K) {
  case QueryKind::Linear:
    return 1000;
  case QueryKind::Modular:
  case QueryKind::NonLinear:
    return 250;
  }
  return 250;
}

} // namespace

unsigned checkLimit(const SolverOptions &Options, QueryKind K) {
  return unsigned(std::min<uint64_t>(
      uint64_t(Options.TimeoutMs) * unitsPerMs(K), UINT32_MAX));
}

void charge(SolverStats &Stats, uint64_t Units, QueryKind K) {
  Stats.Units += Units;
  Stats.ChargedUs += Units * 1000 / unitsPerMs(K);
}

bool overBudget(const SolverOptions &Options, const SolverStats &Stats) {
  return Stats.ChargedUs >=
         uint64_t(Options.BudgetTimeouts) * Options.TimeoutMs * 1000;
}

double cpuMillis() {
  timespec T;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return double(T.tv_sec) * 1e3 + double(T.tv_nsec) / 1e6;
}

z3::solver timerFreeSolver(z3::context &C, QueryKind K) {
  auto T = [&](const char *Name) { return z3::tactic(C, Name); };
  z3::params Context(C);
  Context.set("max_depth", 30u);
  Context.set("max_steps", 5000000u);
  if (K != QueryKind::NonLinear) {
    // qflia: its preamble, then the SMT core without cuts (seed 100).
    z3::params Lhs(C), NoCut(C);
    Lhs.set("arith_lhs", true);
    NoCut.set("arith.branch_cut_ratio", 10000000u);
    NoCut.set("random_seed", 100u);
    return (T("simplify") & T("propagate-values") &
            z3::with(T("ctx-simplify"), Context) & T("simplify") &
            T("solve-eqs") & T("elim-uncnstr") & z3::with(T("simplify"), Lhs) &
            T("propagate-ineqs") & z3::with(T("smt"), NoCut))
        .mk_solver();
  }
  // qfnia: its preamble, then a model among 64-bit values by bit-blasting
  // (500 conflicts at most), then the SMT core.
  z3::params Hoist(C), Width(C), Sat(C), Monomials(C);
  Hoist.set("hoist_mul", true);
  Width.set("nla2bv_max_bv_size", 64u);
  Sat.set("max_conflicts", 500u);
  Sat.set("max_memory", 100u);
  Monomials.set("som", true);
  z3::tactic BitBlasted = z3::with(T("simplify"), Hoist) &
                          z3::with(T("nla2bv"), Width) &
                          z3::with(T("simplify") & T("propagate-values") &
                                       T("bit-blast") & T("sat"),
                                   Sat) &
                          T("fail-if-undecided");
  return (T("simplify") & T("propagate-values") & T("solve-eqs") &
          z3::with(T("ctx-simplify"), Context) & T("simplify") &
          T("elim-uncnstr") &
          (BitBlasted | (z3::with(T("simplify"), Monomials) & T("smt"))))
      .mk_solver();
}

uint64_t unitsSpent(z3::solver &S) {
  z3::stats St = S.statistics();
  for (unsigned I = 0; I < St.size(); ++I)
    if (St.key(I) == "rlimit count")
      return St.is_uint(I) ? St.uint_value(I) : uint64_t(St.double_value(I));
  return 0;
}

Conflict Z3IndexSolver::weighCallerContext(const ParallelRegion &R,
                                           Conflict C) {
  // The sizes and captures a lambda handed to a library's loop template
  // sees are its caller's: the `if`s around the call, and how the call's
  // arguments relate to the captures, are not facts here. A witness that
  // needs chosen values of them may be no run the caller can make.
  if (R.CallerContextUnseen && C.V == Verdict::Collide && C.W &&
      !C.W->Assumptions.empty())
    return unproven(C);
  return C;
}

Conflict Z3IndexSolver::query(const ParallelRegion &R, const Access &A,
                              const Access &B) {
  return weighCallerContext(R, decide(R, A, B));
}

Conflict Z3IndexSolver::decide(const ParallelRegion &R, const Access &A,
                               const Access &B) {
  // What the code states cannot hold at once (`if (nt == 1)` around a
  // team of `num_threads(nt)`): the work items never run in parallel.
  if (R.FactsStated && statedContradict(R)) {
    Conflict None;
    None.V = Verdict::Disjoint;
    return None;
  }
  Conflict Fast = Patterns.query(R, A, B);
  // Branch conditions decide which work items run the accesses, and
  // the facts the code states (an `assume` directive, an assertion)
  // which values they can take: a collision the patterns found may be
  // one no two of them reach.
  bool Conditioned = guarded(R, A) || guarded(R, B);
  bool Guarded =
      Conditioned || (R.FactsStated && !relevantStated(R, A, B).empty());
  // A collision of rows the patterns found may need a stride shorter
  // than a row: the solver tells (needsOverlappingRows).
  if (Fast.V == Verdict::Collide && needsOverlappingRows(R, A, B))
    Fast.V = Verdict::MayCollide;
  if (Fast.V == Verdict::Disjoint || (Fast.V != Verdict::Unknown && !Guarded)) {
    ++Stats.PatternAnswers;
    return Fast;
  }
  // A condition on values the front end could not model (a thread number
  // from a function it cannot see, data) may select one work item: not
  // proven.
  if (Conditioned && (conditionsUnseen(R, A) || conditionsUnseen(R, B)))
    return unproven(Fast);
  // Values loaded from memory that differ per work item are free: the
  // solver would always find them equal. `hist[key[i]]` stays Unknown.
  bool Unaskable = Fast.OpaqueIndex || Fast.OpaqueBound || A.WholeBuffer ||
                   B.WholeBuffer || A.Index.size() != B.Index.size();
  if (Unaskable || Stats.Queries >= Options.MaxQueries ||
      overBudget(Options, Stats)) {
    ++Stats.Skipped;
    Stats.OverBudget += !Unaskable;
    Stats.Unreadable += Unaskable && Fast.V == Verdict::Unknown;
    // (Facts about sizes do not decide what the solver cannot be asked.)
    return Conditioned ? unproven(Fast) : Fast;
  }
  KeyWriter Key(R);
  Key.OS << int(R.Kind) << (R.SectionsAreStages ? "s" : "") << '|';
  for (SymbolId V : R.WorkItemVars)
    Key.symbol(V);
  Key.access(A);
  Key.OS << '|';
  Key.access(B);
  for (const auto *List : {&R.Facts, &R.Stated})
    for (const Condition &F : *List) {
      Key.OS << (List == &R.Facts ? "|f" : "|s") << int(F.Op);
      Key.expr(*F.Lhs);
      Key.OS << ',';
      Key.expr(*F.Rhs);
    }
  std::string K = Key.str();
  if (auto It = Cache.find(K); It != Cache.end()) {
    ++Stats.CacheHits;
    return rename(It->second, R, A);
  }
  ++Stats.Queries;
  double Start = cpuMillis();
  Conflict C = solve(R, A, B);
  if (C.V == Verdict::Collide && needsOverlappingRows(R, A, B))
    C.V = Verdict::MayCollide;
  Stats.Millis += cpuMillis() - Start;
  if (C.V == Verdict::Collide)
    ++Stats.Sat;
  else if (C.V == Verdict::Disjoint)
    ++Stats.Unsat;
  else
    ++Stats.Unknown;
  // A collision the patterns proved that the solver could not check
  // against the stated facts: not proven.
  if (C.V == Verdict::Unknown && !Conditioned && Fast.V != Verdict::Unknown)
    C = unproven(Fast);
  Cache[K] = C;
  return C;
}

Conflict Z3IndexSolver::outnumber(const ParallelRegion &R, const Access &A,
                                  const CountingQuestion &Q) {
  Conflict Fast = IndexOracle::outnumber(R, A, Q);
  if (Fast.V == Verdict::Collide || !Q.Items || !Q.Values) {
    ++Stats.PatternAnswers;
    return weighCallerContext(R, Fast);
  }
  std::vector<Condition> Conditions = Q.Requires;
  Conditions.push_back({Q.Items, Comparison::GT, Q.Values});
  Conditions.push_back({Q.Values, Comparison::GE, Expr::constant(1)});
  Conflict C = satisfy(R, Conditions, Q.Items);
  if (C.V != Verdict::Collide)
    return Conflict(); // counting proves no absence
  C.W->Items = Q.Items;
  C.W->Values = Q.Values;
  return weighCallerContext(R, C);
}

Conflict Z3IndexSolver::satisfy(const ParallelRegion &R,
                                const std::vector<Condition> &Conditions,
                                const ExprRef &Minimize) {
  Conflict Fast = IndexOracle::satisfy(R, Conditions, Minimize);
  if (Fast.V != Verdict::Unknown) {
    ++Stats.PatternAnswers;
    return Fast;
  }
  if (Stats.Queries >= Options.MaxQueries || overBudget(Options, Stats)) {
    ++Stats.Skipped;
    return Fast;
  }
  KeyWriter Key(R);
  Key.OS << "holds|";
  if (Minimize)
    Key.expr(*Minimize);
  for (const std::vector<Condition> *List : {&Conditions, &R.Facts})
    for (const Condition &F : *List) {
      Key.OS << "|f" << int(F.Op);
      Key.expr(*F.Lhs);
      Key.OS << ',';
      Key.expr(*F.Rhs);
    }
  std::string K = Key.str();
  if (auto It = Cache.find(K); It != Cache.end()) {
    ++Stats.CacheHits;
    return It->second;
  }
  ++Stats.Queries;
  double Start = cpuMillis();
  Conflict C = solveConditions(R, Conditions, Minimize);
  Stats.Millis += cpuMillis() - Start;
  if (C.V == Verdict::Collide)
    ++Stats.Sat;
  else if (C.V == Verdict::Disjoint)
    ++Stats.Unsat;
  else
    ++Stats.Unknown;
  Cache[K] = C;
  return C;
}

Conflict Z3IndexSolver::rename(Conflict C, const ParallelRegion &R,
                               const Access &A) {
  if (!C.W)
    return C;
  // The key fixed the symbols' numbering: names come from this region.
  for (size_t K = 0; K < C.W->First.size() && K < R.WorkItemVars.size(); ++K) {
    C.W->First[K].first = R.symbol(R.WorkItemVars[K]).Name;
    C.W->Second[K].first = R.symbol(R.WorkItemVars[K]).Name;
  }
  for (size_t K = 0; K < C.W->Assumptions.size(); ++K)
    if (K < C.W->AssumptionIds.size() &&
        C.W->AssumptionIds[K] < R.Symbols.size())
      C.W->Assumptions[K].first = R.symbol(C.W->AssumptionIds[K]).Name;
  // (A scalar's element is its name: this access's, not the cached one.)
  if (!C.W->Element.empty() && !A.RangeLength &&
      C.W->ElementValues.size() == A.Index.size())
    C.W->Element = renderElement(R, A, &C.W->ElementValues);
  return C;
}

bool Z3IndexSolver::needsOverlappingRows(const ParallelRegion &R,
                                         const Access &A, const Access &B) {
  Access SA = A, SB = B;
  if (!splitRows(R, SA, SB))
    return false;
  Conflict Rows = Patterns.query(R, SA, SB);
  // (solve charges its units to the file's budget; past it, the
  // question stays open and the collision unproven.)
  if (Rows.V == Verdict::Unknown && !Rows.OpaqueIndex && !Rows.OpaqueBound) {
    if (overBudget(Options, Stats))
      return true;
    Rows = solve(R, SA, SB);
  }
  return Rows.V == Verdict::Disjoint;
}

bool Z3IndexSolver::statedContradict(const ParallelRegion &R) {
  KeyWriter Key(R);
  for (const Condition &F : R.Stated) {
    Key.OS << int(F.Op);
    Key.expr(*F.Lhs);
    Key.OS << ',';
    Key.expr(*F.Rhs);
    Key.OS << ';';
  }
  auto [It, New] = Contradictions.try_emplace(Key.str(), false);
  if (!New)
    return It->second;
  z3::context C;
  Encoder E(C, R);
  try {
    z3::expr_vector Facts(C);
    for (const Condition &F : R.Stated)
      Facts.push_back(E.condition(F, 0));
    z3::solver S = timerFreeSolver(C, E.Kind);
    S.add(z3::mk_and(Facts));
    for (const z3::expr &G : E.Constraints)
      S.add(G);
    z3::params P(C);
    P.set("rlimit", checkLimit(Options, E.Kind));
    S.set(P);
    It->second = S.check() == z3::unsat;
    charge(Stats, unitsSpent(S), E.Kind);
  } catch (const z3::exception &) {
  }
  return It->second;
}

std::unique_ptr<IndexOracle> createIndexSolver(const SolverOptions &Options,
                                               SolverStats &Stats) {
  return std::make_unique<Z3IndexSolver>(Options, Stats);
}

} // namespace privateer
