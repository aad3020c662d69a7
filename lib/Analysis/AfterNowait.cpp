//===- AfterNowait.cpp - Races between a nowait loop and the next one -----===//
//
// Part of privateer. Two worksharing loops of one team with no barrier
// between them (the first ends with `nowait`): a thread that has finished
// its share of the first starts on the second while other threads still
// run the first. An element one loop writes and the other accesses in
// another iteration races. Iterations with the same number of two loops
// with the same bounds and the same static schedule run on one thread
// (OpenMP guarantees it for static schedules, and a loop without a
// schedule clause gets libomp's static one): `a[i]` written by one and
// read by the other is the idiom and stays silent.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/Finding.h"
#include "privateer/Analysis/IndexOracle.h"
#include "privateer/Analysis/SharedBufferAnalysis.h"

#include <set>

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

/// The same value in both loops: symbols are numbered per region, so the
/// expressions print alike and name only invariants (a variable's name is
/// its value before the loops; an opaque value's is not).
bool sameValue(const ParallelRegion &P, const ExprRef &A,
               const ParallelRegion &R, const ExprRef &B) {
  if (!A || !B)
    return !A && !B;
  auto OnlyInvariants = [](const ParallelRegion &X, const ExprRef &E) {
    return !E->mentions(
        [&](SymbolId S) { return X.symbol(S).Kind != SymbolKind::Invariant; });
  };
  return OnlyInvariants(P, A) && OnlyInvariants(R, B) &&
         P.print(*A) == R.print(*B);
}

/// Whether iteration k of both loops runs on the same thread: one
/// distributed variable each, with the same bounds and step, both loops
/// statically scheduled with the same chunk.
bool sameIterationsSameThreads(const ParallelRegion &P,
                               const ParallelRegion &R) {
  if (P.WorkItemVars.size() != 1 || R.WorkItemVars.size() != 1)
    return false;
  auto Static = [](const ParallelRegion &X) {
    return X.Schedule == ScheduleKind::Unspecified ||
           X.Schedule == ScheduleKind::Static;
  };
  if (!Static(P) || !Static(R) || !sameValue(P, P.Chunk, R, R.Chunk))
    return false;
  const Symbol &A = P.symbol(P.WorkItemVars[0]);
  const Symbol &B = R.symbol(R.WorkItemVars[0]);
  return A.Min && A.Max && sameValue(P, A.Min, R, B.Min) &&
         sameValue(P, A.Max, R, B.Max) && A.Step == B.Step &&
         A.Descending == B.Descending;
}

const char *verbed(AccessKind K) {
  switch (K) {
  case AccessKind::Read:
    return "read";
  case AccessKind::Write:
    return "written";
  case AccessKind::ReadModifyWrite:
    return "updated";
  }
  return "accessed";
}

} // namespace

namespace {

void analyzeAfter(const ParallelRegion &R, const ParallelRegion *P,
                  IndexOracle &Oracle, std::set<unsigned> &Reported,
                  std::vector<Finding> &Findings) {
  if (P->Kind != RegionKind::Loop || R.Kind != RegionKind::Loop)
    return;
  // One region holding both loops' accesses: the previous loop's symbols
  // are renamed into this one's table; its distributed variable becomes
  // this loop's when their iterations share threads (then only different
  // iterations race), and a free variable otherwise (any two iterations
  // may run on different threads).
  ParallelRegion Both = R;
  bool Merge = sameIterationsSameThreads(*P, R);
  std::vector<SymbolId> Map(P->Symbols.size());
  for (SymbolId S = 0; S < P->Symbols.size(); ++S) {
    const Symbol &Sym = P->Symbols[S];
    if (Merge && S == P->WorkItemVars[0]) {
      Map[S] = R.WorkItemVars[0];
      continue;
    }
    std::optional<SymbolId> Same;
    if (Sym.Kind == SymbolKind::Invariant)
      for (SymbolId T = 0; T < R.Symbols.size(); ++T)
        if (R.Symbols[T].Kind == SymbolKind::Invariant &&
            R.Symbols[T].Name == Sym.Name)
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
  for (SymbolId S = 0; S < P->Symbols.size(); ++S)
    if (Map[S] >= R.Symbols.size()) {
      Symbol &Copy = Both.Symbols[Map[S]];
      Copy.Min = rename(Copy.Min, Map);
      Copy.Max = rename(Copy.Max, Map);
    }

  // The previous loop's unsynchronized accesses of buffers this loop
  // shares too.
  std::vector<size_t> Moved;
  for (const Access &A : P->Accesses) {
    if (A.Protection != Guard::None || A.InNestedTask)
      continue;
    const Buffer &PB = P->Buffers[A.BufferIndex];
    if (PB.Attr != Sharing::Shared || !PB.Handle)
      continue;
    std::optional<unsigned> Target;
    for (unsigned BI = 0; BI < R.Buffers.size(); ++BI)
      if (R.Buffers[BI].Handle == PB.Handle && R.Buffers[BI].Kind == PB.Kind &&
          R.Buffers[BI].Attr == Sharing::Shared)
        Target = BI;
    if (!Target)
      continue;
    Access Copy = A;
    Copy.BufferIndex = *Target;
    for (ExprRef &I : Copy.Index)
      I = rename(I, Map);
    Copy.RangeLength = rename(Copy.RangeLength, Map);
    Copy.PinnedItem = rename(Copy.PinnedItem, Map);
    Copy.Branch.clear();
    Copy.Phase = 0;
    Both.Accesses.push_back(std::move(Copy));
    Moved.push_back(Both.Accesses.size() - 1);
  }

  for (size_t MI : Moved) {
    const Access &X = Both.Accesses[MI];
    for (size_t YI = 0; YI < R.Accesses.size(); ++YI) {
      const Access &Y = Both.Accesses[YI];
      if (Y.BufferIndex != X.BufferIndex || Y.Protection != Guard::None ||
          Y.InNestedTask || Reported.count(Y.BufferIndex))
        continue;
      if (X.Kind == AccessKind::Read && Y.Kind == AccessKind::Read)
        continue;
      Conflict C = Oracle.query(Both, X, Y);
      if (C.V != Verdict::Collide)
        continue; // prefer silence where it is not certain
      Reported.insert(Y.BufferIndex);
      const Buffer &B = R.Buffers[Y.BufferIndex];
      Finding F;
      F.Check = CheckId::SharedBuffer;
      F.Kind = RaceKind::LoopCarried;
      F.BufferName = B.Name;
      F.BufferHandle = B.Handle;
      F.Where = Y.Where;
      F.Construct = R.Directive;
      std::string Name = "'" + B.Name + "'";
      F.Message = Name + " is " + verbed(X.Kind) +
                  " by the previous loop, which ends with 'nowait', and " +
                  verbed(Y.Kind) +
                  " here in other iterations: a thread that finishes its "
                  "share of the first loop starts this one while others "
                  "still run the first";
      F.Notes.push_back({X.Where, "the previous loop " +
                                      std::string(accessVerb(X.Kind)) + " '" +
                                      X.Spelling + "' here"});
      F.Notes.push_back(
          {P->Directive, "this '" + P->Construct +
                             "' ends with 'nowait': without it, the barrier "
                             "at its end would order the two loops"});
      if (P->NowaitClause.valid()) {
        F.Fix.What = Remedy::Kind::RemoveNowait;
        F.Fix.Begin = P->NowaitClause;
      }
      Findings.push_back(std::move(F));
    }
  }
}

} // namespace

std::vector<Finding> analyzeAfterNowait(const ParallelRegion &R,
                                        IndexOracle &Oracle) {
  std::vector<Finding> Findings;
  // Each buffer once, against the nearest loop it races with.
  std::set<unsigned> Reported;
  for (const auto &P : R.Previous)
    if (P)
      analyzeAfter(R, P.get(), Oracle, Reported, Findings);
  return Findings;
}

} // namespace privateer
