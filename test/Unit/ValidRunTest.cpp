//===- ValidRunTest.cpp - What every run that means anything keeps -------===//
//
// validRunFacts on hand-built regions: an access every work item makes to
// an array of known extent bounds the work-item variable's range; one that
// only some make, one in a loop of its own, one to an array of one element
// or of unknown extent, or one whose index has two work-item variables
// bounds nothing. Facts on constants alone are left out.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/ValidRun.h"
#include "RegionBuilderForTest.h"

#include <gtest/gtest.h>

using namespace privateer;
using namespace privateer::test;

namespace {

/// `for (i = 0; i < n; i++) ... table[i + Offset] ...` with table of
/// Extent elements.
struct TableLoop {
  TestRegion T;
  SymbolId N, I;
  unsigned Table;

  explicit TableLoop(uint64_t Extent = 180) {
    N = T.symbol("n", SymbolKind::Invariant, nullptr, nullptr, false);
    I = T.workItem("i", c(0), sub(s(N), c(1)));
    Table = T.buffer("table");
    T.R.Buffers[Table].Extent = Extent;
  }
  Access &read(ExprRef Index) {
    Access &A = T.access(Table, AccessKind::Read, {std::move(Index)});
    A.OnEveryPath = true;
    return A;
  }
};

bool holds(const std::vector<Condition> &Facts, SymbolId N, int64_t NV) {
  for (const Condition &F : Facts) {
    auto Value = [&](const ExprRef &E) {
      return evaluate(*E, [&](SymbolId S) -> std::optional<int64_t> {
        if (S == N)
          return NV;
        return std::nullopt;
      });
    };
    auto L = Value(F.Lhs), R = Value(F.Rhs);
    if (!L || !R)
      return false;
    bool OK = F.Op == Comparison::GE   ? *L >= *R
              : F.Op == Comparison::LE ? *L <= *R
                                       : false;
    if (!OK)
      return false;
  }
  return true;
}

TEST(ValidRun, ReadOnEveryIterationBoundsTheTripCount) {
  TableLoop X;
  X.read(s(X.I));
  auto Facts = validRunFacts(X.T.R);
  ASSERT_FALSE(Facts.empty());
  EXPECT_TRUE(holds(Facts, X.N, 180));
  EXPECT_TRUE(holds(Facts, X.N, 1));
  EXPECT_FALSE(holds(Facts, X.N, 181));
  EXPECT_FALSE(holds(Facts, X.N, 2026));
}

TEST(ValidRun, AnOffsetShortensTheBound) {
  TableLoop X;
  X.read(add(s(X.I), c(20)));
  auto Facts = validRunFacts(X.T.R);
  EXPECT_TRUE(holds(Facts, X.N, 160));
  EXPECT_FALSE(holds(Facts, X.N, 161));
}

TEST(ValidRun, ReadsSomeIterationsMakeBoundNothing) {
  {
    TableLoop X;
    X.read(s(X.I)).OnEveryPath = false;
    EXPECT_TRUE(validRunFacts(X.T.R).empty());
  }
  {
    TableLoop X;
    Access &A = X.read(s(X.I));
    A.Conditions.push_back({s(X.I), Comparison::LT, c(180)});
    EXPECT_TRUE(validRunFacts(X.T.R).empty());
  }
  {
    TableLoop X;
    X.read(s(X.I)).LoopDepth = 1;
    EXPECT_TRUE(validRunFacts(X.T.R).empty());
  }
}

TEST(ValidRun, TrailingOrUnknownArraysBoundNothing) {
  {
    TableLoop X(1); // `int slot[1]` at a struct's end
    X.read(s(X.I));
    EXPECT_TRUE(validRunFacts(X.T.R).empty());
  }
  {
    TableLoop X;
    X.T.R.Buffers[X.Table].Extent.reset();
    X.read(s(X.I));
    EXPECT_TRUE(validRunFacts(X.T.R).empty());
  }
  {
    TableLoop X;
    X.T.R.Buffers[X.Table].Kind = BufferKind::Pointee;
    X.read(s(X.I));
    EXPECT_TRUE(validRunFacts(X.T.R).empty());
  }
}

TEST(ValidRun, ConstantBoundsGiveNoFacts) {
  TestRegion T;
  SymbolId I = T.workItem("i", c(0), c(99));
  unsigned Table = T.buffer("table");
  T.R.Buffers[Table].Extent = 50;
  Access &A = T.access(Table, AccessKind::Read, {s(I)});
  A.OnEveryPath = true;
  // (100 iterations over 50 elements: out of bounds in every run, which
  // is another tool's finding; no fact is made of it.)
  EXPECT_TRUE(validRunFacts(T.R).empty());
}

TEST(ValidRun, TwoWorkItemVariablesInOneIndexBoundNothing) {
  TableLoop X;
  SymbolId J = X.T.workItem("j", c(0), sub(s(X.N), c(1)));
  X.read(add(s(X.I), s(J)));
  EXPECT_TRUE(validRunFacts(X.T.R).empty());
}

} // namespace
