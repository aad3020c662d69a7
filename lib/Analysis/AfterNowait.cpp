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
// read by the other is the idiom and stays silent. Code one thread runs
// ('single') after a 'nowait' loop races the same way with the loop's
// iterations on other threads.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/Advice.h"
#include "privateer/Analysis/Finding.h"
#include "privateer/Analysis/IndexOracle.h"
#include "privateer/Analysis/MergedRegion.h"
#include "privateer/Analysis/SharedBufferAnalysis.h"

#include <set>

namespace privateer {

namespace {

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

/// The finding of \p X, made by the region \p P before \p R, against \p Y
/// in \p R: \p OneThread when one thread runs \p P, \p OneThreadAfter when
/// one thread runs \p R after a loop.
Finding nowaitFinding(const ParallelRegion &R, const ParallelRegion *P,
                      bool OneThread, bool OneThreadAfter, const Access &X,
                      const Access &Y) {
  const Buffer &B = R.Buffers[Y.BufferIndex];
  Finding F;
  F.Check = CheckId::SharedBuffer;
  F.Kind = RaceKind::LoopCarried;
  F.BufferName = B.Name;
  F.Buffer = B.Handle;
  F.Where = Y.Where;
  F.Construct = R.Directive;
  std::string Name = "'" + B.Name + "'";
  std::string Before = "'" + P->Construct + "'";
  if (OneThread) {
    F.Message = Name + " is " + accessParticiple(X.Kind) + " by the " + Before +
                " before this loop, which one thread runs with no "
                "barrier after it, and " +
                accessParticiple(Y.Kind) +
                " here: the other threads start the loop while it runs";
    F.Notes.push_back({X.Where, "the " + Before + " " +
                                    std::string(accessVerb(X.Kind)) + " '" +
                                    X.Spelling + "' here"});
    F.Notes.push_back(
        {P->Directive, missingBarrierAdvice(R, *P, /*OneThread=*/true,
                                            P->NowaitClause.valid())});
  } else if (OneThreadAfter) {
    F.Message = Name + " is " + accessParticiple(X.Kind) +
                " by the previous loop, which ends with 'nowait', and " +
                accessParticiple(Y.Kind) +
                " here by the one thread that "
                "runs this '" +
                R.Construct +
                "': it may start while other threads still run the loop";
    F.Notes.push_back({X.Where, "the previous loop " +
                                    std::string(accessVerb(X.Kind)) + " '" +
                                    X.Spelling + "' here"});
    F.Notes.push_back(
        {P->Directive, missingBarrierAdvice(R, *P, /*OneThread=*/false,
                                            /*HasNowait=*/true)});
  } else {
    F.Message = Name + " is " + accessParticiple(X.Kind) +
                " by the previous loop, which ends with 'nowait', and " +
                accessParticiple(Y.Kind) +
                " here in other iterations: a thread that finishes its "
                "share of the first loop starts this one while others "
                "still run the first";
    F.Notes.push_back({X.Where, "the previous loop " +
                                    std::string(accessVerb(X.Kind)) + " '" +
                                    X.Spelling + "' here"});
    F.Notes.push_back(
        {P->Directive, missingBarrierAdvice(R, *P, /*OneThread=*/false,
                                            /*HasNowait=*/true)});
  }
  if (P->NowaitClause.valid())
    F.Fix = remedy::RestoreBarrier{P->NowaitClause};
  return F;
}

void analyzeAfter(const ParallelRegion &R, const ParallelRegion *P,
                  IndexOracle &Oracle, std::set<unsigned> &Reported,
                  std::vector<Finding> &Findings) {
  // The loop before, or code one thread runs ('single nowait', 'master'):
  // a region of one work item. After a loop, also code one thread runs (a
  // 'single' after 'end do nowait').
  bool OneThread = P->Kind == RegionKind::Tasks && P->WorkItemVars.empty();
  bool OneThreadAfter = R.Kind == RegionKind::Tasks && R.WorkItemVars.empty() &&
                        P->Kind == RegionKind::Loop;
  if ((P->Kind != RegionKind::Loop && !OneThread) ||
      (R.Kind != RegionKind::Loop && !OneThreadAfter))
    return;
  // The work items of this loop wait for flags (spinning with 'flush' or
  // 'atomic read'), which the ones before raise when they are done: a
  // pipeline whose hand-off orders them after the accesses of the loop
  // before in a way the model does not follow (as within one region,
  // SharedBufferAnalysis).
  if (R.WaitsOnFlags)
    return;
  // One region holding both loops' accesses: the previous loop's
  // distributed variable becomes this loop's when their iterations share
  // threads (then only different iterations race), and a free variable
  // otherwise (any two iterations may run on different threads).
  MergedRegion M = mergeRegions(R, *P,
                                !OneThread && sameIterationsSameThreads(*P, R)
                                    ? std::optional<SymbolId>(R.WorkItemVars[0])
                                    : std::nullopt);
  const ParallelRegion &Both = M.Both;
  const std::vector<size_t> &Moved = M.Moved;

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
      Findings.push_back(nowaitFinding(R, P, OneThread, OneThreadAfter, X, Y));
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
