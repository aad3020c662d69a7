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

#include "privateer/Analysis/IndexOracle.h"

#include "privateer/Analysis/Delinearize.h"
#include "privateer/Model/CheckedInt.h"

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

namespace {

/// How many values per work-item variable the enumeration tries.
constexpr int64_t EnumerationWindow = 64;

bool isKind(const ParallelRegion &R, SymbolId S, SymbolKind K) {
  return R.symbol(S).Kind == K;
}

std::optional<int64_t> constantOf(const ExprRef &E) {
  if (E && E->kind() == ExprKind::Constant)
    return E->value();
  return std::nullopt;
}

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

/// The equations of the affine test, one per dimension that gives one:
/// the work-item coefficients of that dimension and the difference of its
/// two constants. Kept apart from the solving, which reads them whole.
struct AffineSystem {
  std::vector<std::vector<__int128>> Rows;
  std::vector<int64_t> Deltas;
  /// Whether every dimension gave an equation or matches trivially: only
  /// then is a solution of the equations a collision of the accesses.
  bool AllDimsUsable = true;
};

class Query {
public:
  Query(const ParallelRegion &R, const Access &A, const Access &B)
      : R(R), A(A), B(B) {}

  Conflict run();

private:
  Conflict runUnfilled();
  const ParallelRegion &R;
  const Access &A, &B;

  Conflict independent();
  Conflict pinned();
  /// The affine test, split by phase: the equations, then their solution.
  Conflict affine();
  /// Adds dimension \p D's equation to \p Sys; returns a verdict instead
  /// when that dimension alone decides the pair (or overflows).
  std::optional<Conflict> addEquation(size_t D, AffineSystem &Sys);
  /// Solves the equations: the same item only (Disjoint), a work-item
  /// variable that no index mentions, or one distance.
  Conflict solveAffine(const AffineSystem &Sys);
  /// A collision between items that differ only in a work-item variable no
  /// index mentions; nothing when every variable is mentioned.
  std::optional<Conflict> unusedItemCollision(const AffineSystem &Sys);
  /// One work-item variable: the distance every dimension agrees on, and
  /// whether two items that far apart exist within constant bounds.
  Conflict affineDistance(const AffineSystem &Sys, bool ConstantBounds);
  Conflict enumerate();
  Witness witnessFor(int64_t FirstItemOffset, int64_t SecondItemOffset);
  bool mentionsOpaqueDependent(const Access &X) const;
};

bool Query::mentionsOpaqueDependent(const Access &X) const {
  for (const ExprRef &I : X.Index)
    if (I->mentions([&](SymbolId S) {
          return isKind(R, S, SymbolKind::Opaque) &&
                 R.symbol(S).IterationDependent;
        }))
      return true;
  return false;
}

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

Conflict Query::pinned() {
  // One access runs only in the work item `v == c` (`if (tid == 0)`): put
  // c into its index and look for another work item that reaches it.
  Conflict C;
  SymbolId V = R.WorkItemVars[0];
  const Symbol &Var = R.symbol(V);
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
  if (!R.dependsOnWorkItem(Free)) {
    // Every other work item runs the free access at the same elements.
    Conflict I = Query(R, FirstPinned ? Fixed : A, FirstPinned ? B : Fixed)
                     .independent();
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

Conflict Query::run() {
  Conflict C = runUnfilled();
  fillElement(R, A, C);
  return C;
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

} // namespace

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
      return runDelinearized(R, A, B);
    ParallelRegion Flat = R;
    Flat.WorkItemVars.clear();
    return runDelinearized(Flat, A, B);
  }
  return runDelinearized(R, A, B);
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
