//===- AffineIndexOraclePinned.cpp - Accesses of one work item ------------===//
//
// Part of privateer. The patterns' answer for an access that runs in one
// work item only (`if (tid == 0)`): the work item put into its index, the
// question is whether another work item reaches the same element
// (lib/Analysis/AffineQuery.h).
//
//===----------------------------------------------------------------------===//

#include "AffineQuery.h"

#include "privateer/Model/CheckedInt.h"

#include <string>
#include <utility>

namespace privateer {
namespace affine {

Conflict Query::pinned() {
  // One access runs only in the work item `v == c` (`if (tid == 0)`): put
  // c into its index and look for another work item that reaches it.
  Conflict C;
  SymbolId V = R.WorkItemVars[0];
  auto Pin = [&](const Access &X) {
    Access Y = X;
    for (ExprRef &I : Y.Index)
      I = substitute(I, V, X.PinnedItem);
    return Y;
  };
  if (A.PinnedItem && B.PinnedItem) {
    if (equalIndex({A.PinnedItem}, {B.PinnedItem}))
      return C.V = Verdict::Disjoint, C; // the same work item
    Access PA = Pin(A), PB = Pin(B);
    return Query(R, PA, PB).independent();
  }
  bool FirstPinned = bool(A.PinnedItem);
  const Access &Free = FirstPinned ? B : A;
  Access Fixed = Pin(FirstPinned ? A : B);
  if (!R.dependsOnWorkItem(Free))
    return pinnedAgainstSameElements(FirstPinned, Fixed);
  return pinnedAgainstMoving(FirstPinned, Free, Fixed);
}

Conflict Query::pinnedAgainstSameElements(bool FirstPinned,
                                          const Access &Fixed) {
  const Symbol &Var = R.symbol(R.WorkItemVars[0]);
  // Every other work item runs the free access at the same elements.
  Conflict I =
      Query(R, FirstPinned ? Fixed : A, FirstPinned ? B : Fixed).independent();
  auto PinnedValue = constantOf(FirstPinned ? A.PinnedItem : B.PinnedItem);
  if (I.W && PinnedValue) {
    CheckedInt Other = CheckedInt(*PinnedValue) + Var.Step;
    auto Hi = constantOf(Var.Max);
    if (!Other || (Hi && *Other > *Hi))
      Other = CheckedInt(*PinnedValue) - Var.Step;
    if (!Other)
      return Conflict(); // the pinned item is at both ends of int64_t
    I.W->First = {{Var.Name, FirstPinned ? *PinnedValue : *Other}};
    I.W->Second = {{Var.Name, FirstPinned ? *Other : *PinnedValue}};
  }
  return I;
}

Conflict Query::pinnedAgainstMoving(bool FirstPinned, const Access &Free,
                                    const Access &Fixed) {
  Conflict C;
  SymbolId V = R.WorkItemVars[0];
  const Symbol &Var = R.symbol(V);
  if (Fixed.Index.size() != Free.Index.size() || Free.RangeLength ||
      Fixed.RangeLength || Free.WholeBuffer || Fixed.WholeBuffer)
    return C;
  std::optional<int64_t> Candidate;
  bool Blocked = false;
  for (size_t D = 0; D < Free.Index.size(); ++D) {
    auto FF = toAffine(*Free.Index[D]), FX = toAffine(*Fixed.Index[D]);
    if (!FF || !FX) {
      Blocked = true;
      continue;
    }
    int64_t Coeff = FF->coeff(V);
    AffineForm Rest = *FF;
    Rest.Coeffs.erase(V);
    bool Invariant = true;
    for (auto &[S, K] : Rest.Coeffs)
      Invariant &= isKind(R, S, SymbolKind::Invariant);
    for (auto &[S, K] : FX->Coeffs)
      Invariant &= isKind(R, S, SymbolKind::Invariant);
    if (!Invariant || Rest.Coeffs != FX->Coeffs) {
      Blocked = true;
      continue;
    }
    CheckedInt Diff = CheckedInt(FX->Constant) - Rest.Constant;
    if (!Diff)
      return C; // past int64_t: Unknown
    if (Coeff == 0) {
      if (*Diff != 0)
        return C.V = Verdict::Disjoint, C;
      continue;
    }
    CheckedInt Remainder = Diff % Coeff, Quotient = Diff / Coeff;
    if (!Remainder || !Quotient)
      return C; // INT64_MIN and -1
    if (*Remainder != 0)
      return C.V = Verdict::Disjoint, C;
    if (Candidate && *Candidate != *Quotient)
      return C.V = Verdict::Disjoint, C;
    Candidate = *Quotient;
  }
  auto PinnedValue = constantOf(FirstPinned ? A.PinnedItem : B.PinnedItem);
  if (!Candidate || !PinnedValue)
    return C;
  if (*Candidate == *PinnedValue)
    return C.V = Verdict::Disjoint, C; // only the pinned item reaches it
  auto Lo = constantOf(Var.Min), Hi = constantOf(Var.Max);
  if ((Lo && *Candidate < *Lo) || (Hi && *Candidate > *Hi))
    return C.V = Verdict::Disjoint, C;
  if (Blocked)
    return C;
  C.V = Verdict::Collide;
  Witness W;
  std::pair<std::string, int64_t> Free1{Var.Name, *Candidate},
      Pinned1{Var.Name, *PinnedValue};
  W.First = {FirstPinned ? Pinned1 : Free1};
  W.Second = {FirstPinned ? Free1 : Pinned1};
  C.W = W;
  return C;
}

} // namespace affine
} // namespace privateer
