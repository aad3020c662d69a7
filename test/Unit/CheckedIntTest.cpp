//===- CheckedIntTest.cpp - Arithmetic on user constants ------------------===//
//
// Every operation whose exact result does not fit an int64_t, and every one
// that would trap (INT64_MIN / -1, INT64_MIN % -1, x / 0), is unknown.
//
//===----------------------------------------------------------------------===//

#include "privateer/Model/CheckedInt.h"

#include <gtest/gtest.h>

using namespace privateer;

namespace {
constexpr int64_t Min = INT64_MIN, Max = INT64_MAX;

std::optional<int64_t> v(CheckedInt X) { return X.get(); }
} // namespace

TEST(CheckedInt, InRangeArithmeticIsExact) {
  EXPECT_EQ(v(CheckedInt(7) + 5), 12);
  EXPECT_EQ(v(CheckedInt(7) - 9), -2);
  EXPECT_EQ(v(CheckedInt(-7) * 6), -42);
  EXPECT_EQ(v(CheckedInt(-7) / 2), -3); // toward zero, as C
  EXPECT_EQ(v(CheckedInt(-7) % 2), -1); // the dividend's sign, as C
  EXPECT_EQ(v(-CheckedInt(Max)), Min + 1);
  EXPECT_EQ(v(CheckedInt(Min) + Max), -1);
  EXPECT_EQ(v(CheckedInt(Min) / 1), Min);
  EXPECT_EQ(v(CheckedInt(Min) % 1), 0);
  EXPECT_EQ(v(CheckedInt(Min) / 2), Min / 2);
}

TEST(CheckedInt, OverflowIsUnknown) {
  EXPECT_FALSE(CheckedInt(Max) + 1);
  EXPECT_FALSE(CheckedInt(Min) - 1);
  EXPECT_FALSE(CheckedInt(Min) + Min);
  EXPECT_FALSE(CheckedInt(0) - Min);
  EXPECT_FALSE(-CheckedInt(Min));
  EXPECT_FALSE(CheckedInt(int64_t(1) << 62) * 4);
  EXPECT_FALSE(CheckedInt(Min) * -1);
  EXPECT_FALSE(CheckedInt(-1) * Min);
  EXPECT_FALSE(CheckedInt(int64_t(3037000500)) * int64_t(3037000500));
}

TEST(CheckedInt, TrappingDivisionIsUnknown) {
  // x86-64 raises SIGFPE for both, although Min % -1 would be 0.
  EXPECT_FALSE(CheckedInt(Min) / -1);
  EXPECT_FALSE(CheckedInt(Min) % -1);
  EXPECT_FALSE(CheckedInt(5) / 0);
  EXPECT_FALSE(CheckedInt(5) % 0);
  EXPECT_FALSE(CheckedInt(0) % 0);
}

TEST(CheckedInt, UnknownIsContagious) {
  CheckedInt U;
  EXPECT_FALSE(U);
  EXPECT_FALSE(U + 1);
  EXPECT_FALSE(CheckedInt(1) * U);
  EXPECT_FALSE(U / 1);
  EXPECT_FALSE(CheckedInt(1) % U);
  EXPECT_FALSE(-U);
  EXPECT_FALSE(checkedAbs(U));
  EXPECT_FALSE(checkedGcd(U, 4));
  EXPECT_FALSE(CheckedInt(std::optional<int64_t>()));
  EXPECT_EQ(U.valueOr(-3), -3);
  CheckedInt X = 5;
  X += Max; // sticks
  X -= Max;
  EXPECT_FALSE(X);
}

TEST(CheckedInt, AbsoluteValue) {
  EXPECT_EQ(v(checkedAbs(-4)), 4);
  EXPECT_EQ(v(checkedAbs(Min + 1)), Max);
  EXPECT_FALSE(checkedAbs(Min));
}

TEST(CheckedInt, UnsignedQuantities) {
  EXPECT_EQ(v(CheckedInt::fromUnsigned(uint64_t(Max))), Max);
  EXPECT_FALSE(CheckedInt::fromUnsigned(uint64_t(Max) + 1));
  EXPECT_FALSE(CheckedInt::fromUnsigned(~uint64_t(0)));
}

TEST(CheckedInt, Shifts) {
  EXPECT_EQ(v(checkedShl(3, 4)), 48);
  EXPECT_EQ(v(checkedShl(-3, 4)), -48);
  EXPECT_EQ(v(checkedShl(1, 62)), int64_t(1) << 62);
  EXPECT_FALSE(checkedShl(1, 63));
  EXPECT_FALSE(checkedShl(1, 64));
  EXPECT_FALSE(checkedShl(1, -1));
  EXPECT_FALSE(checkedShl(2, 62));
  EXPECT_EQ(v(checkedShr(48, 4)), 3);
  EXPECT_EQ(v(checkedShr(-9, 2)), -3); // toward minus infinity
  EXPECT_EQ(v(checkedShr(-8, 2)), -2);
  EXPECT_EQ(v(checkedShr(-1, 63)), -1);
  EXPECT_EQ(v(checkedShr(Min, 63)), -1);
  EXPECT_EQ(v(checkedShr(Max, 63)), 0);
  EXPECT_EQ(v(checkedShr(Min, 0)), Min);
  EXPECT_FALSE(checkedShr(1, 64));
  EXPECT_FALSE(checkedShr(1, -1));
}

TEST(CheckedInt, GcdAndLcm) {
  EXPECT_EQ(v(checkedGcd(12, -18)), 6);
  EXPECT_EQ(v(checkedGcd(0, -5)), 5);
  EXPECT_EQ(v(checkedGcd(0, 0)), 0);
  EXPECT_EQ(v(checkedGcd(Min, 6)), 2);
  EXPECT_EQ(v(checkedGcd(Min, Max)), 1);
  // 2^63 does not fit.
  EXPECT_FALSE(checkedGcd(Min, 0));
  EXPECT_FALSE(checkedGcd(Min, Min));
  EXPECT_EQ(v(checkedLcm(4, 6)), 12);
  EXPECT_EQ(v(checkedLcm(-4, 6)), 12);
  EXPECT_EQ(v(checkedLcm(0, 6)), 0);
  EXPECT_FALSE(checkedLcm(Max, Max - 1));
  EXPECT_FALSE(checkedLcm(Min, 3));
}
