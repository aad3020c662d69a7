//===- IndexSolverTest.cpp - The z3-backed oracle on a table of pairs -----===//
//
// Each row is an index pair of `for (i = lo; i <= hi; i += step)` whose
// answer is known; every collision's witness is checked by evaluating both
// indices with its values.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/IndexSolver.h"
#include "RegionBuilderForTest.h"

#include <gtest/gtest.h>

using namespace privateer;
using namespace privateer::test;

namespace {

struct Row {
  const char *Name;
  Verdict Expected;
};

/// A loop `for (i = 0; i < n; i++)` with an invariant n and m, an inner
/// loop j in [0, m-1], and buffer `a`.
struct Loop {
  TestRegion T;
  SymbolId I, N, M, J;
  unsigned A;
  SolverStats Stats;
  std::unique_ptr<IndexOracle> Oracle;

  Loop() {
    N = T.symbol("n", SymbolKind::Invariant);
    M = T.symbol("m", SymbolKind::Invariant);
    I = T.workItem("i", c(0), sub(s(N), c(1)));
    J = T.symbol("j", SymbolKind::InnerLoop, c(0), sub(s(M), c(1)));
    A = T.buffer("a");
    Oracle = createIndexSolver(SolverOptions(), Stats);
  }

  Conflict ask(std::vector<ExprRef> X, std::vector<ExprRef> Y) {
    T.access(A, AccessKind::Write, std::move(X));
    T.access(A, AccessKind::Read, std::move(Y));
    auto &Acc = T.R.Accesses;
    Conflict C = Oracle->query(T.R, Acc[Acc.size() - 2], Acc.back());
    if (C.V == Verdict::Collide && C.W)
      checkWitness(C, Acc[Acc.size() - 2], Acc.back());
    return C;
  }

  /// Both indices must be equal under the witness's values (for indices
  /// without inner-loop variables, which the witness does not name).
  void checkWitness(const Conflict &C, const Access &X, const Access &Y) {
    auto Values =
        [&](const std::vector<std::pair<std::string, int64_t>> &Item) {
          return [&, Item](SymbolId S) -> std::optional<int64_t> {
            const std::string &Name = T.R.symbol(S).Name;
            for (auto &[K, V] : Item)
              if (K == Name)
                return V;
            for (auto &[K, V] : C.W->Assumptions)
              if (K == Name)
                return V;
            return std::nullopt;
          };
        };
    ASSERT_EQ(C.W->First.size(), 1u);
    EXPECT_NE(C.W->First[0].second, C.W->Second[0].second);
    for (size_t D = 0; D < X.Index.size(); ++D) {
      auto VX = evaluate(*X.Index[D], Values(C.W->First));
      auto VY = evaluate(*Y.Index[D], Values(C.W->Second));
      if (!VX || !VY)
        continue; // an inner-loop variable: not part of the witness
      EXPECT_EQ(*VX, *VY) << "dimension " << D;
    }
  }
};

} // namespace

TEST(IndexSolver, RowMajorIsDisjointWithoutTheSolver) {
  Loop L;
  auto E = add(mul(s(L.I), s(L.M)), s(L.J));
  EXPECT_EQ(L.ask({E}, {E}).V, Verdict::Disjoint);
  EXPECT_EQ(L.Stats.Queries, 0u);
}

TEST(IndexSolver, ReversalCollidesWithAWitness) {
  Loop L;
  auto C = L.ask({s(L.I)}, {sub(sub(s(L.N), c(1)), s(L.I))});
  ASSERT_EQ(C.V, Verdict::Collide);
  ASSERT_TRUE(C.W);
  EXPECT_FALSE(C.W->Assumptions.empty()); // a value of n
  EXPECT_EQ(L.Stats.Queries, 1u);
}

TEST(IndexSolver, MirroredHalvesAreDisjoint) {
  // for (i = 0; i < n/2; i++): a[i] and a[n-1-i] never meet.
  TestRegion T;
  SymbolId N = T.symbol("n", SymbolKind::Invariant);
  SymbolId I = T.workItem("i", c(0), sub(divide(s(N), c(2)), c(1)));
  unsigned A = T.buffer("a");
  T.access(A, AccessKind::Write, {s(I)});
  T.access(A, AccessKind::Write, {sub(sub(s(N), c(1)), s(I))});
  SolverStats Stats;
  auto O = createIndexSolver(SolverOptions(), Stats);
  EXPECT_EQ(O->query(T.R, T.R.Accesses[0], T.R.Accesses[1]).V,
            Verdict::Disjoint);
  EXPECT_EQ(O->query(T.R, T.R.Accesses[1], T.R.Accesses[1]).V,
            Verdict::Disjoint);
}

TEST(IndexSolver, OverlappingRowsCollide) {
  Loop L;
  SymbolId K = L.T.symbol("k", SymbolKind::InnerLoop, c(0), s(L.M));
  auto E = add(mul(s(L.I), s(L.M)), s(K));
  EXPECT_EQ(L.ask({E}, {E}).V, Verdict::Collide);
}

TEST(IndexSolver, ModuloBySymbolWrapsAround) {
  Loop L;
  auto C = L.ask({mod(s(L.I), s(L.M))}, {mod(s(L.I), s(L.M))});
  ASSERT_EQ(C.V, Verdict::Collide);
  // i1 % m == i2 % m with i1 != i2 needs n > m.
  int64_t NV = 0, MV = 0;
  for (auto &[K, V] : C.W->Assumptions)
    (K == "n" ? NV : MV) = V;
  EXPECT_GT(NV, MV);
}

TEST(IndexSolver, NegativeStepsKeepTheLattice) {
  // for (i = n - 1; i >= 0; i -= 2): a[i] and a[i - 1] never meet.
  TestRegion T;
  SymbolId N = T.symbol("n", SymbolKind::Invariant);
  SymbolId I = T.workItem("i", c(0), sub(s(N), c(1)), 2);
  unsigned A = T.buffer("a");
  T.access(A, AccessKind::Write, {s(I)});
  T.access(A, AccessKind::Write, {sub(s(I), c(1))});
  SolverStats Stats;
  auto O = createIndexSolver(SolverOptions(), Stats);
  EXPECT_EQ(O->query(T.R, T.R.Accesses[0], T.R.Accesses[1]).V,
            Verdict::Disjoint);
}

TEST(IndexSolver, TruncatingDivisionOfNegatives) {
  // i in [-3, 3]: i / 2 in C truncates, so -1/2 == 0 == 1/2: a collision
  // that floor division (-1 vs 0) would place differently.
  TestRegion T;
  SymbolId I = T.workItem("i", c(-3), c(3));
  unsigned A = T.buffer("a");
  SymbolId Off = T.symbol("off", SymbolKind::Invariant);
  T.access(A, AccessKind::Write, {add(divide(s(I), c(2)), s(Off))});
  SolverStats Stats;
  auto O = createIndexSolver(SolverOptions(), Stats);
  auto C = O->query(T.R, T.R.Accesses[0], T.R.Accesses[0]);
  ASSERT_EQ(C.V, Verdict::Collide);
}

TEST(IndexSolver, IndirectIndicesAreNeverSentToTheSolver) {
  Loop L;
  SymbolId K = L.T.symbol("key[i]", SymbolKind::Opaque);
  auto C = L.ask({s(K)}, {s(K)});
  EXPECT_EQ(C.V, Verdict::Unknown);
  EXPECT_TRUE(C.OpaqueIndex);
  EXPECT_EQ(L.Stats.Queries, 0u);
}

TEST(IndexSolver, RepeatedQuestionsHitTheCache) {
  Loop L;
  auto E = sub(sub(s(L.N), c(1)), s(L.I));
  L.ask({s(L.I)}, {E});
  L.ask({s(L.I)}, {E});
  EXPECT_EQ(L.Stats.Queries, 1u);
  EXPECT_EQ(L.Stats.CacheHits, 1u);
}

TEST(IndexSolver, BudgetExhaustionIsUnknownNotDisjoint) {
  TestRegion T;
  SymbolId N = T.symbol("n", SymbolKind::Invariant);
  SymbolId I = T.workItem("i", c(0), sub(s(N), c(1)));
  unsigned A = T.buffer("a");
  T.access(A, AccessKind::Write, {s(I)});
  T.access(A, AccessKind::Read, {sub(sub(s(N), c(1)), s(I))});
  SolverOptions NoQueries;
  NoQueries.MaxQueries = 0;
  SolverStats Stats;
  auto O = createIndexSolver(NoQueries, Stats);
  EXPECT_EQ(O->query(T.R, T.R.Accesses[0], T.R.Accesses[1]).V,
            Verdict::Unknown);
  EXPECT_EQ(Stats.Skipped, 1u);
}

TEST(IndexSolver, StatsAreReadable) {
  SolverStats S;
  S.Queries = 3;
  S.Unsat = 2;
  S.Sat = 1;
  EXPECT_NE(S.str().find("3 solver queries (1 sat, 2 unsat, 0 unknown)"),
            std::string::npos);
}
