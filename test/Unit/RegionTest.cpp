//===- RegionTest.cpp - Facts the model states about accesses -------------===//
//
// Which barriers order two accesses of a parallel region, and which members
// of one object are different memory.
//
//===----------------------------------------------------------------------===//

#include "RegionBuilderForTest.h"

#include <gtest/gtest.h>

using namespace privateer;
using namespace privateer::test;

namespace {

struct Phases {
  TestRegion T{RegionKind::Replicated};
  unsigned A = T.buffer("x", BufferKind::Scalar);
  /// An access at \p Phase / \p Possible inside the branches \p Branch.
  Access &at(unsigned Phase, unsigned Possible,
             std::vector<unsigned> Branch = {}) {
    Access &X = T.access(A, AccessKind::Write, {});
    X.Phase = Phase;
    X.PossibleBarriers = Possible;
    X.Branch = std::move(Branch);
    return X;
  }
  BarrierOrder order(size_t First, size_t Second) {
    return barrierOrder(T.R, T.R.Accesses[First], T.R.Accesses[Second]);
  }
};

} // namespace

TEST(BarrierOrder, SamePhaseIsUnordered) {
  Phases P;
  P.at(0, 0);
  P.at(0, 0);
  EXPECT_EQ(P.order(0, 1), BarrierOrder::Unordered);
}

TEST(BarrierOrder, LaterPhaseIsOrderedEitherWay) {
  Phases P;
  P.at(0, 0);
  P.at(1, 3); // (a barrier after possible ones)
  EXPECT_EQ(P.order(0, 1), BarrierOrder::Ordered);
  EXPECT_EQ(P.order(1, 0), BarrierOrder::Ordered);
}

TEST(BarrierOrder, PossibleBarrierBetweenIsMay) {
  Phases P;
  P.at(0, 0);
  P.at(0, 1);
  EXPECT_EQ(P.order(0, 1), BarrierOrder::MayBeOrdered);
}

TEST(BarrierOrder, BarrierOnOnePathIsMay) {
  // `{ if (c) { barrier; w } r }`: w in branch 0 after its barrier, r after
  // the join with the fewer barriers.
  Phases P;
  P.at(1, 0, {0});
  P.at(0, 1);
  EXPECT_EQ(P.order(0, 1), BarrierOrder::MayBeOrdered);
}

TEST(BarrierOrder, BarrierOnEveryWayOutOfABranchOrders) {
  // `for (...) { w; barrier; }  r`: the body passes a barrier after w.
  Phases P;
  P.at(0, 0, {3});
  P.at(0, 1);
  P.T.R.BranchEndPhase[3] = 1;
  EXPECT_EQ(P.order(0, 1), BarrierOrder::Ordered);
  // An access in the same body is not ordered by it.
  P.at(0, 0, {3});
  EXPECT_EQ(P.order(0, 2), BarrierOrder::Unordered);
}

TEST(SelectDifferentMembers, MembersAreDifferentMemory) {
  TestRegion T;
  SymbolId I = T.workItem("i", c(0), c(9));
  unsigned A = T.buffer("A", BufferKind::Record);
  Access &Map = T.access(A, AccessKind::Write, {c(0)});
  Map.Fields = {"globalToLocal"};
  Map.WholeBuffer = true;
  Access &Vec = T.access(A, AccessKind::Write, {c(1), s(I)});
  Vec.Fields = {"localToGlobal", ""};
  Access &Same = T.access(A, AccessKind::Write, {c(0)});
  Same.Fields = {"globalToLocal"};
  const auto &X = T.R.Accesses;
  EXPECT_TRUE(selectDifferentMembers(X[0], X[1]));
  EXPECT_FALSE(selectDifferentMembers(X[0], X[2]));
}

TEST(SelectDifferentMembers, ElementsThenMembers) {
  // `p[i].a` and `p[j].b`: different members of whatever elements.
  TestRegion T;
  SymbolId I = T.workItem("i", c(0), c(9));
  SymbolId J = T.symbol("j", SymbolKind::InnerLoop, c(0), c(9));
  unsigned P = T.buffer("p");
  T.access(P, AccessKind::Write, {s(I), c(0)}).Fields = {"", "a"};
  T.access(P, AccessKind::Read, {s(J), c(1)}).Fields = {"", "b"};
  // A subscript against a member: different layouts, no claim.
  T.access(P, AccessKind::Read, {s(J), s(I)});
  const auto &X = T.R.Accesses;
  EXPECT_TRUE(selectDifferentMembers(X[0], X[1]));
  EXPECT_FALSE(selectDifferentMembers(X[0], X[2]));
}
