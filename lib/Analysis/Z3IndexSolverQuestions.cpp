//===- Z3IndexSolverQuestions.cpp - The checks the oracle asks z3 ---------===//
//
// Part of privateer. The checks of the z3 oracle: whether two work items
// can reach one element (solve), and whether conditions can hold in one
// work item (solveConditions), each in a fresh context, within a resource
// limit (lib/Analysis/Z3IndexSolver.h).
//
//===----------------------------------------------------------------------===//

#include "Z3IndexSolver.h"

#include <algorithm>

namespace privateer {

Conflict
Z3IndexSolver::solveConditions(const ParallelRegion &R,
                               const std::vector<Condition> &Conditions,
                               const ExprRef &Minimize) {
  Conflict Result;
  z3::context C;
  Encoder E(C, R);
  uint64_t Spent = 0;
  try {
    std::vector<z3::expr> Goal;
    for (const std::vector<Condition> *List : {&Conditions, &R.Facts})
      for (const Condition &F : *List)
        Goal.push_back(E.condition(F, 0));
    std::optional<z3::expr> Small;
    if (Minimize)
      Small = E.encode(*Minimize, 0);
    z3::solver S = timerFreeSolver(C, E.Kind);
    for (const z3::expr &G : Goal)
      S.add(G);
    for (const z3::expr &G : E.Constraints)
      S.add(G);
    S.add(E.int64Domain());
    unsigned Limit = checkLimit(Options, E.Kind);
    z3::params P(C);
    P.set("rlimit", Limit);
    S.set(P);
    z3::check_result First = S.check();
    Spent = unitsSpent(S);
    if (First == z3::unsat)
      Result.V = Verdict::Disjoint;
    if (First != z3::sat) {
      charge(Stats, Spent, E.Kind);
      return Result;
    }
    z3::model M = S.get_model();
    if (Small)
      Spent += shrink(S, *Small, Limit, M);
    Witness W;
    for (const auto &[Key, X] : E.Order) {
      const Symbol &Sym = R.symbol(Key);
      if (Sym.Kind != SymbolKind::Invariant && Sym.Kind != SymbolKind::Opaque)
        continue;
      int64_t V = 0;
      if (M.eval(E.Vars.at({Key, X}), true).is_numeral_i64(V)) {
        W.Assumptions.push_back({Sym.Name, V});
        W.AssumptionIds.push_back(Key);
      }
    }
    Result.V = Verdict::Collide;
    Result.W = std::move(W);
  } catch (const z3::exception &) {
    Result = Conflict();
  }
  charge(Stats, Spent, E.Kind);
  return Result;
}

uint64_t Z3IndexSolver::shrink(z3::solver &S, const z3::expr &Value,
                               unsigned Limit, z3::model &M) {
  z3::solver Small(S.ctx(), z3::solver::simple());
  for (const z3::expr &G : S.assertions())
    Small.add(G);
  z3::params Tenth(S.ctx());
  Tenth.set("rlimit", std::max(1u, Limit / 10));
  Small.set(Tenth);
  uint64_t Spent = 0;
  for (int Round = 0; Round < 6; ++Round) {
    int64_t Count = 0;
    if (!M.eval(Value, true).is_numeral_i64(Count))
      break;
    Small.add(Value < S.ctx().int_val(Count));
    bool Found = Small.check() == z3::sat;
    Spent += unitsSpent(Small);
    if (!Found)
      break;
    M = Small.get_model();
  }
  return Spent;
}

Conflict Z3IndexSolver::solve(const ParallelRegion &R, const Access &A,
                              const Access &B) {
  Conflict Result; // Unknown unless proven otherwise
  // A fresh context per query: the answer and its witness depend on this
  // question alone, not on what the file asked before.
  z3::context C;
  Encoder E(C, R);
  uint64_t Spent = 0;
  try {
    Result = decide(E, R, A, B, Spent);
  } catch (const z3::exception &) {
    Result = Conflict();
  }
  charge(Stats, Spent, E.Kind);
  return Result;
}

Conflict Z3IndexSolver::decide(Encoder &E, const ParallelRegion &R,
                               const Access &A, const Access &B,
                               uint64_t &Spent) {
  Conflict Result;
  z3::context &C = E.C;
  std::vector<z3::expr> Goal = questionGoal(E, R, A, B);
  // What the code states (loops that ran, `assume`, assertions): every
  // witness satisfies it.
  z3::expr_vector Stated(C);
  for (const Condition *Fact : relevantStated(R, A, B))
    for (int Side = 0; Side < 2; ++Side)
      Stated.push_back(E.condition(*Fact, Side));
  z3::expr AllStated = z3::mk_and(Stated);
  auto MakeSolver = [&](bool WithStated) {
    z3::solver X = timerFreeSolver(C, E.Kind);
    for (const z3::expr &G : Goal)
      X.add(G);
    if (WithStated)
      for (const z3::expr &G : Stated)
        X.add(G);
    for (const z3::expr &G : E.Constraints)
      X.add(G);
    return X;
  };
  z3::solver S = MakeSolver(true);

  // A deterministic resource limit rather than z3's wall-clock timeout:
  // the same code gets the same diagnostics on every machine, and z3
  // 4.8's timer thread can deadlock on short timeouts.
  unsigned Limit = checkLimit(Options, E.Kind);
  z3::params P(C);
  P.set("rlimit", Limit);
  S.set(P);
  z3::check_result First = S.check();
  Spent = unitsSpent(S);
  // Stated facts can slow down a question decided without them: asked
  // again without them, a witness that satisfies them stands (and one
  // that does not is no proof).
  std::optional<z3::model> Unstated;
  uint64_t UnstatedUnits = 0;
  if (First == z3::unknown && !Stated.empty()) {
    z3::solver Without = MakeSolver(false);
    Without.set(P);
    First = Without.check();
    UnstatedUnits = unitsSpent(Without);
    if (First == z3::sat) {
      z3::model X = Without.get_model();
      if (!satisfies(X, AllStated)) {
        Result.V = Verdict::MayCollide;
        Spent += UnstatedUnits;
        return Result;
      }
      Unstated = X;
      S = Without;
    }
  }
  Spent = unitsSpent(S) + UnstatedUnits;
  if (First == z3::unsat)
    Result.V = Verdict::Disjoint;
  if (First != z3::sat)
    return Result;
  return collision(E, R, A, B, S, Limit, AllStated, Unstated, UnstatedUnits,
                   Spent);
}

} // namespace privateer
