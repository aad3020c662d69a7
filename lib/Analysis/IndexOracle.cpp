//===- IndexOracle.cpp - What every index oracle answers ------------------===//
//
// Part of privateer. The answers every index oracle gives without looking
// at indices (conditions on constants, counts that are constants) and the
// rendering of an access's element for messages.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/IndexOracle.h"

namespace privateer {

IndexOracle::~IndexOracle() = default;

Conflict IndexOracle::satisfy(const ParallelRegion &,
                              const std::vector<Condition> &Conditions,
                              const ExprRef &) {
  Conflict C;
  for (const Condition &Cond : Conditions) {
    if (Cond.Lhs->kind() != ExprKind::Constant ||
        Cond.Rhs->kind() != ExprKind::Constant)
      return C;
    int64_t L = Cond.Lhs->value(), Rt = Cond.Rhs->value();
    bool Holds = false;
    switch (Cond.Op) {
    case Comparison::EQ:
      Holds = L == Rt;
      break;
    case Comparison::NE:
      Holds = L != Rt;
      break;
    case Comparison::LT:
      Holds = L < Rt;
      break;
    case Comparison::LE:
      Holds = L <= Rt;
      break;
    case Comparison::GT:
      Holds = L > Rt;
      break;
    case Comparison::GE:
      Holds = L >= Rt;
      break;
    }
    if (!Holds) {
      C.V = Verdict::Disjoint;
      return C;
    }
  }
  C.V = Verdict::Collide;
  C.W.emplace();
  return C;
}

Conflict IndexOracle::outnumber(const ParallelRegion &, const Access &,
                                const CountingQuestion &Q) {
  Conflict C;
  if (!Q.Requires.empty() || !Q.Items || !Q.Values ||
      Q.Items->kind() != ExprKind::Constant ||
      Q.Values->kind() != ExprKind::Constant)
    return C;
  if (Q.Values->value() >= 1 && Q.Items->value() > Q.Values->value()) {
    C.V = Verdict::Collide;
    C.W.emplace();
    C.W->Items = Q.Items;
    C.W->Values = Q.Values;
  }
  return C;
}

std::string renderElement(const ParallelRegion &R, const Access &A,
                          const std::vector<int64_t> *Values) {
  const Buffer &B = R.Buffers[A.BufferIndex];
  std::string Out = B.Name;
  size_t D = 0;
  // `*p` and `p->f` rather than `p[0]` and `p[0].f`.
  if (B.Kind == BufferKind::Pointee && !A.Index.empty() &&
      A.Index[0]->kind() == ExprKind::Constant && A.Index[0]->value() == 0 &&
      (!Values || (*Values)[0] == 0)) {
    if (A.Index.size() == 1)
      return "*" + Out;
    if (A.Fields.size() > 1 && !A.Fields[1].empty()) {
      Out += "->" + A.Fields[1];
      D = 2;
    }
  }
  for (; D < A.Index.size(); ++D) {
    if (D < A.Fields.size() && !A.Fields[D].empty()) {
      // Fortran selects a component with `%`.
      Out +=
          (R.Model == ProgrammingModelKind::Fortran ? "%" : ".") + A.Fields[D];
      continue;
    }
    Out += "[" +
           (Values && D < Values->size() ? std::to_string((*Values)[D])
                                         : R.print(*A.Index[D])) +
           "]";
  }
  return Out;
}

} // namespace privateer
