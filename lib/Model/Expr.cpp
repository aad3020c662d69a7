//===- Expr.cpp - Symbolic index expressions ------------------------------===//
//
// Part of privateer. Construction with light folding, structural equality,
// affine normalization and evaluation of symbolic index expressions.
//
//===----------------------------------------------------------------------===//

#include "privateer/Model/Expr.h"

#include "privateer/Model/CheckedInt.h"

namespace privateer {

namespace {
bool addOverflows(int64_t A, int64_t B, int64_t &R) {
  return __builtin_add_overflow(A, B, &R);
}
bool mulOverflows(int64_t A, int64_t B, int64_t &R) {
  return __builtin_mul_overflow(A, B, &R);
}
} // namespace

ExprRef Expr::constant(int64_t V) {
  auto E = std::make_shared<Expr>();
  E->Kind = ExprKind::Constant;
  E->Value = V;
  return E;
}

ExprRef Expr::symbol(SymbolId S) {
  auto E = std::make_shared<Expr>();
  E->Kind = ExprKind::Symbol;
  E->Sym = S;
  return E;
}

ExprRef Expr::neg(ExprRef Op) {
  if (Op->kind() == ExprKind::Constant && Op->value() != INT64_MIN)
    return constant(-Op->value());
  auto E = std::make_shared<Expr>();
  E->Kind = ExprKind::Neg;
  E->Ops = {std::move(Op)};
  return E;
}

ExprRef Expr::binary(ExprKind K, ExprRef L, ExprRef R) {
  // Fold constants so that `N - 1` with a known N stays a constant; the
  // affine normalization handles everything else.
  if (L->kind() == ExprKind::Constant && R->kind() == ExprKind::Constant) {
    auto Folded = evaluate(*binaryUnfolded(K, L, R),
                           [](SymbolId) { return std::nullopt; });
    if (Folded)
      return constant(*Folded);
  }
  return binaryUnfolded(K, std::move(L), std::move(R));
}

ExprRef Expr::binaryUnfolded(ExprKind K, ExprRef L, ExprRef R) {
  auto E = std::make_shared<Expr>();
  E->Kind = K;
  E->Ops = {std::move(L), std::move(R)};
  return E;
}

bool Expr::mentions(const std::function<bool(SymbolId)> &Pred) const {
  if (Kind == ExprKind::Symbol)
    return Pred(Sym);
  for (const ExprRef &Op : Ops)
    if (Op->mentions(Pred))
      return true;
  return false;
}

bool Expr::equals(const Expr &Other) const {
  if (Kind != Other.Kind || Ops.size() != Other.Ops.size())
    return false;
  if (Kind == ExprKind::Constant)
    return Value == Other.Value;
  if (Kind == ExprKind::Symbol)
    return Sym == Other.Sym;
  for (size_t I = 0; I < Ops.size(); ++I)
    if (!Ops[I]->equals(*Other.Ops[I]))
      return false;
  return true;
}

ExprRef substitute(const ExprRef &E, SymbolId S, const ExprRef &Value) {
  switch (E->kind()) {
  case ExprKind::Constant:
    return E;
  case ExprKind::Symbol:
    return E->symbol() == S ? Value : E;
  case ExprKind::Neg:
    return Expr::neg(substitute(E->operands()[0], S, Value));
  default:
    return Expr::binary(E->kind(), substitute(E->operands()[0], S, Value),
                        substitute(E->operands()[1], S, Value));
  }
}

bool equalIndex(const std::vector<ExprRef> &A, const std::vector<ExprRef> &B) {
  if (A.size() != B.size())
    return false;
  for (size_t I = 0; I < A.size(); ++I) {
    // Affine forms compare `i + 1` and `1 + i` as equal.
    auto FA = toAffine(*A[I]), FB = toAffine(*B[I]);
    if (FA && FB) {
      if (FA->Coeffs != FB->Coeffs || FA->Constant != FB->Constant)
        return false;
      continue;
    }
    if (!A[I]->equals(*B[I]))
      return false;
  }
  return true;
}

namespace {
std::optional<AffineForm> scale(AffineForm F, int64_t C) {
  for (auto &[S, K] : F.Coeffs)
    if (mulOverflows(K, C, K))
      return std::nullopt;
  if (mulOverflows(F.Constant, C, F.Constant))
    return std::nullopt;
  if (C == 0)
    F.Coeffs.clear();
  return F;
}

std::optional<AffineForm> add(AffineForm A, const AffineForm &B) {
  for (const auto &[S, K] : B.Coeffs) {
    int64_t &Slot = A.Coeffs[S];
    if (addOverflows(Slot, K, Slot))
      return std::nullopt;
    if (Slot == 0)
      A.Coeffs.erase(S);
  }
  if (addOverflows(A.Constant, B.Constant, A.Constant))
    return std::nullopt;
  return A;
}
} // namespace

std::optional<AffineForm> toAffine(const Expr &E) {
  switch (E.kind()) {
  case ExprKind::Constant: {
    AffineForm F;
    F.Constant = E.value();
    return F;
  }
  case ExprKind::Symbol: {
    AffineForm F;
    F.Coeffs[E.symbol()] = 1;
    return F;
  }
  case ExprKind::Neg: {
    auto F = toAffine(*E.operands()[0]);
    return F ? scale(*F, -1) : std::nullopt;
  }
  case ExprKind::Add:
  case ExprKind::Sub: {
    auto L = toAffine(*E.operands()[0]);
    auto R = toAffine(*E.operands()[1]);
    if (!L || !R)
      return std::nullopt;
    if (E.kind() == ExprKind::Sub) {
      R = scale(*R, -1);
      if (!R)
        return std::nullopt;
    }
    return add(*L, *R);
  }
  case ExprKind::Mul: {
    auto L = toAffine(*E.operands()[0]);
    auto R = toAffine(*E.operands()[1]);
    if (!L || !R)
      return std::nullopt;
    if (L->isConstant())
      return scale(*R, L->Constant);
    if (R->isConstant())
      return scale(*L, R->Constant);
    return std::nullopt;
  }
  case ExprKind::Shl: {
    auto L = toAffine(*E.operands()[0]);
    auto R = toAffine(*E.operands()[1]);
    if (!L || !R || !R->isConstant() || R->Constant < 0 || R->Constant > 62)
      return std::nullopt;
    return scale(*L, int64_t(1) << R->Constant);
  }
  default:
    return std::nullopt;
  }
}

std::optional<int64_t>
evaluate(const Expr &E,
         const std::function<std::optional<int64_t>(SymbolId)> &Values) {
  if (E.kind() == ExprKind::Constant)
    return E.value();
  if (E.kind() == ExprKind::Symbol)
    return Values(E.symbol());
  std::vector<int64_t> V;
  for (const ExprRef &Op : E.operands()) {
    auto X = evaluate(*Op, Values);
    if (!X)
      return std::nullopt;
    V.push_back(*X);
  }
  // Overflow, division by zero, `INT64_MIN % -1` and shifts out of range
  // give no value.
  CheckedInt L = V[0], R = V.size() > 1 ? CheckedInt(V[1]) : CheckedInt();
  switch (E.kind()) {
  case ExprKind::Neg:
    return (-L).get();
  case ExprKind::Add:
    return (L + R).get();
  case ExprKind::Sub:
    return (L - R).get();
  case ExprKind::Mul:
    return (L * R).get();
  case ExprKind::Div:
    return (L / R).get();
  case ExprKind::Mod:
    return (L % R).get();
  case ExprKind::Shl:
    // A negative value shifted left is undefined in C; not folded.
    if (*L < 0)
      return std::nullopt;
    return checkedShl(L, R).get();
  case ExprKind::Shr:
    return checkedShr(L, R).get();
  case ExprKind::Min:
    return V[0] < V[1] ? V[0] : V[1];
  case ExprKind::Max:
    return V[0] > V[1] ? V[0] : V[1];
  default:
    return std::nullopt;
  }
}

} // namespace privateer
