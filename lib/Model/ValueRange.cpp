//===- ValueRange.cpp - The values an index can take ----------------------===//
//
// Part of privateer. Interval arithmetic over the model's expressions, with
// symbolic bounds: each rule holds for every value of the operands within
// their bounds (C's truncating division and remainder). A bound that a
// rule cannot state stays open; nothing is guessed.
//
//===----------------------------------------------------------------------===//

#include "privateer/Model/ValueRange.h"

#include "privateer/Model/CheckedInt.h"

#include <algorithm>

namespace privateer {

namespace {

std::optional<int64_t> constantOf(const ExprRef &E) {
  if (E && E->kind() == ExprKind::Constant)
    return E->value();
  return std::nullopt;
}

ExprRef add(const ExprRef &A, const ExprRef &B) {
  return A && B ? Expr::binary(ExprKind::Add, A, B) : nullptr;
}
ExprRef sub(const ExprRef &A, const ExprRef &B) {
  return A && B ? Expr::binary(ExprKind::Sub, A, B) : nullptr;
}
ExprRef scaled(const ExprRef &A, int64_t C) {
  return A ? Expr::binary(ExprKind::Mul, Expr::constant(C), A) : nullptr;
}

ValueRange symbolRange(const ParallelRegion &R, SymbolId S) {
  const Symbol &Sym = R.symbol(S);
  ValueRange Out;
  if (Sym.Table && !Sym.Table->empty()) {
    auto [Lo, Hi] = std::minmax_element(Sym.Table->begin(), Sym.Table->end());
    Out.Lo = Expr::constant(*Lo);
    Out.Hi = Expr::constant(*Hi);
    return Out;
  }
  // A value every work item shares is one value: itself.
  bool Shared = Sym.Kind == SymbolKind::Invariant ||
                (Sym.Kind == SymbolKind::Opaque && !Sym.IterationDependent);
  if (Shared) {
    Out.Lo = Out.Hi = Expr::symbol(S);
    return Out;
  }
  Out.Lo = Sym.Min;
  Out.Hi = Sym.Max;
  return Out;
}

void require(ValueRange &Out, const ValueRange &From) {
  Out.Requires.insert(Out.Requires.end(), From.Requires.begin(),
                      From.Requires.end());
}

/// `x * c` for a constant c.
ValueRange timesConstant(const ValueRange &X, int64_t C) {
  ValueRange Out;
  require(Out, X);
  if (C >= 0) {
    Out.Lo = scaled(X.Lo, C);
    Out.Hi = scaled(X.Hi, C);
  } else {
    Out.Lo = scaled(X.Hi, C);
    Out.Hi = scaled(X.Lo, C);
  }
  return Out;
}

/// `x / d` for a constant d != 0: truncation is monotonic in x.
ValueRange dividedByConstant(const ValueRange &X, int64_t D) {
  ValueRange Out;
  require(Out, X);
  auto Div = [&](const ExprRef &B) {
    return B ? Expr::binary(ExprKind::Div, B, Expr::constant(D)) : nullptr;
  };
  if (D > 0) {
    Out.Lo = Div(X.Lo);
    Out.Hi = Div(X.Hi);
  } else {
    Out.Lo = Div(X.Hi);
    Out.Hi = Div(X.Lo);
  }
  return Out;
}

/// `x % m`: the remainder has the sign of x and a magnitude below |m|.
ValueRange remainder(const ParallelRegion &R, const ValueRange &X,
                     const ExprRef &M) {
  ValueRange Out;
  require(Out, X);
  bool NonNegative = X.Lo && constantOf(X.Lo).value_or(-1) >= 0;
  if (auto C = constantOf(M)) {
    if (*C == 0 || *C == INT64_MIN)
      return {};
    int64_t Top = *C > 0 ? *C - 1 : -(*C) - 1;
    Out.Lo = Expr::constant(NonNegative ? 0 : -Top);
    Out.Hi = Expr::constant(Top);
    // A small dividend is its own remainder: `i % 16` for 0 <= i < 4.
    if (NonNegative)
      if (auto Hi = constantOf(X.Hi); Hi && *Hi < Top)
        Out.Hi = X.Hi;
    return Out;
  }
  // A divisor the work items share, taken as positive (a size).
  if (!sameInEveryWorkItem(R, M))
    return {};
  ExprRef Top = Expr::binary(ExprKind::Sub, M, Expr::constant(1));
  Out.Requires.push_back({M, Comparison::GE, Expr::constant(1)});
  Out.Lo = NonNegative ? Expr::constant(0) : Expr::neg(Top);
  Out.Hi = Top;
  return Out;
}

ValueRange minOrMax(const ValueRange &A, const ValueRange &B, bool IsMin) {
  ValueRange Out;
  require(Out, A);
  require(Out, B);
  ExprKind K = IsMin ? ExprKind::Min : ExprKind::Max;
  auto Both = [&](const ExprRef &X, const ExprRef &Y) {
    return X && Y ? Expr::binary(K, X, Y) : nullptr;
  };
  auto Either = [&](const ExprRef &X, const ExprRef &Y) {
    return X && Y ? Expr::binary(K, X, Y) : X ? X : Y;
  };
  // min(a, b) is below each operand's upper bound and above the lower of
  // their lower bounds; max mirrors it.
  Out.Lo = IsMin ? Both(A.Lo, B.Lo) : Either(A.Lo, B.Lo);
  Out.Hi = IsMin ? Either(A.Hi, B.Hi) : Both(A.Hi, B.Hi);
  return Out;
}

ValueRange rangeAt(const ParallelRegion &R, const ExprRef &E, unsigned Depth);

ValueRange binaryRange(const ParallelRegion &R, const Expr &E, unsigned Depth) {
  const ExprRef &L = E.operands()[0], &Rt = E.operands()[1];
  ValueRange A = rangeAt(R, L, Depth + 1);
  auto RightConstant = constantOf(Rt);
  switch (E.kind()) {
  case ExprKind::Add:
  case ExprKind::Sub: {
    ValueRange B = rangeAt(R, Rt, Depth + 1);
    ValueRange Out;
    require(Out, A);
    require(Out, B);
    bool Plus = E.kind() == ExprKind::Add;
    Out.Lo = Plus ? add(A.Lo, B.Lo) : sub(A.Lo, B.Hi);
    Out.Hi = Plus ? add(A.Hi, B.Hi) : sub(A.Hi, B.Lo);
    return Out;
  }
  case ExprKind::Mul:
    if (RightConstant)
      return timesConstant(A, *RightConstant);
    if (auto C = constantOf(L))
      return timesConstant(rangeAt(R, Rt, Depth + 1), *C);
    return {};
  case ExprKind::Div:
    if (RightConstant && *RightConstant != 0 && *RightConstant != -1)
      return dividedByConstant(A, *RightConstant);
    return {};
  case ExprKind::Mod:
    return remainder(R, A, Rt);
  case ExprKind::Shl:
    if (RightConstant && *RightConstant >= 0 && *RightConstant < 62)
      return timesConstant(A, int64_t(1) << *RightConstant);
    return {};
  case ExprKind::Shr:
    // Division by a power of two, for values known not to be negative
    // (an arithmetic shift of a negative value rounds down).
    if (RightConstant && *RightConstant >= 0 && *RightConstant < 62 && A.Lo &&
        constantOf(A.Lo).value_or(-1) >= 0)
      return dividedByConstant(A, int64_t(1) << *RightConstant);
    return {};
  case ExprKind::Min:
  case ExprKind::Max:
    return minOrMax(A, rangeAt(R, Rt, Depth + 1), E.kind() == ExprKind::Min);
  default:
    return {};
  }
}

ValueRange rangeAt(const ParallelRegion &R, const ExprRef &E, unsigned Depth) {
  if (!E || Depth > 32)
    return {};
  switch (E->kind()) {
  case ExprKind::Constant:
    return {E, E, {}};
  case ExprKind::Symbol:
    return symbolRange(R, E->symbol());
  case ExprKind::Neg: {
    ValueRange X = rangeAt(R, E->operands()[0], Depth + 1);
    return timesConstant(X, -1);
  }
  default:
    return binaryRange(R, *E, Depth);
  }
}

} // namespace

bool sameInEveryWorkItem(const ParallelRegion &R, const ExprRef &E) {
  return !E->mentions([&](SymbolId S) {
    const Symbol &Sym = R.symbol(S);
    return Sym.Kind != SymbolKind::Invariant &&
           !(Sym.Kind == SymbolKind::Opaque && !Sym.IterationDependent);
  });
}

ValueRange rangeOf(const ParallelRegion &R, const ExprRef &E) {
  return rangeAt(R, E, 0);
}

bool knownNonNegative(const ParallelRegion &R, const ExprRef &E) {
  ValueRange X = rangeOf(R, E);
  return X.Requires.empty() && X.Lo && constantOf(X.Lo).value_or(-1) >= 0;
}

ExprRef valueCount(const ValueRange &Range) {
  if (!Range.bounded())
    return nullptr;
  return Expr::binary(ExprKind::Add,
                      Expr::binary(ExprKind::Sub, Range.Hi, Range.Lo),
                      Expr::constant(1));
}

ExprRef maskedRemainder(const ParallelRegion &R, const ExprRef &X,
                        const ExprRef &Mask) {
  std::optional<int64_t> M = constantOf(Mask);
  if (!M || *M < 0 || *M == INT64_MAX || (*M & (*M + 1)) != 0 ||
      !knownNonNegative(R, X))
    return nullptr;
  return Expr::binary(ExprKind::Mod, X, Expr::constant(*M + 1));
}

ExprRef bitAndUpperBound(const ParallelRegion &R, const ExprRef &A,
                         const ExprRef &B) {
  // A mask every work item shares is not negative where a count of values
  // at least 1 follows from it; a bounded operand must start at 0 or more.
  ExprRef Top;
  for (const ExprRef &Mask : {A, B}) {
    ValueRange Range = rangeOf(R, Mask);
    bool NonNegative = sameInEveryWorkItem(R, Mask) ||
                       (Range.Lo && constantOf(Range.Lo).value_or(-1) >= 0);
    if (!Range.Hi || !Range.Requires.empty() || !NonNegative ||
        !sameInEveryWorkItem(R, Range.Hi))
      continue;
    Top = Top ? Expr::binary(ExprKind::Min, Top, Range.Hi) : Range.Hi;
  }
  return Top;
}

} // namespace privateer
