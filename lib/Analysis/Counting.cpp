//===- Counting.cpp - Collisions proven by counting -----------------------===//
//
// Part of privateer. Builds the pigeonhole question of an access: how many
// work items make it, and how many elements its index can select.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/Counting.h"

#include "privateer/Model/CheckedInt.h"
#include "privateer/Model/Polynomial.h"
#include "privateer/Model/ValueRange.h"

#include <algorithm>

namespace privateer {

namespace {

/// The most elements an index may select for counting to prove anything.
constexpr int64_t MaxCountedValues = INT32_MAX;

/// \p E in its polynomial normal form where it has one (`4 * size - 1 - 0
/// + 1` reads `4 * size`).
ExprRef simplified(const ExprRef &E) {
  if (auto P = toPolynomial(*E))
    return P->toExpr();
  return E;
}

bool mentionsData(const ParallelRegion &R, const ExprRef &E) {
  return E->mentions([&](SymbolId S) {
    const Symbol &Sym = R.symbol(S);
    return Sym.Kind == SymbolKind::Opaque && Sym.IterationDependent;
  });
}

/// An access that every work item makes, unsynchronized, at one element:
/// what the count of work items counts.
bool madeOnceByEveryWorkItem(const Access &A) {
  return A.Kind != AccessKind::Read && A.OnEveryPath &&
         A.Protection == Guard::None && !A.InNestedTask && !A.WholeBuffer &&
         !A.RangeLength && !A.SingleWorkItem && !A.PinnedItem &&
         !A.Index.empty() &&
         // (A condition the code states holds where every one runs.)
         std::all_of(A.Conditions.begin(), A.Conditions.end(),
                     [](const Condition &C) { return C.Stated; });
}

/// The values dimension \p D of \p A's index can take, with the array's
/// extent as a bound where the buffer is an array (an index past it is
/// undefined behaviour, so every run that means anything stays within).
ValueRange dimensionRange(const ParallelRegion &R, const Access &A, size_t D) {
  ValueRange Range = rangeOf(R, A.Index[D]);
  const Buffer &B = R.Buffers[A.BufferIndex];
  if (D != 0 || B.Kind != BufferKind::Array || !B.Extent || *B.Extent == 0 ||
      !B.FirstIndex)
    return Range;
  CheckedInt First = *B.FirstIndex;
  CheckedInt LastIndex = First + CheckedInt::fromUnsigned(*B.Extent) - 1;
  if (!LastIndex)
    return Range;
  int64_t Last = *LastIndex;
  auto Constant = [](const ExprRef &E) -> std::optional<int64_t> {
    if (E && E->kind() == ExprKind::Constant)
      return E->value();
    return std::nullopt;
  };
  auto Lo = Constant(Range.Lo), Hi = Constant(Range.Hi);
  bool NewLo = !Lo || *Lo < *First, NewHi = !Hi || *Hi > Last;
  if (NewLo)
    Range.Lo = Expr::constant(*First);
  if (NewHi)
    Range.Hi = Expr::constant(Last);
  if (NewLo && NewHi)
    Range.Requires.clear(); // (what the old bounds relied on)
  return Range;
}

} // namespace

ExprRef workItemCount(const ParallelRegion &R,
                      std::vector<Condition> &Requires) {
  ExprRef Count = Expr::constant(1);
  for (SymbolId V : R.WorkItemVars) {
    const Symbol &S = R.symbol(V);
    // A triangular nest (bounds that name another work item) or a step
    // known only at run time counts otherwise.
    if (!S.Min || !S.Max || S.Step <= 0 || S.RuntimeStep ||
        !sameInEveryWorkItem(R, S.Min) || !sameInEveryWorkItem(R, S.Max))
      return nullptr;
    ExprRef Span = Expr::binary(ExprKind::Sub, S.Max, S.Min);
    if (S.Step > 1)
      Span = Expr::binary(ExprKind::Div, Span, Expr::constant(S.Step));
    if (S.Max->kind() != ExprKind::Constant ||
        S.Min->kind() != ExprKind::Constant)
      Requires.push_back({S.Max, Comparison::GE, S.Min});
    else if (S.Max->value() < S.Min->value())
      return Expr::constant(0);
    Count = Expr::binary(ExprKind::Mul, Count,
                         Expr::binary(ExprKind::Add, Span, Expr::constant(1)));
  }
  return simplified(Count);
}

std::optional<CountingQuestion> countingQuestion(const ParallelRegion &R,
                                                 const Access &A) {
  if (R.Kind != RegionKind::Loop || R.WorkItemVars.empty() ||
      !madeOnceByEveryWorkItem(A))
    return std::nullopt;
  // An index the model computes is decided exactly, not counted.
  bool Data = false;
  for (const ExprRef &I : A.Index)
    Data |= mentionsData(R, I);
  if (!Data)
    return std::nullopt;
  CountingQuestion Q;
  Q.Values = Expr::constant(1);
  for (size_t D = 0; D < A.Index.size(); ++D) {
    if (sameInEveryWorkItem(R, A.Index[D]))
      continue; // one element in every work item
    ValueRange Range = dimensionRange(R, A, D);
    ExprRef Count = valueCount(Range);
    if (!Count || !sameInEveryWorkItem(R, Count))
      return std::nullopt;
    for (const Condition &C : Range.Requires)
      if (!sameInEveryWorkItem(R, C.Lhs) || !sameInEveryWorkItem(R, C.Rhs))
        return std::nullopt;
    Q.Requires.insert(Q.Requires.end(), Range.Requires.begin(),
                      Range.Requires.end());
    Q.Values = Expr::binary(ExprKind::Mul, Q.Values, Count);
  }
  Q.Values = simplified(Q.Values);
  // More elements than an `int` counts are more than any loop the model
  // knows the type of could outnumber: nothing is proven by them.
  if (Q.Values->kind() == ExprKind::Constant &&
      Q.Values->value() > MaxCountedValues)
    return std::nullopt;
  Q.Items = workItemCount(R, Q.Requires);
  if (!Q.Items)
    return std::nullopt;
  return Q;
}

} // namespace privateer
