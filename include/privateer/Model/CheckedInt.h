//===- CheckedInt.h - Arithmetic on user constants ------------*- C++ -*-===//
//
// Part of privateer. The constants the analysis computes with come from the
// user's program and can be anything an int64_t holds: `1L << 62` as a
// chunk, `-9223372036854775807L - 1` in an index. An int64_t operation on
// them can overflow (undefined behaviour) or trap (`INT64_MIN / -1` and
// `INT64_MIN % -1` raise SIGFPE on x86-64). CheckedInt is an int64_t that
// becomes "unknown" instead: every operation on an unknown operand, and
// every operation whose exact result does not fit, is unknown, and the
// analysis treats an unknown number as a fact it does not have (never as a
// report, never as a crash). The front ends use llvm::AddOverflow and
// friends; the core has no LLVM dependency, hence this header.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_MODEL_CHECKEDINT_H
#define PRIVATEER_MODEL_CHECKEDINT_H

#include <cstdint>
#include <optional>

namespace privateer {

class CheckedInt {
public:
  /// Unknown.
  constexpr CheckedInt() = default;
  constexpr CheckedInt(int64_t V) : Known(true), V(V) {}
  constexpr CheckedInt(std::optional<int64_t> V)
      : Known(V.has_value()), V(V.value_or(0)) {}
  /// An unsigned quantity (a size, a stride): unknown above INT64_MAX.
  static constexpr CheckedInt fromUnsigned(uint64_t U) {
    return U > uint64_t(INT64_MAX) ? CheckedInt() : CheckedInt(int64_t(U));
  }

  constexpr bool known() const { return Known; }
  constexpr explicit operator bool() const { return Known; }
  /// The value; only for a known number.
  constexpr int64_t operator*() const { return V; }
  constexpr std::optional<int64_t> get() const {
    return Known ? std::optional<int64_t>(V) : std::nullopt;
  }
  constexpr int64_t valueOr(int64_t Default) const {
    return Known ? V : Default;
  }

  friend CheckedInt operator+(CheckedInt A, CheckedInt B) {
    int64_t R;
    if (!A.Known || !B.Known || __builtin_add_overflow(A.V, B.V, &R))
      return {};
    return R;
  }
  friend CheckedInt operator-(CheckedInt A, CheckedInt B) {
    int64_t R;
    if (!A.Known || !B.Known || __builtin_sub_overflow(A.V, B.V, &R))
      return {};
    return R;
  }
  friend CheckedInt operator*(CheckedInt A, CheckedInt B) {
    int64_t R;
    if (!A.Known || !B.Known || __builtin_mul_overflow(A.V, B.V, &R))
      return {};
    return R;
  }
  /// C's division (toward zero): unknown for a zero divisor and for
  /// INT64_MIN / -1.
  friend CheckedInt operator/(CheckedInt A, CheckedInt B) {
    if (!A.Known || !B.Known || B.V == 0 || (A.V == INT64_MIN && B.V == -1))
      return {};
    return A.V / B.V;
  }
  /// C's remainder (the dividend's sign): unknown for a zero divisor and for
  /// INT64_MIN % -1, which traps although its value would be 0.
  friend CheckedInt operator%(CheckedInt A, CheckedInt B) {
    if (!A.Known || !B.Known || B.V == 0 || (A.V == INT64_MIN && B.V == -1))
      return {};
    return A.V % B.V;
  }
  friend CheckedInt operator-(CheckedInt A) { return CheckedInt(0) - A; }

  CheckedInt &operator+=(CheckedInt B) { return *this = *this + B; }
  CheckedInt &operator-=(CheckedInt B) { return *this = *this - B; }
  CheckedInt &operator*=(CheckedInt B) { return *this = *this * B; }

private:
  bool Known = false;
  int64_t V = 0;
};

inline CheckedInt checkedAbs(CheckedInt A) {
  if (!A)
    return A;
  return *A < 0 ? -A : A;
}

/// `A << Amount` as a multiplication by 2^Amount: unknown for a negative
/// amount or one of 63 or more, and when the product does not fit.
inline CheckedInt checkedShl(CheckedInt A, CheckedInt Amount) {
  if (!Amount || *Amount < 0 || *Amount > 62)
    return {};
  return A * CheckedInt(int64_t(1) << *Amount);
}

/// `A >> Amount`, arithmetic (rounds toward minus infinity): unknown for a
/// negative amount or one of 64 or more.
inline CheckedInt checkedShr(CheckedInt A, CheckedInt Amount) {
  if (!A || !Amount || *Amount < 0 || *Amount > 63)
    return {};
  // Division by a power of two rounds toward zero; round down instead
  // without shifting a negative number (implementation-defined before C++20).
  if (*A >= 0)
    return *A >> *Amount;
  return -((-(*A + 1)) >> *Amount) - 1;
}

/// The greatest common divisor of |A| and |B| (0 when both are 0): unknown
/// when it is 2^63, which only INT64_MIN and 0 or INT64_MIN have.
inline CheckedInt checkedGcd(CheckedInt A, CheckedInt B) {
  if (!A || !B)
    return {};
  auto Magnitude = [](int64_t X) {
    return X < 0 ? uint64_t(-(X + 1)) + 1 : uint64_t(X);
  };
  uint64_t X = Magnitude(*A), Y = Magnitude(*B);
  while (Y) {
    uint64_t T = X % Y;
    X = Y;
    Y = T;
  }
  return CheckedInt::fromUnsigned(X);
}

/// The least common multiple of |A| and |B| (0 when either is 0): unknown
/// when it does not fit.
inline CheckedInt checkedLcm(CheckedInt A, CheckedInt B) {
  CheckedInt G = checkedGcd(A, B);
  if (!G)
    return {};
  if (*G == 0)
    return 0;
  return checkedAbs(A / G * B);
}

} // namespace privateer

#endif // PRIVATEER_MODEL_CHECKEDINT_H
