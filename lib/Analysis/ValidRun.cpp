//===- ValidRun.cpp - What every run that means anything satisfies --------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/ValidRun.h"

#include "privateer/Model/CheckedInt.h"
#include "privateer/Model/ValueRange.h"

#include <algorithm>

namespace privateer {

namespace {

/// An access that every work item makes whenever it runs: no branch, no
/// loop of its own and no way out of the work item before it.
bool madeByEveryWorkItem(const Access &A) {
  return A.OnEveryPath && !A.Conditional && !A.InNestedTask && !A.WholeBuffer &&
         !A.RangeLength && !A.SingleWorkItem && !A.PinnedItem &&
         A.LoopDepth == 0 && !A.Index.empty() &&
         (A.Fields.empty() || A.Fields[0].empty()) &&
         std::all_of(A.Conditions.begin(), A.Conditions.end(),
                     [](const Condition &C) { return C.Stated; });
}

/// The one work-item variable \p E depends on, with \p E affine in it and
/// every other symbol the same in all work items; nothing otherwise.
std::optional<SymbolId> affineItemVariable(const ParallelRegion &R,
                                           const ExprRef &E) {
  auto Form = toAffine(*E);
  if (!Form)
    return std::nullopt;
  std::optional<SymbolId> Item;
  for (const auto &[S, Coeff] : Form->Coeffs) {
    if (Coeff == 0)
      continue;
    bool IsItem = std::find(R.WorkItemVars.begin(), R.WorkItemVars.end(), S) !=
                  R.WorkItemVars.end();
    if (IsItem) {
      if (Item)
        return std::nullopt; // two work-item variables: corners, not ends
      Item = S;
    } else if (!sameInEveryWorkItem(R, Expr::symbol(S))) {
      return std::nullopt;
    }
  }
  return Item;
}

bool constantOnly(const Condition &C) {
  return C.Lhs->kind() == ExprKind::Constant &&
         C.Rhs->kind() == ExprKind::Constant;
}

void addUnique(std::vector<Condition> &Out, Condition C) {
  for (const Condition &D : Out)
    if (D.Op == C.Op && D.Lhs->equals(*C.Lhs) && D.Rhs->equals(*C.Rhs))
      return;
  Out.push_back(std::move(C));
}

} // namespace

std::vector<Condition> validRunFacts(const ParallelRegion &R) {
  std::vector<Condition> Facts;
  if (R.Kind != RegionKind::Loop || R.WorkItemVars.empty())
    return Facts;
  for (const Access &A : R.Accesses) {
    if (!madeByEveryWorkItem(A))
      continue;
    const Buffer &B = R.Buffers[A.BufferIndex];
    // An array of one element may be a trailing array that the program
    // allocates larger (C's struct hack): its extent bounds nothing.
    if (B.Kind != BufferKind::Array || !B.Extent || *B.Extent < 2 ||
        !B.FirstIndex)
      continue;
    CheckedInt Last =
        CheckedInt(*B.FirstIndex) + CheckedInt::fromUnsigned(*B.Extent) - 1;
    if (!Last)
      continue;
    auto Item = affineItemVariable(R, A.Index[0]);
    if (!Item)
      continue;
    const Symbol &S = R.symbol(*Item);
    if (!S.Min || !S.Max || !sameInEveryWorkItem(R, S.Min) ||
        !sameInEveryWorkItem(R, S.Max))
      continue;
    for (const ExprRef &End : {S.Min, S.Max}) {
      ExprRef At = substitute(A.Index[0], *Item, End);
      for (Condition C :
           {Condition{At, Comparison::GE, Expr::constant(*B.FirstIndex)},
            Condition{At, Comparison::LE, Expr::constant(*Last)}})
        if (!constantOnly(C))
          addUnique(Facts, std::move(C));
    }
  }
  return Facts;
}

} // namespace privateer
