//===- AffineIndexOracleTest.cpp - Pattern reasoning on index pairs -------===//
//
// A table of index pairs with known answers: can iteration i1 != i2 of
// `for (i = 0; i < n; i++)` touch the same element?
//
//===----------------------------------------------------------------------===//

#include "RegionBuilderForTest.h"
#include "privateer/Analysis/IndexOracle.h"

#include <gtest/gtest.h>

using namespace privateer;
using namespace privateer::test;

namespace {

struct Fixture {
  TestRegion T;
  SymbolId I, N, J;
  unsigned A;
  Fixture(ExprRef Max = nullptr) {
    N = T.symbol("n", SymbolKind::Invariant);
    I = T.workItem("i", c(0), Max ? Max : sub(s(N), c(1)));
    J = T.symbol("j", SymbolKind::InnerLoop, c(0), sub(s(N), c(1)));
    A = T.buffer("a");
  }
  Conflict ask(std::vector<ExprRef> X, AccessKind KX, std::vector<ExprRef> Y,
               AccessKind KY) {
    T.access(A, KX, std::move(X));
    T.access(A, KY, std::move(Y));
    AffineIndexOracle O;
    auto &Acc = T.R.Accesses;
    return O.query(T.R, Acc[Acc.size() - 2], Acc[Acc.size() - 1]);
  }
  Conflict self(std::vector<ExprRef> X) {
    T.access(A, AccessKind::Write, std::move(X));
    AffineIndexOracle O;
    return O.query(T.R, T.R.Accesses.back(), T.R.Accesses.back());
  }
};

} // namespace

TEST(AffineIndexOracle, InductionIndexIsDisjoint) {
  Fixture F;
  EXPECT_EQ(F.self({s(F.I)}).V, Verdict::Disjoint);
}

TEST(AffineIndexOracle, ScaledAndOffsetIndexIsDisjoint) {
  Fixture F;
  EXPECT_EQ(F.self({add(mul(c(3), s(F.I)), s(F.N))}).V, Verdict::Disjoint);
}

TEST(AffineIndexOracle, EvenAndOddHalvesAreDisjoint) {
  Fixture F;
  auto C = F.ask({mul(c(2), s(F.I))}, AccessKind::Write,
                 {add(mul(c(2), s(F.I)), c(1))}, AccessKind::Write);
  EXPECT_EQ(C.V, Verdict::Disjoint);
}

TEST(AffineIndexOracle, ConstantIndexCollides) {
  Fixture F;
  auto C = F.self({c(0)});
  ASSERT_EQ(C.V, Verdict::Collide);
  ASSERT_TRUE(C.W);
  EXPECT_EQ(C.W->First[0].second, 0);
  EXPECT_EQ(C.W->Second[0].second, 1);
  EXPECT_EQ(C.W->Element, "a[0]");
}

TEST(AffineIndexOracle, InnerLoopOnlyIndexCollides) {
  Fixture F;
  EXPECT_EQ(F.self({s(F.J)}).V, Verdict::Collide);
}

TEST(AffineIndexOracle, RowIndexWithInnerColumnIsDisjoint) {
  Fixture F;
  EXPECT_EQ(F.self({s(F.I), s(F.J)}).V, Verdict::Disjoint);
}

TEST(AffineIndexOracle, NeighbourReadIsALoopCarriedCollision) {
  Fixture F;
  auto C =
      F.ask({s(F.I)}, AccessKind::Write, {add(s(F.I), c(1))}, AccessKind::Read);
  ASSERT_EQ(C.V, Verdict::Collide);
  // iteration 1 writes a[1], which iteration 0 reads as a[i + 1].
  EXPECT_EQ(C.W->First[0].second, 1);
  EXPECT_EQ(C.W->Second[0].second, 0);
  EXPECT_EQ(C.W->Element, "a[1]");
}

TEST(AffineIndexOracle, OffsetNotDivisibleByStrideIsDisjoint) {
  Fixture F;
  auto C = F.ask({mul(c(4), s(F.I))}, AccessKind::Write,
                 {add(mul(c(4), s(F.I)), c(6))}, AccessKind::Read);
  EXPECT_EQ(C.V, Verdict::Disjoint);
}

TEST(AffineIndexOracle, DistanceBeyondTheIterationSpaceIsDisjoint) {
  Fixture F(c(3)); // i in [0, 3]
  auto C =
      F.ask({s(F.I)}, AccessKind::Write, {add(s(F.I), c(4))}, AccessKind::Read);
  EXPECT_EQ(C.V, Verdict::Disjoint);
}

TEST(AffineIndexOracle, HalvedIndexCollidesByEnumeration) {
  Fixture F(c(99));
  auto C = F.self({divide(s(F.I), c(2))});
  ASSERT_EQ(C.V, Verdict::Collide);
  EXPECT_EQ(C.W->Element, "a[0]");
}

TEST(AffineIndexOracle, ModuloWrapsAround) {
  Fixture F(c(99));
  auto C = F.self({mod(s(F.I), c(4))});
  ASSERT_EQ(C.V, Verdict::Collide);
  EXPECT_EQ(C.W->Second[0].second - C.W->First[0].second, 4);
}

TEST(AffineIndexOracle, ModuloOfASmallSpaceIsDisjoint) {
  Fixture F(c(3)); // i in [0, 3]: i % 4 is injective
  EXPECT_EQ(F.self({mod(s(F.I), c(4))}).V, Verdict::Disjoint);
}

TEST(AffineIndexOracle, RowMajorIndexIsDelinearized) {
  Fixture F;
  // a[i*n + j] with 0 <= j <= n-1 is a[i][j] written flat.
  EXPECT_EQ(F.self({add(mul(s(F.I), s(F.N)), s(F.J))}).V, Verdict::Disjoint);
}

TEST(AffineIndexOracle, OverlappingRowsAreNotDelinearized) {
  Fixture F;
  // j runs to n inclusive: row i's last element is row i+1's first.
  SymbolId K = F.T.symbol("k", SymbolKind::InnerLoop, c(0), s(F.N));
  EXPECT_EQ(F.self({add(mul(s(F.I), s(F.N)), s(K))}).V, Verdict::Unknown);
}

TEST(AffineIndexOracle, ConstantStrideBlocksAreDisjoint) {
  Fixture F;
  SymbolId K = F.T.symbol("k", SymbolKind::InnerLoop, c(0), c(7));
  EXPECT_EQ(F.self({add(mul(c(8), s(F.I)), s(K))}).V, Verdict::Disjoint);
  SymbolId K9 = F.T.symbol("k9", SymbolKind::InnerLoop, c(0), c(8));
  EXPECT_NE(F.self({add(mul(c(8), s(F.I)), s(K9))}).V, Verdict::Disjoint);
}

TEST(AffineIndexOracle, IndirectIndexIsUnknownAndMarkedOpaque) {
  Fixture F;
  SymbolId K = F.T.symbol("key[i]", SymbolKind::Opaque);
  auto C = F.self({s(K)});
  EXPECT_EQ(C.V, Verdict::Unknown);
  EXPECT_TRUE(C.OpaqueIndex);
}

TEST(AffineIndexOracle, InvariantOpaqueIndexMayCollide) {
  Fixture F;
  SymbolId K = F.T.symbol("idx[0]", SymbolKind::Opaque, nullptr, nullptr,
                          /*Dependent=*/false);
  EXPECT_EQ(F.self({s(K)}).V, Verdict::MayCollide);
}

TEST(AffineIndexOracle, CollapsedLoopsNeedEveryVariable) {
  TestRegion T;
  SymbolId I = T.workItem("i", c(0), c(9));
  SymbolId J = T.workItem("j", c(0), c(9));
  unsigned A = T.buffer("a");
  AffineIndexOracle O;
  T.access(A, AccessKind::Write, {s(I), s(J)});
  T.access(A, AccessKind::Write, {s(I)});
  EXPECT_EQ(O.query(T.R, T.R.Accesses[0], T.R.Accesses[0]).V,
            Verdict::Disjoint);
  // a[i] under collapse(2): (i, 0) and (i, 1) write the same element.
  auto C = O.query(T.R, T.R.Accesses[1], T.R.Accesses[1]);
  ASSERT_EQ(C.V, Verdict::Collide);
  EXPECT_EQ(C.W->First[1].second, 0);
  EXPECT_EQ(C.W->Second[1].second, 1);
  EXPECT_EQ(C.W->First[0].second, C.W->Second[0].second);
}

TEST(AffineIndexOracle, PinnedWorkItemReachesOnlyItsOwnElement) {
  Fixture F;
  // a[i] by every iteration, a[0] only by iteration 0: disjoint.
  F.T.access(F.A, AccessKind::Write, {s(F.I)});
  Access &P = F.T.access(F.A, AccessKind::Write, {c(0)});
  P.SingleWorkItem = true;
  P.PinnedItem = c(0);
  AffineIndexOracle O;
  EXPECT_EQ(O.query(F.T.R, F.T.R.Accesses[0], F.T.R.Accesses[1]).V,
            Verdict::Disjoint);
  // ... but a[1] written by iteration 0 collides with iteration 1's a[i].
  Access &Q = F.T.access(F.A, AccessKind::Write, {c(1)});
  Q.SingleWorkItem = true;
  Q.PinnedItem = c(0);
  auto C = O.query(F.T.R, F.T.R.Accesses[0], F.T.R.Accesses[2]);
  ASSERT_EQ(C.V, Verdict::Collide);
  EXPECT_EQ(C.W->First[0].second, 1);
}

TEST(AffineIndexOracle, SectionsCompareOnlyDifferentSections) {
  TestRegion T(RegionKind::Sections);
  unsigned X = T.buffer("x", BufferKind::Scalar);
  Access &A = T.access(X, AccessKind::Write, {});
  A.Section = 1;
  Access &B = T.access(X, AccessKind::Write, {});
  B.Section = 2;
  AffineIndexOracle O;
  EXPECT_EQ(O.query(T.R, T.R.Accesses[0], T.R.Accesses[0]).V,
            Verdict::Disjoint);
  EXPECT_EQ(O.query(T.R, T.R.Accesses[0], T.R.Accesses[1]).V, Verdict::Collide);
}

TEST(AffineIndexOracle, TwoPinnedAccessesCompareTheirWorkItems) {
  Fixture F;
  // a[0] written by iteration 0 twice: one work item, no race.
  Access P = F.T.access(F.A, AccessKind::Write, {c(0)});
  P.PinnedItem = c(0);
  Access Q = F.T.access(F.A, AccessKind::Write, {c(0)});
  Q.PinnedItem = c(0);
  AffineIndexOracle O;
  EXPECT_EQ(O.query(F.T.R, P, Q).V, Verdict::Disjoint);
  // By iterations 0 and 1: both write a[0].
  Q.PinnedItem = c(1);
  EXPECT_EQ(O.query(F.T.R, P, Q).V, Verdict::Collide);
  // a[i] pinned to 0 and 1 are a[0] and a[1].
  P.Index = {s(F.I)};
  Q.Index = {s(F.I)};
  EXPECT_EQ(O.query(F.T.R, P, Q).V, Verdict::Disjoint);
}

TEST(AffineIndexOracle, PinnedAccessMeetsEveryOtherItemOnAFixedElement) {
  Fixture F(c(99));
  // a[0] written by iteration 0 and read by every iteration: the witness
  // pairs the pinned item with the next one.
  Access P = F.T.access(F.A, AccessKind::Write, {c(0)});
  P.PinnedItem = c(0);
  Access X = F.T.access(F.A, AccessKind::Read, {c(0)});
  AffineIndexOracle O;
  Conflict C = O.query(F.T.R, P, X);
  ASSERT_EQ(C.V, Verdict::Collide);
  ASSERT_TRUE(C.W);
  EXPECT_EQ(C.W->First[0].second, 0);
  EXPECT_EQ(C.W->Second[0].second, 1);
  // Pinned to the last iteration: the other is the one before.
  P.PinnedItem = c(99);
  C = O.query(F.T.R, X, P);
  ASSERT_EQ(C.V, Verdict::Collide);
  ASSERT_TRUE(C.W);
  EXPECT_EQ(C.W->First[0].second, 98);
  EXPECT_EQ(C.W->Second[0].second, 99);
}

TEST(AffineIndexOracle, PinnedElementOutsideTheMovingAccessIsDisjoint) {
  Fixture F(c(99));
  AffineIndexOracle O;
  Access X = F.T.access(F.A, AccessKind::Read, {mul(c(2), s(F.I))});
  // a[3] is no even element.
  Access P = F.T.access(F.A, AccessKind::Write, {c(3)});
  P.PinnedItem = c(0);
  EXPECT_EQ(O.query(F.T.R, P, X).V, Verdict::Disjoint);
  // a[400] lies past iteration 99's a[198].
  P.Index = {c(400)};
  EXPECT_EQ(O.query(F.T.R, P, X).V, Verdict::Disjoint);
  // a[8] is iteration 4's.
  P.Index = {c(8)};
  Conflict C = O.query(F.T.R, P, X);
  ASSERT_EQ(C.V, Verdict::Collide);
  ASSERT_TRUE(C.W);
  EXPECT_EQ(C.W->First[0].second, 0);
  EXPECT_EQ(C.W->Second[0].second, 4);
}
