//===- Delinearize.cpp - Row-major indices back to dimensions -------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/Delinearize.h"

#include "privateer/Model/CheckedInt.h"
#include "privateer/Model/Polynomial.h"

#include <optional>
#include <set>

namespace privateer {

namespace {

/// Whether \p Rest is `v + d` for a loop variable v whose values keep it
/// within [0, S-1] (so that S >= 1 whenever the access runs).
bool isBoundedRemainder(const ParallelRegion &R, const Polynomial &Rest,
                        SymbolId S) {
  int64_t D = 0;
  const Symbol *V = nullptr;
  for (const auto &[M, C] : Rest.Terms) {
    if (M.empty()) {
      D = C;
      continue;
    }
    if (M.size() != 1 || C != 1 || V)
      return false;
    V = &R.symbol(M[0]);
  }
  if (!V ||
      (V->Kind != SymbolKind::InnerLoop && V->Kind != SymbolKind::Induction))
    return false;
  // (User constants: a sum past int64_t proves nothing.)
  if (!V->Min || V->Min->kind() != ExprKind::Constant || !V->Max)
    return false;
  CheckedInt Low = CheckedInt(V->Min->value()) + D;
  if (!Low || *Low < 0)
    return false;
  // Max + d <= S - 1, with Max affine in S alone: Max = S + e.
  auto Max = toAffine(*V->Max);
  if (!Max || Max->Coeffs.size() != 1 || Max->coeff(S) != 1)
    return false;
  CheckedInt High = CheckedInt(Max->Constant) + D;
  return High && *High <= -1;
}

/// The inclusive constant range of loop variable \p V, if it has one.
std::optional<std::pair<int64_t, int64_t>> constantRange(const Symbol &V) {
  if ((V.Kind != SymbolKind::InnerLoop && V.Kind != SymbolKind::Induction) ||
      !V.Min || V.Min->kind() != ExprKind::Constant || !V.Max ||
      V.Max->kind() != ExprKind::Constant || V.Max->value() < V.Min->value())
    return std::nullopt;
  return std::make_pair(V.Min->value(), V.Max->value());
}

/// Splits \p P as C*Q + r with r = v + d a loop variable staying within
/// [0, C-1], or r a constant in that range.
bool splitConstant(const ParallelRegion &R, const Polynomial &P, int64_t C,
                   Polynomial &Q, Polynomial &Rest, bool &Bounded) {
  Q.Terms.clear();
  Rest.Terms.clear();
  Bounded = false;
  const Symbol *V = nullptr;
  int64_t D = 0;
  for (const auto &[M, K] : P.Terms) {
    if (M.empty()) {
      // The constant splits into a multiple of C and a remainder; a
      // floor division keeps the remainder non-negative.
      int64_t Q0 = K / C, R0 = K % C;
      if (R0 < 0) {
        R0 += C;
        --Q0;
      }
      if (Q0)
        Q.Terms[M] = Q0;
      D = R0;
      continue;
    }
    if (K % C == 0) {
      Q.Terms[M] = K / C;
      continue;
    }
    if (V || K != 1 || M.size() != 1)
      return false;
    V = &R.symbol(M[0]);
    Rest.Terms[M] = 1;
  }
  if (D)
    Rest.Terms[{}] = D;
  if (!V)
    return Rest.Terms.empty() || D < C; // a constant remainder
  auto Range = constantRange(*V);
  if (!Range)
    return false;
  CheckedInt Low = CheckedInt(Range->first) + D;
  CheckedInt High = CheckedInt(Range->second) + D;
  if (!Low || !High || *Low < 0 || *High > C - 1)
    return false;
  Bounded = true;
  return true;
}

bool splitOnce(const ParallelRegion &R, Access &A, Access &B) {
  auto Split = [](Access &X, size_t D, const Polynomial &Q,
                  const Polynomial &Rest) {
    X.Index[D] = Q.toExpr();
    X.Index.insert(X.Index.begin() + D + 1, Rest.toExpr());
    if (X.Fields.size() > D)
      X.Fields.insert(X.Fields.begin() + D + 1, "");
    if (X.Strides.size() > D) {
      // The remainder steps like the flat index; the quotient by rows.
      X.Strides.insert(X.Strides.begin() + D + 1, X.Strides[D]);
      X.Strides[D] = 0;
    }
  };
  for (size_t D = 0; D < A.Index.size(); ++D) {
    auto PA = toPolynomial(*A.Index[D]), PB = toPolynomial(*B.Index[D]);
    if (!PA || !PB)
      continue;
    // Constant strides: `a[8*b + k]` with k in [0, 7]; the candidate widths
    // are the coefficients of the other terms.
    std::set<int64_t> Widths;
    for (const Polynomial *P : {&*PA, &*PB})
      for (const auto &[M, K] : P->Terms)
        if (CheckedInt Width = checkedAbs(K); !M.empty() && Width && *Width > 1)
          Widths.insert(*Width); // (INT64_MIN has no width)
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
