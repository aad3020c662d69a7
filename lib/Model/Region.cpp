//===- Region.cpp - Parallel regions, buffers and accesses ----------------===//
//
// Part of privateer. Queries on the model shared by every analysis.
//
//===----------------------------------------------------------------------===//

#include "privateer/Model/Region.h"

#include <algorithm>

namespace privateer {

CheckedInt constantTripCount(const Symbol &S) {
  if (!S.Min || !S.Max || S.Min->kind() != ExprKind::Constant ||
      S.Max->kind() != ExprKind::Constant || S.Step <= 0)
    return {};
  CheckedInt Lo = S.Min->value(), Hi = S.Max->value();
  if (*Hi < *Lo)
    return 0;
  return (Hi - Lo) / S.Step + 1;
}

bool ParallelRegion::isWorkItemVar(SymbolId Id) const {
  return std::find(WorkItemVars.begin(), WorkItemVars.end(), Id) !=
         WorkItemVars.end();
}

bool ParallelRegion::symbolDependsOnWorkItem(SymbolId S, unsigned Depth) const {
  const Symbol &Sym = Symbols[S];
  if (isWorkItemVar(S) || Sym.Kind == SymbolKind::Induction ||
      Sym.Kind == SymbolKind::ThreadId ||
      (Sym.Kind == SymbolKind::Opaque && Sym.IterationDependent))
    return true;
  // An inner loop whose range depends on the work item (`for (j = lo(t);
  // j < hi(t); j++)`, `j = 1 + i % 2`) takes different values in each.
  if (Sym.Kind == SymbolKind::InnerLoop && Depth < 8)
    for (const ExprRef &B : {Sym.Min, Sym.Max})
      if (B && B->mentions([&](SymbolId X) {
            return symbolDependsOnWorkItem(X, Depth + 1);
          }))
        return true;
  return false;
}

bool ParallelRegion::dependsOnWorkItem(const Expr &E) const {
  return E.mentions(
      [this](SymbolId S) { return symbolDependsOnWorkItem(S, 0); });
}

bool ParallelRegion::dependsOnWorkItem(const Access &A) const {
  for (const ExprRef &I : A.Index)
    if (dependsOnWorkItem(*I))
      return true;
  return A.RangeLength && dependsOnWorkItem(*A.RangeLength);
}

BarrierOrder barrierOrder(const ParallelRegion &R, const Access &A,
                          const Access &B) {
  const Access &Early = A.Order <= B.Order ? A : B;
  const Access &Late = A.Order <= B.Order ? B : A;
  // (Without a program order, as a front end may give, different phases
  // are ordered.)
  if (Late.Phase > Early.Phase || (A.Order == B.Order && A.Phase != B.Phase))
    return BarrierOrder::Ordered;
  // The branches that hold the earlier access but not the later one: a
  // barrier after it in one of them lies on every path between the two.
  size_t Common = 0;
  while (Common < Early.Branch.size() && Common < Late.Branch.size() &&
         Early.Branch[Common] == Late.Branch[Common])
    ++Common;
  for (size_t K = Common; K < Early.Branch.size(); ++K) {
    auto It = R.BranchEndPhase.find(Early.Branch[K]);
    if (It != R.BranchEndPhase.end() && It->second > Early.Phase)
      return BarrierOrder::Ordered;
  }
  if (Late.Phase == Early.Phase &&
      Late.PossibleBarriers == Early.PossibleBarriers)
    return BarrierOrder::Unordered;
  return BarrierOrder::MayBeOrdered;
}

bool selectDifferentMembers(const Access &A, const Access &B) {
  auto IsMember = [](const Access &X, size_t D) {
    return D < X.Fields.size() && !X.Fields[D].empty();
  };
  size_t Common = std::min(A.Index.size(), B.Index.size());
  for (size_t D = 0; D < Common; ++D) {
    bool FieldA = IsMember(A, D), FieldB = IsMember(B, D);
    // A member against a subscript: the two see the memory through
    // different layouts (a cast, a union of an array and a struct).
    if (FieldA != FieldB)
      return false;
    if (!FieldA)
      continue; // elements of an array: members below still differ
    const Expr &IA = *A.Index[D], &IB = *B.Index[D];
    if (IA.kind() != ExprKind::Constant || IB.kind() != ExprKind::Constant)
      return false; // (a range that starts at a member)
    if (IA.value() != IB.value())
      return true;
  }
  return false;
}

namespace {
int precedence(ExprKind K) {
  switch (K) {
  case ExprKind::Add:
  case ExprKind::Sub:
    return 1;
  case ExprKind::Mul:
  case ExprKind::Div:
  case ExprKind::Mod:
    return 2;
  case ExprKind::Shl:
  case ExprKind::Shr:
    return 0;
  default:
    return 3;
  }
}

const char *spell(ExprKind K) {
  switch (K) {
  case ExprKind::Add:
    return " + ";
  case ExprKind::Sub:
    return " - ";
  case ExprKind::Mul:
    return " * ";
  case ExprKind::Div:
    return " / ";
  case ExprKind::Mod:
    return " % ";
  case ExprKind::Shl:
    return " << ";
  case ExprKind::Shr:
    return " >> ";
  default:
    return " ? ";
  }
}
} // namespace

std::string ParallelRegion::print(const Expr &E) const {
  switch (E.kind()) {
  case ExprKind::Constant:
    return std::to_string(E.value());
  case ExprKind::Symbol:
    return Symbols[E.symbol()].Name;
  case ExprKind::Neg:
    return "-" + print(*E.operands()[0]);
  case ExprKind::Min:
  case ExprKind::Max:
    return std::string(E.kind() == ExprKind::Min ? "min(" : "max(") +
           print(*E.operands()[0]) + ", " + print(*E.operands()[1]) + ")";
  default: {
    auto Side = [&](const ExprRef &Op, bool Right) {
      std::string S = print(*Op);
      int P = precedence(Op->kind()), Me = precedence(E.kind());
      if (P < Me || (Right && P == Me && Op->operands().size() == 2))
        return "(" + S + ")";
      return S;
    };
    return Side(E.operands()[0], false) + spell(E.kind()) +
           Side(E.operands()[1], true);
  }
  }
}

const char *describe(RegionKind K) {
  switch (K) {
  case RegionKind::Loop:
    return "parallel loop";
  case RegionKind::Replicated:
    return "parallel region";
  case RegionKind::Sections:
    return "parallel sections";
  case RegionKind::Tasks:
    return "tasks";
  }
  return "parallel construct";
}

} // namespace privateer
