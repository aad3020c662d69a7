//===- Polynomial.cpp - Polynomial normal form of indices -----------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Model/Polynomial.h"

#include <algorithm>

namespace privateer {

namespace {
/// Products of more symbols than this are not indices worth normalizing.
constexpr size_t MaxDegree = 4;

bool addTerm(Polynomial &P, const Monomial &M, int64_t C) {
  int64_t &Slot = P.Terms[M];
  if (__builtin_add_overflow(Slot, C, &Slot))
    return false;
  if (Slot == 0)
    P.Terms.erase(M);
  return true;
}

std::optional<Polynomial> add(const Polynomial &A, const Polynomial &B,
                              int64_t Sign) {
  Polynomial R = A;
  for (const auto &[M, C] : B.Terms) {
    int64_t Signed;
    if (__builtin_mul_overflow(C, Sign, &Signed) || !addTerm(R, M, Signed))
      return std::nullopt;
  }
  return R;
}

std::optional<Polynomial> multiply(const Polynomial &A, const Polynomial &B) {
  Polynomial R;
  for (const auto &[MA, CA] : A.Terms)
    for (const auto &[MB, CB] : B.Terms) {
      Monomial M = MA;
      M.insert(M.end(), MB.begin(), MB.end());
      if (M.size() > MaxDegree)
        return std::nullopt;
      std::sort(M.begin(), M.end());
      int64_t C;
      if (__builtin_mul_overflow(CA, CB, &C) || !addTerm(R, M, C))
        return std::nullopt;
    }
  return R;
}
} // namespace

bool Polynomial::mentions(SymbolId S) const {
  for (const auto &[M, C] : Terms)
    if (std::find(M.begin(), M.end(), S) != M.end())
      return true;
  return false;
}

void Polynomial::divide(SymbolId S, Polynomial &Quotient,
                        Polynomial &Rest) const {
  Quotient.Terms.clear();
  Rest.Terms.clear();
  for (const auto &[M, C] : Terms) {
    auto It = std::find(M.begin(), M.end(), S);
    if (It == M.end()) {
      Rest.Terms[M] = C;
      continue;
    }
    Monomial Q = M;
    Q.erase(Q.begin() + (It - M.begin()));
    Quotient.Terms[Q] = C;
  }
}

ExprRef Polynomial::toExpr() const {
  ExprRef Sum;
  for (const auto &[M, C] : Terms) {
    ExprRef Term = Expr::constant(C);
    for (SymbolId S : M)
      Term = (Term->kind() == ExprKind::Constant && Term->value() == 1)
                 ? Expr::symbol(S)
                 : Expr::binary(ExprKind::Mul, Term, Expr::symbol(S));
    Sum = Sum ? Expr::binary(ExprKind::Add, Sum, Term) : Term;
  }
  return Sum ? Sum : Expr::constant(0);
}

std::optional<Polynomial> toPolynomial(const Expr &E) {
  Polynomial P;
  switch (E.kind()) {
  case ExprKind::Constant:
    if (E.value() != 0)
      P.Terms[{}] = E.value();
    return P;
  case ExprKind::Symbol:
    P.Terms[{E.symbol()}] = 1;
    return P;
  case ExprKind::Neg: {
    auto X = toPolynomial(*E.operands()[0]);
    return X ? add(Polynomial(), *X, -1) : std::nullopt;
  }
  case ExprKind::Add:
  case ExprKind::Sub:
  case ExprKind::Mul: {
    auto L = toPolynomial(*E.operands()[0]);
    auto R = toPolynomial(*E.operands()[1]);
    if (!L || !R)
      return std::nullopt;
    if (E.kind() == ExprKind::Mul)
      return multiply(*L, *R);
    return add(*L, *R, E.kind() == ExprKind::Add ? 1 : -1);
  }
  case ExprKind::Shl: {
    const Expr &Amount = *E.operands()[1];
    auto L = toPolynomial(*E.operands()[0]);
    if (!L || Amount.kind() != ExprKind::Constant || Amount.value() < 0 ||
        Amount.value() > 62)
      return std::nullopt;
    Polynomial Pow;
    Pow.Terms[{}] = int64_t(1) << Amount.value();
    return multiply(*L, Pow);
  }
  default:
    return std::nullopt;
  }
}

} // namespace privateer
