//===- ExprTest.cpp - Symbolic expressions --------------------------------===//

#include "privateer/Model/Expr.h"
#include "RegionBuilderForTest.h"

#include <gtest/gtest.h>

using namespace privateer;
using namespace privateer::test;

TEST(Expr, FoldsConstants) {
  ExprRef E = sub(mul(c(4), c(8)), c(1));
  ASSERT_EQ(E->kind(), ExprKind::Constant);
  EXPECT_EQ(E->value(), 31);
}

TEST(Expr, AffineFormCollectsCoefficients) {
  // 2*(i + 3) - i + 4*n  ==  i + 4n + 6
  ExprRef E = add(sub(mul(c(2), add(s(0), c(3))), s(0)), mul(c(4), s(1)));
  auto F = toAffine(*E);
  ASSERT_TRUE(F);
  EXPECT_EQ(F->coeff(0), 1);
  EXPECT_EQ(F->coeff(1), 4);
  EXPECT_EQ(F->Constant, 6);
}

TEST(Expr, ProductsOfSymbolsAreNotAffine) {
  EXPECT_FALSE(toAffine(*mul(s(0), s(1))));
  EXPECT_FALSE(toAffine(*divide(s(0), c(2))));
}

TEST(Expr, ShiftByConstantIsAffine) {
  auto F = toAffine(*Expr::binary(ExprKind::Shl, s(0), c(3)));
  ASSERT_TRUE(F);
  EXPECT_EQ(F->coeff(0), 8);
}

TEST(Expr, AffineOverflowIsRejected) {
  EXPECT_FALSE(toAffine(*mul(mul(c(INT64_MAX), s(0)), c(4))));
}

TEST(Expr, EvaluatesWithCSemantics) {
  auto None = [](SymbolId) -> std::optional<int64_t> { return std::nullopt; };
  auto Seven = [](SymbolId) -> std::optional<int64_t> { return -7; };
  EXPECT_EQ(*evaluate(*divide(s(0), c(2)), Seven), -3); // truncation
  EXPECT_EQ(*evaluate(*mod(s(0), c(2)), Seven), -1);    // dividend's sign
  EXPECT_FALSE(evaluate(*divide(c(1), s(0)), None));
  EXPECT_FALSE(evaluate(*divide(c(1), sub(s(0), s(0))), Seven)); // by zero
}

TEST(Expr, EqualIndexComparesAffineForms) {
  EXPECT_TRUE(equalIndex({add(s(0), c(1))}, {add(c(1), s(0))}));
  EXPECT_FALSE(equalIndex({add(s(0), c(1))}, {s(0)}));
  EXPECT_FALSE(equalIndex({s(0)}, {s(0), s(0)}));
}

TEST(Expr, SubstituteReplacesASymbol) {
  ExprRef E = substitute(add(mul(c(2), s(0)), s(1)), 0, c(5));
  auto F = toAffine(*E);
  ASSERT_TRUE(F);
  EXPECT_EQ(F->Constant, 10);
  EXPECT_EQ(F->coeff(1), 1);
}
