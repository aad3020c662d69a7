//===- MergedRegion.cpp - Two constructs' accesses in one region ----------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/MergedRegion.h"

namespace privateer {

namespace {

/// \p E with every symbol renamed through \p Map (all at once).
ExprRef rename(const ExprRef &E, const std::vector<SymbolId> &Map) {
  if (!E)
    return E;
  switch (E->kind()) {
  case ExprKind::Constant:
    return E;
  case ExprKind::Symbol:
    return Expr::symbol(Map[E->symbol()]);
  case ExprKind::Neg:
    return Expr::neg(rename(E->operands()[0], Map));
  default:
    return Expr::binary(E->kind(), rename(E->operands()[0], Map),
                        rename(E->operands()[1], Map));
  }
}

} // namespace

MergedRegion mergeRegions(const ParallelRegion &Into,
                          const ParallelRegion &From,
                          std::optional<SymbolId> SameItem) {
  MergedRegion M{Into, {}};
  ParallelRegion &Both = M.Both;
  std::vector<SymbolId> Map(From.Symbols.size());
  for (SymbolId S = 0; S < From.Symbols.size(); ++S) {
    const Symbol &Sym = From.Symbols[S];
    if (SameItem && !From.WorkItemVars.empty() && S == From.WorkItemVars[0]) {
      Map[S] = *SameItem;
      continue;
    }
    std::optional<SymbolId> Same;
    if (Sym.Kind == SymbolKind::Invariant)
      for (SymbolId T = 0; T < Into.Symbols.size(); ++T)
        if (Into.Symbols[T].Kind == SymbolKind::Invariant &&
            Into.Symbols[T].Name == Sym.Name)
          Same = T;
    if (Same) {
      Map[S] = *Same;
      continue;
    }
    Map[S] = Both.Symbols.size();
    Symbol Copy = Sym;
    if (Copy.Kind == SymbolKind::Induction)
      Copy.Kind = SymbolKind::InnerLoop; // free, within its bounds
    Copy.Name = Sym.Name + "'";
    Both.Symbols.push_back(std::move(Copy));
  }
  for (SymbolId S = 0; S < From.Symbols.size(); ++S)
    if (Map[S] >= Into.Symbols.size()) {
      Symbol &Copy = Both.Symbols[Map[S]];
      Copy.Min = rename(Copy.Min, Map);
      Copy.Max = rename(Copy.Max, Map);
    }

  for (const Access &A : From.Accesses) {
    if (A.Protection != Guard::None || A.InNestedTask)
      continue;
    const Buffer &FB = From.Buffers[A.BufferIndex];
    if (FB.Attr != Sharing::Shared || !FB.Handle)
      continue;
    std::optional<unsigned> Target;
    for (unsigned BI = 0; BI < Into.Buffers.size(); ++BI)
      if (Into.Buffers[BI].Handle == FB.Handle &&
          Into.Buffers[BI].Kind == FB.Kind &&
          Into.Buffers[BI].Attr == Sharing::Shared)
        Target = BI;
    if (!Target)
      continue;
    Access Copy = A;
    Copy.BufferIndex = *Target;
    for (ExprRef &I : Copy.Index)
      I = rename(I, Map);
    Copy.RangeLength = rename(Copy.RangeLength, Map);
    Copy.PinnedItem = rename(Copy.PinnedItem, Map);
    for (Condition &C : Copy.Conditions) {
      C.Lhs = rename(C.Lhs, Map);
      C.Rhs = rename(C.Rhs, Map);
    }
    Copy.Branch.clear();
    Copy.Phase = 0;
    Copy.PossibleBarriers = 0;
    Both.Accesses.push_back(std::move(Copy));
    M.Moved.push_back(Both.Accesses.size() - 1);
  }
  return M;
}

} // namespace privateer
