//===- AffineIndexOracle.cpp - Pattern reasoning on indices ---------------===//
//
// Part of privateer. Decides, without a solver, the index pairs whose answer
// follows from their shape: indices that do not depend on the work item
// (every work item touches the same elements), affine indices whose
// work-item coefficients have full rank (distinct work items touch distinct
// elements), constant offsets along the same coefficients (a loop-carried
// dependence at a computable distance), and small closed iteration spaces,
// which are enumerated. Everything else is Unknown.
//
//===----------------------------------------------------------------------===//

#include "AffineQuery.h"

#include "privateer/Analysis/Delinearize.h"
#include "privateer/Model/CheckedInt.h"

namespace privateer {
namespace affine {

bool isKind(const ParallelRegion &R, SymbolId S, SymbolKind K) {
  return R.symbol(S).Kind == K;
}

std::optional<int64_t> constantOf(const ExprRef &E) {
  if (E && E->kind() == ExprKind::Constant)
    return E->value();
  return std::nullopt;
}

namespace {

/// How many values per work-item variable the enumeration tries.
constexpr int64_t EnumerationWindow = 64;

/// Whether a table an index of \p X reads is read at an index loaded from
/// memory (`bin_of[key[i]]`): the element is data then.
bool tableIndexIsData(const ParallelRegion &R, const Access &X) {
  for (const ExprRef &I : X.Index)
    if (I->mentions([&](SymbolId S) {
          const Symbol &Sym = R.symbol(S);
          return Sym.Table && Sym.TableIndex &&
                 Sym.TableIndex->mentions([&](SymbolId T) {
                   const Symbol &Inner = R.symbol(T);
                   return Inner.Kind == SymbolKind::Opaque &&
                          Inner.IterationDependent;
                 });
        }))
      return true;
  return false;
}

/// Whether an index ranges over bounds loaded or computed per work item
/// (`for (p = rp[i]; p < rp[i + 1]; p++) val[p]`, `k < (lo + b < n ? lo +
/// b : n)`): each work item's bound is free to the oracle, which would
/// then find any two ranges overlapping.
bool boundedByOpaque(const ParallelRegion &R, const ExprRef &E,
                     unsigned Depth = 0) {
  if (!E || Depth > 8)
    return false;
  return E->mentions([&](SymbolId S) {
    const Symbol &Sym = R.symbol(S);
    if (Sym.Kind == SymbolKind::Opaque)
      return Depth > 0 && Sym.IterationDependent;
    return boundedByOpaque(R, Sym.Min, Depth + 1) ||
           boundedByOpaque(R, Sym.Max, Depth + 1);
  });
}

} // namespace

bool Query::mentionsOpaqueDependent(const Access &X) const {
  for (const ExprRef &I : X.Index)
    if (I->mentions([&](SymbolId S) {
          return isKind(R, S, SymbolKind::Opaque) &&
                 R.symbol(S).IterationDependent;
        }))
      return true;
  return false;
}

Witness Query::witnessFor(int64_t Off1, int64_t Off2) {
  // Work items are named by their work-item variables' values, counted from
  // the lower bound when it is a constant.
  Witness W;
  for (SymbolId V : R.WorkItemVars) {
    const Symbol &S = R.symbol(V);
    if (!S.Min && !S.Max)
      return Witness(); // iterations without values (a pointer chase)
    // Values counted from where the loop starts; a start known only at run
    // time gives no values to show (0 and 1 may lie outside the loop).
    std::optional<int64_t> Start = constantOf(S.Descending ? S.Max : S.Min);
    if (!Start)
      return Witness();
    CheckedInt Base = *Start;
    CheckedInt Dir = S.Descending ? -1 : 1;
    CheckedInt First = Base + Dir * Off1 * S.Step;
    CheckedInt Second = Base + Dir * Off2 * S.Step;
    if (!First || !Second)
      return Witness(); // past the ends of int64_t: no such iterations
    W.First.push_back({S.Name, *First});
    W.Second.push_back({S.Name, *Second});
    // Only the first variable of a collapsed nest needs to differ.
    Off1 = Off2 = 0;
  }
  return W;
}

Conflict Query::independent() {
  // Both accesses touch the same elements in every work item.
  Conflict C;
  if (A.WholeBuffer || B.WholeBuffer) {
    C.V = Verdict::Collide;
    C.W = witnessFor(0, 1);
    return C;
  }
  if (A.Index.size() != B.Index.size())
    return C;
  bool SameRange = (!A.RangeLength && !B.RangeLength) ||
                   (A.RangeLength && B.RangeLength &&
                    equalIndex({A.RangeLength}, {B.RangeLength}));
  if (equalIndex(A.Index, B.Index) && SameRange) {
    bool Opaque = false;
    for (const ExprRef &I : A.Index)
      Opaque |= I->mentions(
          [&](SymbolId S) { return isKind(R, S, SymbolKind::Opaque); });
    C.V = Opaque ? Verdict::MayCollide : Verdict::Collide;
    C.W = witnessFor(0, 1);
    // Name the element when the index is a constant.
    std::vector<int64_t> Values;
    for (const ExprRef &I : A.Index) {
      auto V = constantOf(I);
      if (!V)
        break;
      Values.push_back(*V);
    }
    if (Values.size() == A.Index.size() && !A.RangeLength)
      C.W->Element = renderElement(R, A, &Values);
    return C;
  }
  // A dimension with constant, different indices separates them (`s.x` and
  // `s.y`, `a[0]` and `a[1]`); ranges of inner loops are left to a solver.
  if (!A.RangeLength && !B.RangeLength)
    for (size_t D = 0; D < A.Index.size(); ++D) {
      auto FA = toAffine(*A.Index[D]), FB = toAffine(*B.Index[D]);
      if (FA && FB && FA->Coeffs == FB->Coeffs &&
          FA->Constant != FB->Constant) {
        bool Inner = false;
        for (auto &[S, K] : FA->Coeffs)
          Inner |= !isKind(R, S, SymbolKind::Invariant);
        if (!Inner) {
          C.V = Verdict::Disjoint;
          return C;
        }
      }
    }
  return C;
}

Conflict Query::enumerate() {
  // A closed iteration space of one variable with indices that mention
  // nothing else: try the first values exhaustively.
  Conflict C;
  if (R.WorkItemVars.size() != 1 || A.RangeLength || B.RangeLength ||
      A.Index.size() != B.Index.size())
    return C;
  SymbolId V = R.WorkItemVars[0];
  const Symbol &S = R.symbol(V);
  auto Lo = constantOf(S.Min);
  auto Hi = constantOf(S.Max);
  if (!Lo || (S.Descending && !Hi))
    return C;
  for (const Access *X : {&A, &B})
    for (const ExprRef &I : X->Index)
      if (I->mentions([&](SymbolId Sym) { return Sym != V; }))
        return C;
  int64_t Count = EnumerationWindow;
  bool Exhaustive = false;
  if (Hi) {
    if (*Hi < *Lo)
      return C.V = Verdict::Disjoint, C;
    CheckedInt Trip = (CheckedInt(*Hi) - *Lo) / S.Step + 1;
    if (Trip && *Trip <= Count) {
      Count = *Trip;
      Exhaustive = true;
    }
  }
  auto Eval = [&](const Access &X, int64_t Value) {
    std::vector<int64_t> Out;
    for (const ExprRef &I : X.Index) {
      auto R = evaluate(*I, [&](SymbolId) { return Value; });
      if (!R)
        return std::optional<std::vector<int64_t>>();
      Out.push_back(*R);
    }
    return std::optional<std::vector<int64_t>>(Out);
  };
  // The K-th value; nothing past the ends of int64_t.
  auto At = [&](int64_t K) {
    CheckedInt Offset = CheckedInt(K) * S.Step;
    return (S.Descending ? *Hi - Offset : *Lo + Offset).get();
  };
  for (int64_t K1 = 0; K1 < Count; ++K1) {
    auto V1 = At(K1);
    auto EA = V1 ? Eval(A, *V1) : std::nullopt;
    if (!EA)
      return C;
    for (int64_t K2 = 0; K2 < Count; ++K2) {
      if (K1 == K2)
        continue;
      auto V2 = At(K2);
      auto EB = V2 ? Eval(B, *V2) : std::nullopt;
      if (!EB)
        return C;
      if (*EA == *EB) {
        C.V = Verdict::Collide;
        C.W = witnessFor(K1, K2);
        C.W->Element = renderElement(R, A, &*EA);
        return C;
      }
    }
  }
  if (Exhaustive)
    C.V = Verdict::Disjoint;
  return C;
}

namespace {

/// Names the element of a witness when the first access's index evaluates
/// with the first work item's values.
void fillElement(const ParallelRegion &R, const Access &A, Conflict &C) {
  if (!C.W || !C.W->Element.empty() || C.W->First.empty() || A.RangeLength ||
      A.WholeBuffer)
    return;
  std::vector<int64_t> Values;
  for (const ExprRef &I : A.Index) {
    auto V = evaluate(*I, [&](SymbolId S) -> std::optional<int64_t> {
      for (size_t K = 0; K < R.WorkItemVars.size(); ++K)
        if (R.WorkItemVars[K] == S && K < C.W->First.size())
          return C.W->First[K].second;
      return std::nullopt;
    });
    if (!V)
      return;
    Values.push_back(*V);
  }
  C.W->Element = renderElement(R, A, &Values);
}

/// Runs the query on row-major indices split back into dimensions, naming
/// the witness's element with the original index.
Conflict runDelinearized(const ParallelRegion &R, const Access &A,
                         const Access &B) {
  Access DA = A, DB = B;
  if (!delinearize(R, DA, DB))
    return Query(R, A, B).run();
  Conflict C = Query(R, DA, DB).run();
  if (C.W) {
    C.W->Element.clear();
    fillElement(R, A, C);
  }
  return C;
}

} // namespace

Conflict Query::run() {
  Conflict C = runUnfilled();
  fillElement(R, A, C);
  return C;
}

Conflict Query::runUnfilled() {
  // Steps come from the user's loops: one that is not positive (a front
  // end's overflow) would divide by zero below.
  for (SymbolId V : R.WorkItemVars)
    if (R.symbol(V).Step <= 0)
      return Conflict();
  if ((A.PinnedItem || B.PinnedItem) && R.WorkItemVars.size() == 1)
    return pinned();
  bool DepA = R.dependsOnWorkItem(A) && !A.WholeBuffer;
  bool DepB = R.dependsOnWorkItem(B) && !B.WholeBuffer;
  if (A.WholeBuffer || B.WholeBuffer || (!DepA && !DepB))
    return independent();

  // A collision found through a bound that is free per work item is an
  // artefact of that freedom; independence still holds.
  bool OpaqueBound = false;
  for (const Access *X : {&A, &B})
    for (const ExprRef &I : X->Index)
      OpaqueBound |= boundedByOpaque(R, I);
  auto Decided = [&](Conflict C) {
    return C.V == Verdict::Disjoint ||
           (C.V != Verdict::Unknown && !OpaqueBound);
  };
  // An element of a constant table is a function of its index that the
  // patterns do not read: the solver does.
  auto Table = [&](SymbolId S) { return bool(R.symbol(S).Table); };
  for (const Access *X : {&A, &B})
    for (const ExprRef &I : X->Index)
      if (I->mentions(Table)) {
        Conflict Open;
        Open.OpaqueIndex = tableIndexIsData(R, A) || tableIndexIsData(R, B);
        Open.OpaqueBound = OpaqueBound;
        return Open;
      }
  Conflict C = affine();
  if (Decided(C))
    return C;
  C = enumerate();
  if (Decided(C))
    return C;
  C = Conflict();
  C.OpaqueIndex = mentionsOpaqueDependent(A) || mentionsOpaqueDependent(B);
  C.OpaqueBound = OpaqueBound;
  return C;
}

} // namespace affine

Conflict AffineIndexOracle::query(const ParallelRegion &R, const Access &A,
                                  const Access &B) {
  // Different members of one object are different memory, even where one
  // access covers a whole member (a container mutated whole).
  if (selectDifferentMembers(A, B))
    return {Verdict::Disjoint, std::nullopt, false};
  if (R.Kind == RegionKind::Sections) {
    // A section runs once: only accesses of different sections compete, and
    // the work item plays no part in their indices.
    if (A.Section == B.Section)
      return {Verdict::Disjoint, std::nullopt, false};
    // Stages of one item are ordered: only different items compete, as
    // iterations of a loop do.
    if (R.SectionsAreStages && !R.WorkItemVars.empty())
      return affine::runDelinearized(R, A, B);
    ParallelRegion Flat = R;
    Flat.WorkItemVars.clear();
    return affine::runDelinearized(Flat, A, B);
  }
  return affine::runDelinearized(R, A, B);
}

} // namespace privateer
