//===- AffineIndexOracleEquations.cpp - The affine test -------------------===//
//
// Part of privateer. The affine test of the patterns: one equation per
// dimension in the work-item variables' differences, solved by rank
// (distinct work items touch distinct elements), by a variable no index
// mentions, or by one distance (lib/Analysis/AffineQuery.h).
//
//===----------------------------------------------------------------------===//

#include "AffineQuery.h"

#include "privateer/Model/CheckedInt.h"

namespace privateer {
namespace affine {

namespace {

/// The greatest common divisor of two 128-bit magnitudes.
unsigned __int128 gcd128(unsigned __int128 A, unsigned __int128 B) {
  while (B) {
    unsigned __int128 T = A % B;
    A = B;
    B = T;
  }
  return A;
}

/// Rank of an integer matrix (rows of coefficients), by fraction-free
/// Gaussian elimination in 128-bit arithmetic; nothing when an intermediate
/// value does not fit (coefficients near 2^63 multiply past 2^127).
std::optional<size_t> rankOf(std::vector<std::vector<__int128>> M,
                             size_t Cols) {
  size_t Rank = 0;
  for (size_t C = 0; C < Cols && Rank < M.size(); ++C) {
    size_t Pivot = Rank;
    while (Pivot < M.size() && M[Pivot][C] == 0)
      ++Pivot;
    if (Pivot == M.size())
      continue;
    std::swap(M[Pivot], M[Rank]);
    for (size_t Row = 0; Row < M.size(); ++Row) {
      if (Row == Rank || M[Row][C] == 0)
        continue;
      __int128 A = M[Rank][C], B = M[Row][C];
      for (size_t K = 0; K < Cols; ++K) {
        __int128 X, Y;
        if (__builtin_mul_overflow(M[Row][K], A, &X) ||
            __builtin_mul_overflow(M[Rank][K], B, &Y) ||
            __builtin_sub_overflow(X, Y, &M[Row][K]))
          return std::nullopt;
      }
      // Keep the numbers small.
      unsigned __int128 G = 0;
      for (size_t K = 0; K < Cols; ++K) {
        __int128 V = M[Row][K];
        G = gcd128(G, V < 0 ? -(unsigned __int128)V : (unsigned __int128)V);
      }
      if (G > (unsigned __int128)(~(unsigned __int128)0 >> 1))
        return std::nullopt; // only -2^127 has this magnitude
      if (G > 1)
        for (size_t K = 0; K < Cols; ++K)
          M[Row][K] /= (__int128)G;
    }
    ++Rank;
  }
  return Rank;
}

} // namespace

Conflict Query::affine() {
  Conflict C;
  const std::vector<SymbolId> &Items = R.WorkItemVars;
  if (Items.empty() || A.Index.size() != B.Index.size() || A.RangeLength ||
      B.RangeLength)
    return C;

  // One equation sum_v c_v * (v_A - v_B) = -delta per dimension whose two
  // indices have the same work-item coefficients and the same invariant
  // part; other dimensions constrain nothing we can use.
  AffineSystem Sys;
  for (size_t D = 0; D < A.Index.size(); ++D)
    if (std::optional<Conflict> Decided = addEquation(D, Sys))
      return *Decided;
  if (Sys.Rows.empty())
    return C;
  return solveAffine(Sys);
}

std::optional<Conflict> Query::addEquation(size_t D, AffineSystem &Sys) {
  const std::vector<SymbolId> &Items = R.WorkItemVars;
  Conflict C;
  auto FA = toAffine(*A.Index[D]), FB = toAffine(*B.Index[D]);
  if (!FA || !FB) {
    Sys.AllDimsUsable = false;
    return std::nullopt;
  }
  bool Clean = true, SameRest = true;
  std::vector<__int128> Row;
  for (SymbolId V : Items) {
    if (FA->coeff(V) != FB->coeff(V))
      SameRest = false;
    Row.push_back(FA->coeff(V));
  }
  for (auto *F : {&*FA, &*FB})
    for (auto &[S, K] : F->Coeffs)
      if (!R.isWorkItemVar(S) && !isKind(R, S, SymbolKind::Invariant))
        Clean = false;
  for (auto &[S, K] : FA->Coeffs)
    if (!R.isWorkItemVar(S) && FB->coeff(S) != K)
      SameRest = false;
  for (auto &[S, K] : FB->Coeffs)
    if (!R.isWorkItemVar(S) && FA->coeff(S) != K)
      SameRest = false;
  bool HasItem = false;
  for (__int128 X : Row)
    HasItem |= X != 0;
  // Iterations on one thread never race: a dimension that is the same
  // multiple of the thread id on both sides (`part[tid]` in a loop)
  // keeps the two accesses on one thread.
  if (FA->Coeffs.size() == 1 && FA->Coeffs == FB->Coeffs &&
      FA->Constant == FB->Constant &&
      isKind(R, FA->Coeffs.begin()->first, SymbolKind::ThreadId) &&
      !R.isWorkItemVar(FA->Coeffs.begin()->first)) {
    C.V = Verdict::Disjoint;
    return C;
  }
  if (!SameRest || !Clean) {
    // Identical dimensions without work-item variables (`[j]` and `[j]`
    // of an inner loop) can always be matched, unless the inner loop's
    // range depends on the work item; others block a witness.
    bool ItemFree = true;
    for (auto &[S, K] : FA->Coeffs)
      ItemFree &= !R.symbolDependsOnWorkItem(S);
    if (!(SameRest && !HasItem && ItemFree && FA->Constant == FB->Constant))
      Sys.AllDimsUsable = false;
    return std::nullopt;
  }
  // User constants: a difference past int64_t leaves the pair Unknown.
  CheckedInt Delta = CheckedInt(FA->Constant) - FB->Constant;
  if (!Delta)
    return C;
  if (!HasItem) {
    if (*Delta != 0) {
      // Same invariant part, different constants: never equal.
      C.V = Verdict::Disjoint;
      return C;
    }
    return std::nullopt;
  }
  CheckedInt G = 0;
  for (__int128 X : Row)
    G = checkedGcd(G, int64_t(X));
  if (!G)
    return C;
  if (*G != 0 && *(Delta % G) != 0) {
    // 2*i and 2*i+1: no integer difference of work items bridges it.
    C.V = Verdict::Disjoint;
    return C;
  }
  Sys.Rows.push_back(Row);
  Sys.Deltas.push_back(*Delta);
  return std::nullopt;
}

Conflict Query::solveAffine(const AffineSystem &Sys) {
  Conflict C;
  const std::vector<SymbolId> &Items = R.WorkItemVars;
  bool AllZero = true;
  for (int64_t D : Sys.Deltas)
    AllZero &= D == 0;
  std::optional<size_t> Rank = rankOf(Sys.Rows, Items.size());
  if (!Rank)
    return C;
  if (AllZero && *Rank == Items.size()) {
    // The only solution is v_A == v_B for every variable: the same item.
    C.V = Verdict::Disjoint;
    return C;
  }
  // A collision is only claimed on constant bounds, where the work items
  // are known to exist; with symbolic bounds the solver, which encodes
  // them, decides.
  bool ConstantBounds = true;
  for (SymbolId V : Items)
    ConstantBounds &=
        constantOf(R.symbol(V).Min) && constantOf(R.symbol(V).Max);
  if (AllZero && Sys.AllDimsUsable && ConstantBounds)
    if (std::optional<Conflict> Unused = unusedItemCollision(Sys))
      return *Unused;
  if (AllZero || Items.size() != 1 || !Sys.AllDimsUsable)
    return C;
  return affineDistance(Sys, ConstantBounds);
}

std::optional<Conflict> Query::unusedItemCollision(const AffineSystem &Sys) {
  const std::vector<SymbolId> &Items = R.WorkItemVars;
  // A work-item variable that no index mentions (`a[i]` under
  // collapse(2) over i and j): items differing only in it collide.
  for (size_t K = 0; K < Items.size(); ++K) {
    bool Unused = true;
    for (const auto &Row : Sys.Rows)
      Unused &= Row[K] == 0;
    const Symbol &V = R.symbol(Items[K]);
    CheckedInt Span = CheckedInt(*constantOf(V.Max)) - *constantOf(V.Min);
    if (!Unused || !Span || *Span < V.Step)
      continue;
    Witness W;
    for (size_t X = 0; X < Items.size(); ++X) {
      const Symbol &S = R.symbol(Items[X]);
      int64_t Start = *constantOf(S.Descending ? S.Max : S.Min);
      CheckedInt Next =
          CheckedInt(Start) + (S.Descending ? -CheckedInt(S.Step) : S.Step);
      if (!Next)
        return Conflict(); // the next item is past int64_t: Unknown
      W.First.push_back({S.Name, Start});
      W.Second.push_back({S.Name, X == K ? *Next : Start});
    }
    Conflict C;
    C.V = Verdict::Collide;
    C.W = W;
    return C;
  }
  return std::nullopt;
}

Conflict Query::affineDistance(const AffineSystem &Sys, bool ConstantBounds) {
  Conflict C;
  // One work-item variable, every dimension agreeing on one distance.
  // (`INT64_MIN % -1` traps: every step here is checked.)
  std::optional<int64_t> Distance;
  for (size_t K = 0; K < Sys.Rows.size(); ++K) {
    CheckedInt Coeff = int64_t(Sys.Rows[K][0]);
    CheckedInt Rest = -CheckedInt(Sys.Deltas[K]) % Coeff;
    CheckedInt Dist = -CheckedInt(Sys.Deltas[K]) / Coeff;
    if (!Rest || !Dist)
      return C;
    if (*Rest != 0 || (Distance && *Distance != *Dist))
      return C.V = Verdict::Disjoint, C;
    Distance = *Dist;
  }
  const Symbol &V = R.symbol(R.WorkItemVars[0]);
  if (!Distance || *Distance == 0 || *(CheckedInt(*Distance) % V.Step) != 0) {
    C.V = Verdict::Disjoint;
    return C;
  }
  if (!ConstantBounds)
    return C;
  CheckedInt Lo = *constantOf(V.Min), Hi = *constantOf(V.Max);
  // The lowest value on the loop's lattice (counted from its start).
  CheckedInt Span = (Hi - Lo) / V.Step * V.Step;
  CheckedInt Low = V.Descending ? Hi - Span : Lo;
  CheckedInt High = V.Descending ? Hi : Lo + Span;
  CheckedInt Width = High - Low;
  CheckedInt Far = checkedAbs(*Distance);
  if (!Width || !Far)
    return C;
  if (*Far > *Width) {
    C.V = Verdict::Disjoint; // the distance exceeds the iteration space
    return C;
  }
  // The first access's work item is Distance after the second's (both
  // within [Low, High], so no overflow).
  int64_t V1 = *Distance > 0 ? *(Low + *Distance) : *Low;
  int64_t V2 = *Distance > 0 ? *Low : *(Low - *Distance);
  C.V = Verdict::Collide;
  Witness W;
  W.First.push_back({V.Name, V1});
  W.Second.push_back({V.Name, V2});
  C.W = W;
  return C;
}

} // namespace affine
} // namespace privateer
