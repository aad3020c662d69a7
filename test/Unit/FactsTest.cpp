//===- FactsTest.cpp - Facts the code states, and loops that ran ----------===//
//
// Stated conditions read from their text (Fortran and C spellings), the
// trip-count facts of a region's loops, and the solver holding a witness
// to a stated fact.
//
//===----------------------------------------------------------------------===//

#include "privateer/Model/Facts.h"
#include "RegionBuilderForTest.h"
#include "privateer/Analysis/IndexSolver.h"

#include <gtest/gtest.h>

#include <cctype>

using namespace privateer;
using namespace privateer::test;

namespace {

struct Named {
  TestRegion T;
  SymbolId N = T.symbol("n", SymbolKind::Invariant);
  SymbolId M = T.symbol("m", SymbolKind::Invariant);

  /// Names as Fortran has them: blind to case.
  std::function<ExprRef(std::string_view)> lookup() {
    return [this](std::string_view Name) -> ExprRef {
      std::string Lower;
      for (char X : Name)
        Lower += char(std::tolower((unsigned char)X));
      for (SymbolId S = 0; S < T.R.Symbols.size(); ++S)
        if (T.R.symbol(S).Name == Lower)
          return Expr::symbol(S);
      return nullptr;
    };
  }
  std::vector<Condition> read(std::string_view Text, bool &Parsed) {
    std::vector<Condition> Out;
    Parsed = parseStatedCondition(Text, lookup(), Out);
    return Out;
  }
  std::string print(const Condition &C) {
    static const char *Ops[] = {"==", "!=", "<", "<=", ">", ">="};
    return T.R.print(*C.Lhs) + " " + Ops[int(C.Op)] + " " + T.R.print(*C.Rhs);
  }
};

TEST(StatedCondition, FortranAndCSpellings) {
  Named X;
  bool Parsed = false;
  auto Cs = X.read("m .LT. n .and. m >= 1", Parsed);
  ASSERT_TRUE(Parsed);
  ASSERT_EQ(Cs.size(), 2u);
  EXPECT_EQ(X.print(Cs[0]), "m < n");
  EXPECT_EQ(X.print(Cs[1]), "m >= 1");
  Cs = X.read("2*m + 1 <= n && n != m", Parsed);
  ASSERT_TRUE(Parsed);
  ASSERT_EQ(Cs.size(), 2u);
  EXPECT_EQ(X.print(Cs[1]), "n != m");
  Cs = X.read("mod(n, 4) == 0 .and. N /= M", Parsed);
  ASSERT_TRUE(Parsed);
  EXPECT_EQ(Cs.size(), 2u);
}

TEST(StatedCondition, UnknownNamesDropTheirConjunct) {
  Named X;
  bool Parsed = false;
  auto Cs = X.read("m < n .and. lld >= m", Parsed);
  ASSERT_TRUE(Parsed);
  ASSERT_EQ(Cs.size(), 1u);
  EXPECT_EQ(X.print(Cs[0]), "m < n");
}

TEST(StatedCondition, ElementsAreLookedUpAsOneName) {
  Named X;
  X.T.symbol("step(work(1))", SymbolKind::Opaque);
  bool Parsed = false;
  // Blind to case and blanks, nested subscripts included.
  auto Cs = X.read("STEP( WORK(1) ) .EQ. N .and. m < f(n)", Parsed);
  ASSERT_TRUE(Parsed);
  // f(n) is no value the region names: its conjunct goes.
  ASSERT_EQ(Cs.size(), 1u);
  EXPECT_EQ(X.print(Cs[0]), "step(work(1)) == n");
}

TEST(StatedCondition, WhatItCannotReadAddsNothing) {
  Named X;
  for (const char *Text : {"m < n .or. n < 4", ".not. (m < n)", "m < f(n",
                           "m <", "s%n > 1", "m < n)", "m"}) {
    bool Parsed = true;
    auto Cs = X.read(Text, Parsed);
    EXPECT_FALSE(Parsed) << Text;
    EXPECT_TRUE(Cs.empty()) << Text;
  }
}

TEST(LoopTripFacts, LoopsThatRan) {
  TestRegion T;
  SymbolId N = T.symbol("n", SymbolKind::Invariant);
  SymbolId Lo = T.symbol("lo", SymbolKind::Invariant);
  T.symbol("it", SymbolKind::Invariant, s(Lo), s(N));
  T.symbol("step", SymbolKind::Invariant, c(0), c(3));
  T.symbol("k", SymbolKind::InnerLoop, c(1), s(N));
  T.workItem("i", c(1), s(N));
  addLoopTripFacts(T.R);
  // The loop around the construct ran (a constant one needs no fact); the
  // inner loop ran only inside itself, and the distributed loop's bounds
  // are in every question already.
  ASSERT_EQ(T.R.Stated.size(), 1u);
  EXPECT_EQ(T.R.print(*T.R.Stated[0].Lhs), "n");
  EXPECT_EQ(T.R.Stated[0].Op, Comparison::GE);
  EXPECT_EQ(T.R.print(*T.R.Stated[0].Rhs), "lo");
  EXPECT_FALSE(T.R.FactsStated);
}

// A loop from b to b + 15 (a block of 16 rows from a start the code
// computes) states nothing: no fact that holds whatever the values reaches
// the solver, where divisions in b would cost it its time.
TEST(LoopTripFacts, TautologiesAreNotStated) {
  TestRegion T;
  SymbolId N = T.symbol("n", SymbolKind::Invariant);
  SymbolId J = T.symbol("j", SymbolKind::Invariant);
  ExprRef Start = Expr::binary(ExprKind::Mul, c(16),
                               Expr::binary(ExprKind::Div, s(J), s(N)));
  T.symbol("r", SymbolKind::Invariant, Start, sub(add(Start, c(16)), c(1)));
  T.workItem("i", c(0), s(N));
  addLoopTripFacts(T.R);
  EXPECT_TRUE(T.R.Stated.empty());
  // A stated one the same way: `n + 1 > n` says nothing, `n > n` does.
  addStatedFact(T.R, {add(s(N), c(1)), Comparison::GT, s(N)});
  EXPECT_TRUE(T.R.Stated.empty());
  addStatedFact(T.R, {s(N), Comparison::GT, s(N)});
  EXPECT_EQ(T.R.Stated.size(), 1u);
}

// `a[i] = ...; ... = a[i + k]` collides for k = 1, and the patterns prove
// it; a stated `k > n` leaves no two iterations of 0..n-1 that meet.
TEST(StatedFacts, TheSolverHoldsTheWitnessToThem) {
  TestRegion T;
  SymbolId N = T.symbol("n", SymbolKind::Invariant);
  SymbolId K = T.symbol("k", SymbolKind::Invariant);
  T.workItem("i", c(0), sub(s(N), c(1)));
  unsigned A = T.buffer("a");
  T.access(A, AccessKind::Write, {s(T.R.WorkItemVars[0])});
  T.access(A, AccessKind::Read, {add(s(T.R.WorkItemVars[0]), s(K))});
  SolverStats Stats;
  auto Oracle = createIndexSolver(SolverOptions(), Stats);
  Conflict Before = Oracle->query(T.R, T.R.Accesses[0], T.R.Accesses[1]);
  EXPECT_EQ(Before.V, Verdict::Collide);
  addStatedFact(T.R, {s(K), Comparison::GE, s(N)});
  EXPECT_TRUE(T.R.FactsStated);
  auto Fresh = createIndexSolver(SolverOptions(), Stats);
  Conflict After = Fresh->query(T.R, T.R.Accesses[0], T.R.Accesses[1]);
  EXPECT_EQ(After.V, Verdict::Disjoint);
}

} // namespace
