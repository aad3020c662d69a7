//===- Delinearize.cpp - Row-major indices back to dimensions -------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/Delinearize.h"

#include "privateer/Model/Polynomial.h"

#include <optional>
#include <set>

namespace privateer {

namespace {

/// Whether \p Rest is a single loop variable whose values are exactly
/// [0, S-1] (so that S >= 1 whenever the access runs).
bool isBoundedRemainder(const ParallelRegion &R, const Polynomial &Rest,
                        SymbolId S) {
  if (Rest.Terms.size() != 1)
    return false;
  const auto &[M, C] = *Rest.Terms.begin();
  if (M.size() != 1 || C != 1)
    return false;
  const Symbol &V = R.symbol(M[0]);
  if (V.Kind != SymbolKind::InnerLoop && V.Kind != SymbolKind::Induction)
    return false;
  if (!V.Min || V.Min->kind() != ExprKind::Constant || V.Min->value() != 0 ||
      !V.Max || V.Step != 1)
    return false;
  auto Max = toAffine(*V.Max);
  return Max && Max->Constant == -1 && Max->Coeffs.size() == 1 &&
         Max->coeff(S) == 1;
}

/// The constant C such that \p V ranges over exactly [0, C-1], if any.
std::optional<int64_t> constantRange(const Symbol &V) {
  if ((V.Kind != SymbolKind::InnerLoop && V.Kind != SymbolKind::Induction) ||
      !V.Min || V.Min->kind() != ExprKind::Constant || V.Min->value() != 0 ||
      !V.Max || V.Max->kind() != ExprKind::Constant || V.Step != 1 ||
      V.Max->value() < 1 || V.Max->value() > (int64_t(1) << 40))
    return std::nullopt;
  return V.Max->value() + 1;
}

/// Splits \p P as C*Q + r with r a loop variable over [0, C-1] (or no r).
bool splitConstant(const ParallelRegion &R, const Polynomial &P, int64_t C,
                   Polynomial &Q, Polynomial &Rest, bool &Bounded) {
  Q.Terms.clear();
  Rest.Terms.clear();
  Bounded = false;
  for (const auto &[M, K] : P.Terms) {
    if (K % C == 0) {
      Q.Terms[M] = K / C;
      continue;
    }
    if (Bounded || K != 1 || M.size() != 1 ||
        constantRange(R.symbol(M[0])) != C)
      return false;
    Rest.Terms[M] = 1;
    Bounded = true;
  }
  return true;
}

bool splitOnce(const ParallelRegion &R, Access &A, Access &B) {
  auto Split = [](Access &X, size_t D, const Polynomial &Q,
                  const Polynomial &Rest) {
    X.Index[D] = Q.toExpr();
    X.Index.insert(X.Index.begin() + D + 1, Rest.toExpr());
    if (X.Fields.size() > D)
      X.Fields.insert(X.Fields.begin() + D + 1, "");
  };
  for (size_t D = 0; D < A.Index.size(); ++D) {
    auto PA = toPolynomial(*A.Index[D]), PB = toPolynomial(*B.Index[D]);
    if (!PA || !PB)
      continue;
    // Constant strides: `a[8*b + k]` with k in [0, 7].
    std::set<int64_t> Widths;
    for (const Polynomial *P : {&*PA, &*PB})
      for (const auto &[M, K] : P->Terms)
        if (M.size() == 1 && K == 1)
          if (auto C = constantRange(R.symbol(M[0])))
            Widths.insert(*C);
    for (int64_t C : Widths) {
      Polynomial QA, RA, QB, RB;
      bool BA = false, BB = false;
      if (!splitConstant(R, *PA, C, QA, RA, BA) ||
          !splitConstant(R, *PB, C, QB, RB, BB) || !(BA || BB) ||
          (QA.Terms.empty() && QB.Terms.empty()))
        continue;
      Split(A, D, QA, RA);
      Split(B, D, QB, RB);
      return true;
    }
    std::set<SymbolId> Strides;
    for (const Polynomial *P : {&*PA, &*PB})
      for (const auto &[M, C] : P->Terms)
        for (SymbolId S : M)
          if (R.symbol(S).Kind == SymbolKind::Invariant)
            Strides.insert(S);
    for (SymbolId S : Strides) {
      Polynomial QA, RA, QB, RB;
      PA->divide(S, QA, RA);
      PB->divide(S, QB, RB);
      if (QA.mentions(S) || QB.mentions(S))
        continue; // s*s terms: not one row-major level
      bool BoundedA = isBoundedRemainder(R, RA, S);
      bool BoundedB = isBoundedRemainder(R, RB, S);
      if (!(BoundedA || RA.Terms.empty()) || !(BoundedB || RB.Terms.empty()) ||
          !(BoundedA || BoundedB))
        continue;
      Split(A, D, QA, RA);
      Split(B, D, QB, RB);
      return true;
    }
  }
  return false;
}

} // namespace

bool delinearize(const ParallelRegion &R, Access &A, Access &B) {
  if (A.Index.size() != B.Index.size() || A.RangeLength || B.RangeLength ||
      A.WholeBuffer || B.WholeBuffer)
    return false;
  bool Any = false;
  // `((i*m + j)*p + k)` takes one split per level.
  for (int Level = 0; Level < 4 && splitOnce(R, A, B); ++Level)
    Any = true;
  return Any;
}

} // namespace privateer
