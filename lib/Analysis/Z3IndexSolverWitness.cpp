//===- Z3IndexSolverWitness.cpp - What a collision's model shows ----------===//
//
// Part of privateer. Turns the model of a collision z3 found into the
// witness the diagnostics show: small values where there are any, 64-bit
// values, the stated facts kept, and whether it is proven or only possible
// (lib/Analysis/Z3IndexSolver.h).
//
//===----------------------------------------------------------------------===//

#include "Z3IndexSolver.h"

#include <set>
#include <utility>

namespace privateer {

bool satisfies(z3::model &M, const z3::expr &What) {
  return z3::eq(M.eval(What, true), What.ctx().bool_val(true));
}

namespace {

/// Sizes are at least 1 (an extent, a count a loop runs over, a
/// leading dimension): a collision only sizes below 1 make is one the
/// program cannot reach as far as the model can tell, and a witness
/// naming such a size is not proven.
/// (\p Boxed: whether the box of small values held a model.)
bool needsNonPositiveSize(Encoder &E, const ParallelRegion &R, z3::solver &S,
                          z3::check_result Boxed, bool Small,
                          const z3::params &Half, z3::model &M,
                          uint64_t &BoxUnits) {
  z3::context &C = E.C;
  bool NeedsNonPositiveSize = false;
  z3::expr_vector Positive(C);
  for (const auto &[Key, V] : E.Vars)
    if (isSize(R.symbol(Key.first)))
      Positive.push_back(V >= 1);
  if (!Small && !Positive.empty()) {
    z3::check_result Sized = z3::unknown;
    // No small witness at all: look for one with large sizes (with the
    // query's own tactics; the SMT core alone gives up on the
    // nonlinear strides of flattened arrays). When the box ran out of
    // units instead, the model found first stands.
    if (Boxed == z3::unsat) {
      uint64_t Before = unitsSpent(S);
      S.push();
      S.add(z3::mk_and(Positive));
      S.set(Half);
      Sized = S.check();
      BoxUnits += unitsSpent(S) - Before;
      if (Sized == z3::sat)
        M = S.get_model();
      S.pop();
    }
    NeedsNonPositiveSize =
        Sized == z3::unsat ||
        (Sized == z3::unknown &&
         !z3::eq(M.eval(z3::mk_and(Positive), true), C.bool_val(true)));
  }
  return NeedsNonPositiveSize;
}

} // namespace

Conflict Z3IndexSolver::collision(Encoder &E, const ParallelRegion &R,
                                  const Access &A, const Access &B,
                                  z3::solver &S, unsigned Limit,
                                  const z3::expr &AllStated,
                                  const std::optional<z3::model> &Unstated,
                                  uint64_t UnstatedUnits, uint64_t &Spent) {
  Conflict Result;
  z3::context &C = E.C;
  // A witness with small positive sizes and early work items reads
  // best: try a box of small values, with half the limit (only for
  // readability), in z3's SMT core alone (no tactic: no timer either),
  // which picks small values where it can.
  z3::model M = S.get_model();
  z3::solver Box(C, z3::solver::simple());
  for (const z3::expr &G : S.assertions())
    Box.add(G);
  for (const auto &[Key, V] : E.Vars) {
    bool Size = R.symbol(Key.first).Kind == SymbolKind::Invariant;
    Box.add(V >= C.int_val(Size ? 1 : -WitnessBox) &&
            V <= C.int_val(WitnessBox));
  }
  z3::params Half(C);
  Half.set("rlimit", Limit / 2);
  Box.set(Half);
  z3::check_result Boxed = Box.check();
  bool Small = Boxed == z3::sat;
  if (Small)
    M = Box.get_model();
  uint64_t BoxUnits = unitsSpent(Box);
  bool NeedsNonPositiveSize =
      needsNonPositiveSize(E, R, S, Boxed, Small, Half, M, BoxUnits);
  Spent = unitsSpent(S) + BoxUnits + UnstatedUnits;
  // Every symbol is a 64-bit integer, z3's are unbounded: a collision
  // that needs an iteration 2^63 after another (`p[-i + INT64_MIN]` and
  // `p[-i]`) is none. Asked only when the model leaves the range, as
  // bounds that large slow nonlinear queries down.
  if (!Small && !fitsInt64(E, M)) {
    S.set(Half);
    S.add(E.int64Domain());
    z3::check_result InRange = S.check();
    Spent = unitsSpent(S) + BoxUnits + UnstatedUnits;
    if (InRange != z3::sat) {
      Result.V = InRange == z3::unsat ? Verdict::Disjoint : Verdict::Unknown;
      return Result;
    }
    M = S.get_model();
  }
  // (Asked without the stated facts, the box and the other searches
  // may leave them: the witness that kept them stands then.)
  if (Unstated && !satisfies(M, AllStated))
    M = *Unstated;
  Result.W = witness(R, A, B, E, M);
  Result.V = needsUnknownValues(R, A, B, *Result.W) || NeedsNonPositiveSize
                 ? Verdict::MayCollide
                 : Verdict::Collide;
  // An access against itself asks the same question both ways round:
  // name the earlier work item first.
  if (sameQuestionBothWays(A, B) && Result.W->Second < Result.W->First)
    std::swap(Result.W->First, Result.W->Second);
  return Result;
}

Witness Z3IndexSolver::witness(const ParallelRegion &R, const Access &A,
                               const Access &B, Encoder &E, z3::model &M) {
  Witness W;
  auto Value = [&](const z3::expr &X) -> std::optional<int64_t> {
    int64_t V = 0;
    if (M.eval(X, true).is_numeral_i64(V))
      return V;
    return std::nullopt;
  };
  for (SymbolId V : R.WorkItemVars) {
    auto V0 = Value(E.symbol(V, 0)), V1 = Value(E.symbol(V, 1));
    if (!V0 || !V1)
      return Witness();
    W.First.push_back({R.symbol(V).Name, *V0});
    W.Second.push_back({R.symbol(V).Name, *V1});
  }
  std::set<SymbolId> Named = elementSymbols(R, A, B);
  for (const auto &[Key, X] : E.Order) {
    const Symbol &Sym = R.symbol(Key);
    if ((Sym.Kind != SymbolKind::Invariant && Sym.Kind != SymbolKind::Opaque) ||
        Sym.Table)
      continue; // loaded values the work items share count too (a
                // table's element is the table's, not an assumption)
    if (!Named.count(Key))
      continue;
    if (auto V = Value(E.Vars.at({Key, X}))) {
      W.Assumptions.push_back({Sym.Name, *V});
      W.AssumptionIds.push_back(Key);
    }
  }
  if (!A.RangeLength) {
    std::vector<int64_t> Values;
    for (const ExprRef &I : A.Index) {
      auto V = Value(E.encode(*I, 0));
      if (!V)
        return W;
      Values.push_back(*V);
    }
    W.ElementValues = Values;
    W.Element = renderElement(R, A, &Values);
  }
  return W;
}

} // namespace privateer
