//===- WrittenBeforeRead.cpp - Reads that see only their own writes -------===//
//
// Part of privateer. Shows, for scratch reached through calls
// (`matmul(C, a, b); total += sum(C);`), that each work item reads only
// what it wrote: the callee's loops `for r, for c: C[r*N + c] = ...` write
// the dense interval [0, N*N - 1], which contains every `C[k]`, k in
// [0, N*N - 1], that `sum` reads afterwards.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/WrittenBeforeRead.h"
#include "privateer/Model/Polynomial.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>

namespace privateer {

namespace {

/// An inclusive range of element indices of one dimension, in symbols that
/// are the same throughout one work item.
struct Interval {
  ExprRef Lo, Hi;
};

/// Symbols that keep one value through a work item: sizes, the work item's
/// own variables, the thread number. (An opaque value may be a different
/// load each time it is named.)
bool fixedInWorkItem(const ParallelRegion &R, SymbolId S) {
  SymbolKind K = R.symbol(S).Kind;
  return K == SymbolKind::Invariant || K == SymbolKind::Induction ||
         K == SymbolKind::ThreadId;
}

size_t commonPrefix(const std::vector<unsigned> &A,
                    const std::vector<unsigned> &B) {
  size_t N = 0;
  while (N < A.size() && N < B.size() && A[N] == B[N])
    ++N;
  return N;
}

/// The coefficient of loop variable \p V in \p P (P == V * Q + Rest), when
/// it mentions none of \p Loops (no product of two loop variables).
std::optional<Polynomial> coefficient(const Polynomial &P, SymbolId V,
                                      const std::vector<SymbolId> &Loops) {
  Polynomial Q, Rest;
  P.divide(V, Q, Rest);
  for (SymbolId L : Loops)
    if (Q.mentions(L))
      return std::nullopt;
  return Q;
}

/// The sign of a coefficient: a constant's, or, for a product of sizes
/// (`N`, `N*K`) with positive factors, positive. (A size that bounds the
/// writing loops is taken as positive: were it not, the loops would write
/// nothing, and what the construct reads would be what no iteration wrote,
/// which no rewrite can make defined.)
std::optional<int> signOf(const ParallelRegion &R, const Polynomial &Q) {
  if (Q.Terms.empty())
    return 0;
  int Sign = 0;
  for (const auto &[Mono, C] : Q.Terms) {
    for (SymbolId S : Mono)
      if (R.symbol(S).Kind != SymbolKind::Invariant)
        return std::nullopt;
    int TermSign = C > 0 ? 1 : -1;
    if (Sign && TermSign != Sign)
      return std::nullopt;
    Sign = TermSign;
  }
  return Sign;
}

/// \p E ranged over every value of the symbols in \p Free (each from its
/// Min to its Max); other symbols stay as they are. Nothing when a bound is
/// unknown, when a bound names another free symbol, or when a free
/// symbol's coefficient has no known sign.
std::optional<Interval> rangeOver(const ParallelRegion &R, const ExprRef &E,
                                  const std::vector<SymbolId> &Free) {
  auto Poly = toPolynomial(*E);
  if (!Poly)
    return std::nullopt;
  ExprRef Lo = E, Hi = E;
  for (SymbolId S : Free) {
    if (!Poly->mentions(S))
      continue;
    auto Q = coefficient(*Poly, S, Free);
    auto Sign = Q ? signOf(R, *Q) : std::nullopt;
    if (!Sign || !*Sign)
      return std::nullopt;
    const Symbol &Sym = R.symbol(S);
    if (!Sym.Min || !Sym.Max)
      return std::nullopt;
    for (SymbolId Other : Free)
      if (Sym.Min->mentions([&](SymbolId X) { return X == Other; }) ||
          Sym.Max->mentions([&](SymbolId X) { return X == Other; }))
        return std::nullopt;
    Lo = substitute(Lo, S, *Sign > 0 ? Sym.Min : Sym.Max);
    Hi = substitute(Hi, S, *Sign > 0 ? Sym.Max : Sym.Min);
  }
  return Interval{Lo, Hi};
}

/// A write whose loop variables \p Loops run through their whole ranges
/// touches every index between its least and greatest value only when the
/// variables tile it: the innermost moves by one and each next by the span
/// of those before it (`r*N + c` with c in [0, N-1]; `(i*M + j)*K + k`).
bool dense(const ParallelRegion &R, const ExprRef &E,
           const std::vector<SymbolId> &Loops) {
  auto Poly = toPolynomial(*E);
  if (!Poly)
    return false;
  std::vector<std::pair<SymbolId, Polynomial>> Left;
  for (SymbolId S : Loops)
    if (Poly->mentions(S)) {
      auto Q = coefficient(*Poly, S, Loops);
      if (!Q || R.symbol(S).Step != 1 || R.symbol(S).RuntimeStep)
        return false;
      Left.push_back({S, *Q});
    }
  Polynomial Span;
  Span.Terms[{}] = 1;
  while (!Left.empty()) {
    auto It = std::find_if(Left.begin(), Left.end(),
                           [&](const auto &L) { return L.second == Span; });
    if (It == Left.end())
      return false;
    const Symbol &S = R.symbol(It->first);
    Left.erase(It);
    if (Left.empty())
      break; // the outermost: its own extent does not matter
    if (!S.Min || !S.Max)
      return false;
    auto Extent = toPolynomial(
        *Expr::binary(ExprKind::Add, Expr::binary(ExprKind::Sub, S.Max, S.Min),
                      Expr::constant(1)));
    if (!Extent || !signOf(R, *Extent) || *signOf(R, *Extent) <= 0)
      return false;
    for (SymbolId L : Loops)
      if (Extent->mentions(L))
        return false;
    auto Next = toPolynomial(
        *Expr::binary(ExprKind::Mul, Span.toExpr(), Extent->toExpr()));
    if (!Next)
      return false;
    Span = *Next;
  }
  return true;
}

/// \p A - \p B is a constant at least zero, whatever the other symbols are.
bool noLess(const ExprRef &A, const ExprRef &B) {
  auto D = toPolynomial(*Expr::binary(ExprKind::Sub, A, B));
  if (!D)
    return false;
  for (const auto &[Mono, C] : D->Terms)
    if (!Mono.empty() || C < 0)
      return false;
  return true;
}

/// The last dimension of a range access (memset, std::fill) reaches
/// RangeLength - 1 elements further.
std::optional<Interval> withRange(const Access &A, size_t Dim,
                                  std::optional<Interval> I) {
  if (!I || !A.RangeLength || Dim + 1 != A.Index.size())
    return I;
  I->Hi = Expr::binary(
      ExprKind::Add, I->Hi,
      Expr::binary(ExprKind::Sub, A.RangeLength, Expr::constant(1)));
  return I;
}

/// Whether dimension \p D of \p W, run through the loops \p WriteLoops,
/// surely wrote every element \p X touches in it (\p Shared: the loops on
/// the path both are on, the same iteration for both).
bool coversDimension(const ParallelRegion &R, const Access &W, const Access &X,
                     size_t D, const std::vector<SymbolId> &WriteLoops,
                     const std::vector<SymbolId> &Shared) {
  auto IsShared = [&](SymbolId S) {
    return std::find(Shared.begin(), Shared.end(), S) != Shared.end();
  };
  // The write's other symbols must be fixed for the work item, or loops
  // the read is inside too.
  bool WriteOk = !W.Index[D]->mentions([&](SymbolId S) {
    return !fixedInWorkItem(R, S) && !IsShared(S) &&
           std::find(WriteLoops.begin(), WriteLoops.end(), S) ==
               WriteLoops.end();
  });
  if (!WriteOk || !dense(R, W.Index[D], WriteLoops))
    return false;
  // Every loop variable of the read not shared with the write ranges over
  // its bounds (a superset of what the read touches).
  std::vector<SymbolId> ReadFree;
  bool ReadOk = true;
  X.Index[D]->mentions([&](SymbolId S) {
    if (fixedInWorkItem(R, S) || IsShared(S))
      return false;
    if (R.symbol(S).Kind != SymbolKind::InnerLoop)
      ReadOk = false;
    else if (std::find(ReadFree.begin(), ReadFree.end(), S) == ReadFree.end())
      ReadFree.push_back(S);
    return false;
  });
  if (!ReadOk)
    return false;
  auto WI = withRange(W, D, rangeOver(R, W.Index[D], WriteLoops));
  auto XI = withRange(X, D, rangeOver(R, X.Index[D], ReadFree));
  if (!WI || !XI || !noLess(XI->Lo, WI->Lo) || !noLess(WI->Hi, XI->Hi))
    return false;
  return true;
}

/// \p W, made before \p X by the same work item, surely wrote every element
/// \p X touches.
bool covers(const ParallelRegion &R, const Access &W, const Access &X) {
  if (W.Kind != AccessKind::Write || W.Order >= X.Order || W.SingleWorkItem ||
      W.InNestedTask || W.Epoch != X.Epoch ||
      barrierOrder(R, W, X) != BarrierOrder::Unordered)
    return false;
  // A container mutation that keeps what was there (push_back, resize)
  // writes no element that was there before.
  if (W.WholeBuffer && (W.Old == Access::OldContents::ElementsKept ||
                        W.Old == Access::OldContents::Kept))
    return false;
  size_t Common = commonPrefix(W.Branch, X.Branch);
  // On the read's own path: the same element, or all of them.
  if (Common == W.Branch.size()) {
    if (W.WholeBuffer && !W.RangeLength)
      return true;
    if (!X.WholeBuffer && !W.RangeLength && !X.RangeLength &&
        W.Fields == X.Fields && equalIndex(W.Index, X.Index))
      return true;
  }
  if (W.Conditional || X.WholeBuffer)
    return false;
  if (W.WholeBuffer && !W.RangeLength) {
    // Cleared whole in complete loops (`for ...: memset(c, 0, ...)`).
    for (size_t K = Common; K < W.Branch.size(); ++K)
      if (!R.CompleteLoops.count(W.Branch[K]))
        return false;
    return true;
  }
  // Past the common path, the write is inside complete loops only: when the
  // read runs, they have run through every value.
  std::vector<SymbolId> WriteLoops;
  for (size_t K = Common; K < W.Branch.size(); ++K) {
    auto It = R.CompleteLoops.find(W.Branch[K]);
    if (It == R.CompleteLoops.end())
      return false;
    WriteLoops.push_back(It->second);
  }
  // A range write (memcpy) writes every offset of its range at once.
  for (const ExprRef &I : W.Index)
    I->mentions([&](SymbolId S) {
      if (R.symbol(S).CoveredByAccess)
        WriteLoops.push_back(S);
      return false;
    });
  // The loops on the common path are the same iteration for both.
  std::vector<SymbolId> Shared;
  for (size_t K = 0; K < Common; ++K)
    if (auto It = R.CompleteLoops.find(W.Branch[K]);
        It != R.CompleteLoops.end())
      Shared.push_back(It->second);
  if (W.Index.size() != X.Index.size() || W.Fields != X.Fields)
    return false;
  for (size_t D = 0; D < W.Index.size(); ++D)
    if (!coversDimension(R, W, X, D, WriteLoops, Shared))
      return false;
  return true;
}

} // namespace

bool readsFollowOwnWrites(const ParallelRegion &R, unsigned BufferIndex) {
  std::vector<const Access *> Writes;
  for (const Access &A : R.Accesses)
    if (A.BufferIndex == BufferIndex && A.Kind == AccessKind::Write)
      Writes.push_back(&A);
  for (const Access &X : R.Accesses) {
    if (X.BufferIndex != BufferIndex || X.Kind == AccessKind::Write)
      continue;
    bool Covered = false;
    for (const Access *W : Writes)
      if ((Covered = covers(R, *W, X)))
        break;
    if (!Covered)
      return false;
  }
  return true;
}

/// A read of a constant element (`t[1]`) that no write of the construct
/// can touch: the shared copy's value reaches it, a private copy's would
/// not. (Writes at indices that are not constants may touch anything.)
bool readsUnwrittenConstant(const ParallelRegion &R, unsigned BufferIndex) {
  auto Constant = [](const Access &A) {
    for (const ExprRef &I : A.Index)
      if (I->kind() != ExprKind::Constant)
        return false;
    return !A.WholeBuffer && !A.RangeLength;
  };
  std::vector<const Access *> Writes;
  for (const Access &A : R.Accesses)
    if (A.BufferIndex == BufferIndex && A.Kind != AccessKind::Read) {
      if (!Constant(A))
        return false;
      Writes.push_back(&A);
    }
  for (const Access &X : R.Accesses) {
    if (X.BufferIndex != BufferIndex || X.Kind != AccessKind::Read ||
        !Constant(X) || X.Index.empty())
      continue;
    bool Written = false;
    for (const Access *W : Writes)
      Written |= W->Fields == X.Fields && equalIndex(W->Index, X.Index);
    if (!Written)
      return true;
  }
  return false;
}

} // namespace privateer
