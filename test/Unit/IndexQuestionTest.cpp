//===- IndexQuestionTest.cpp - What an index query asks, z3 aside ---------===//
//
// The parts of the solver's questions that need no solver: the cache key,
// the row split of flattened indices, which stated facts bear on a pair,
// and which conditions the model cannot see.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/IndexQuestion.h"
#include "RegionBuilderForTest.h"

#include <gtest/gtest.h>

using namespace privateer;
using namespace privateer::test;

namespace {

/// `for (i = 0; i < n; i++) for (j = 0; j < m; j++) a[i * lld + j]`.
struct Rows {
  TestRegion T;
  SymbolId N, M, Lld, I, J;
  unsigned A;

  Rows() {
    N = T.symbol("n", SymbolKind::Invariant);
    M = T.symbol("m", SymbolKind::Invariant);
    Lld = T.symbol("lld", SymbolKind::Invariant);
    I = T.workItem("i", c(0), sub(s(N), c(1)));
    J = T.symbol("j", SymbolKind::InnerLoop, c(0), sub(s(M), c(1)));
    A = T.buffer("a");
  }

  std::optional<int64_t> at(const ExprRef &E, int64_t IV, int64_t JV,
                            int64_t LldV) {
    return evaluate(*E, [&](SymbolId S) -> std::optional<int64_t> {
      if (S == I)
        return IV;
      if (S == J)
        return JV;
      if (S == Lld)
        return LldV;
      return std::nullopt;
    });
  }
};

TEST(IndexQuestion, RowStrideIsTheInvariantThatMultipliesALoopVariable) {
  Rows X;
  auto S = rowStride(X.T.R, add(mul(s(X.I), s(X.Lld)), s(X.J)));
  ASSERT_TRUE(S);
  EXPECT_EQ(*S, X.Lld);
  // A product of invariants only is no row stride.
  EXPECT_FALSE(rowStride(X.T.R, add(mul(s(X.N), s(X.Lld)), s(X.J))));
}

TEST(IndexQuestion, SplitByStrideGivesRowAndColumn) {
  Rows X;
  auto P = splitByStride(X.T.R, sub(add(mul(s(X.I), s(X.Lld)), s(X.J)), c(1)),
                         X.Lld);
  ASSERT_TRUE(P);
  // Index = lld * X + Y: X is the row (i), Y the column (j - 1).
  EXPECT_EQ(X.at(P->first, 3, 5, 100), 3);
  EXPECT_EQ(X.at(P->second, 3, 5, 100), 4);
  // lld * lld is not one stride times a part free of it.
  EXPECT_FALSE(splitByStride(X.T.R, mul(s(X.Lld), s(X.Lld)), X.Lld));
}

TEST(IndexQuestion, SplitRowsTurnsOneDimensionIntoTwo) {
  Rows X;
  // (Copies: a later access may move the region's.)
  Access SW =
      X.T.access(X.A, AccessKind::Write, {add(mul(s(X.I), s(X.Lld)), s(X.J))});
  Access SR =
      X.T.access(X.A, AccessKind::Read, {add(mul(s(X.I), s(X.Lld)), s(X.J))});
  ASSERT_TRUE(splitRows(X.T.R, SW, SR));
  ASSERT_EQ(SW.Index.size(), 2u);
  ASSERT_EQ(SR.Index.size(), 2u);
  EXPECT_EQ(X.at(SW.Index[0], 2, 7, 10), 2);
  EXPECT_EQ(X.at(SW.Index[1], 2, 7, 10), 7);
  // Without a stride there is nothing to split.
  Access PW = X.T.access(X.A, AccessKind::Write, {s(X.I)});
  Access PR = X.T.access(X.A, AccessKind::Read, {s(X.I)});
  EXPECT_FALSE(splitRows(X.T.R, PW, PR));
  EXPECT_EQ(PW.Index.size(), 1u);
}

TEST(IndexQuestion, RelevantStatedKeepsTheFactsThatNameAnElementSymbol) {
  Rows X;
  SymbolId Other = X.T.symbol("verbose", SymbolKind::Invariant);
  SymbolId K = X.T.symbol("k", SymbolKind::Invariant);
  X.T.R.Stated.push_back({s(X.Lld), Comparison::GE, s(X.M)});
  X.T.R.Stated.push_back({s(Other), Comparison::GT, c(2)});
  // Named only through the first fact's symbol m: relevant too.
  X.T.R.Stated.push_back({s(K), Comparison::EQ, s(X.M)});
  Access W =
      X.T.access(X.A, AccessKind::Write, {add(mul(s(X.I), s(X.Lld)), s(X.J))});
  auto Facts = relevantStated(X.T.R, W, W);
  ASSERT_EQ(Facts.size(), 2u);
  EXPECT_EQ(Facts[0], &X.T.R.Stated[0]);
  EXPECT_EQ(Facts[1], &X.T.R.Stated[2]);
  std::set<SymbolId> Named = elementSymbols(X.T.R, W, W);
  EXPECT_TRUE(Named.count(X.M)); // j's bound
  EXPECT_TRUE(Named.count(X.N)); // i's bound: the work items
  EXPECT_FALSE(Named.count(Other));
}

TEST(IndexQuestion, KeyIgnoresNamesButNotShape) {
  auto Key = [](const char *Name, int64_t Step) {
    TestRegion T;
    SymbolId N = T.symbol(Name, SymbolKind::Invariant);
    SymbolId I = T.workItem(Name, c(0), s(N), Step);
    unsigned A = T.buffer(Name);
    Access &X = T.access(A, AccessKind::Write, {add(s(I), c(1))});
    KeyWriter K(T.R);
    K.access(X);
    return K.str();
  };
  EXPECT_EQ(Key("i", 1), Key("k", 1));
  EXPECT_NE(Key("i", 1), Key("i", 2));
}

TEST(IndexQuestion, ConditionsOnUnseenValues) {
  TestRegion T;
  SymbolId I = T.workItem("i", c(0), c(99));
  SymbolId Data = T.symbol("x[i]", SymbolKind::Opaque);
  SymbolId Tid = T.symbol("my_thread()", SymbolKind::Opaque);
  T.R.Symbols[Tid].CallResult = true;
  unsigned A = T.buffer("a");
  Access &X = T.access(A, AccessKind::Write, {c(0)});
  // A test on data says nothing of which work items pass it.
  X.Conditions.push_back({s(Data), Comparison::GT, c(0)});
  EXPECT_TRUE(unseen(T.R, X.Conditions[0]));
  EXPECT_FALSE(selectsUnseen(T.R, X.Conditions[0]));
  EXPECT_FALSE(guarded(T.R, X));
  EXPECT_FALSE(conditionsUnseen(T.R, X));
  // An equality on what an unfollowed call returned may pick one.
  X.Conditions.push_back({s(Tid), Comparison::EQ, c(0)});
  EXPECT_TRUE(selectsUnseen(T.R, X.Conditions[1]));
  EXPECT_TRUE(guarded(T.R, X));
  EXPECT_TRUE(conditionsUnseen(T.R, X));
  // A condition on the work item itself is one the solver reads.
  Access &Y = T.access(A, AccessKind::Read, {c(0)});
  Y.Conditions.push_back({s(I), Comparison::LT, c(10)});
  EXPECT_FALSE(unseen(T.R, Y.Conditions[0]));
  EXPECT_TRUE(guarded(T.R, Y));
}

TEST(IndexQuestion, StatedConditionsKeepTheUnseenValuesTheyName) {
  TestRegion T;
  SymbolId Node = T.workItem("node", c(1), c(99));
  SymbolId Root = T.symbol("root", SymbolKind::Invariant);
  SymbolId Step = T.symbol("step(w)", SymbolKind::Opaque);
  SymbolId Other = T.symbol("work(node)", SymbolKind::Opaque);
  unsigned K = T.buffer("k38");
  Access &W = T.access(K, AccessKind::Write, {c(0)});
  W.Conditions.push_back({s(Step), Comparison::EQ, s(Root)});
  W.Conditions.push_back({s(Other), Comparison::GE, c(1)});
  // Unstated, a test on data is free: every work item may pass it.
  EXPECT_FALSE(kept(T.R, W, W.Conditions[0]));
  EXPECT_FALSE(guarded(T.R, W));
  // `assume holds(step(w) == node)`: kept, and so is the branch on the
  // same value; a condition on another unseen value stays free.
  W.Conditions.push_back({s(Step), Comparison::EQ, s(Node), /*Stated=*/true});
  EXPECT_TRUE(kept(T.R, W, W.Conditions[2]));
  EXPECT_TRUE(kept(T.R, W, W.Conditions[0]));
  EXPECT_FALSE(kept(T.R, W, W.Conditions[1]));
  EXPECT_TRUE(guarded(T.R, W));
}

TEST(IndexQuestion, SizesAndSymmetry) {
  Rows X;
  EXPECT_TRUE(isSize(X.T.R.symbol(X.N)));
  EXPECT_FALSE(isSize(X.T.R.symbol(X.I)));
  Access W = X.T.access(X.A, AccessKind::Write, {s(X.I)});
  Access R = X.T.access(X.A, AccessKind::Read, {add(s(X.I), c(1))});
  EXPECT_TRUE(sameQuestionBothWays(W, W));
  EXPECT_FALSE(sameQuestionBothWays(W, R));
  Conflict C;
  C.V = Verdict::Collide;
  EXPECT_EQ(unproven(C).V, Verdict::MayCollide);
  C.V = Verdict::Disjoint;
  EXPECT_EQ(unproven(C).V, Verdict::Disjoint);
}

} // namespace
