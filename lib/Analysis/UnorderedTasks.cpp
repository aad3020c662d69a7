//===- UnorderedTasks.cpp - Races of a task with what it is not ordered with =//
//
// Part of privateer. A task runs at some time between its creation and the
// next point that waits for it ('taskwait', a barrier, the end of its
// 'taskgroup'). Until then it runs beside the sibling tasks created around
// it, unless 'depend' clauses order them, and beside the code that created
// it: an element the task writes and a sibling or the creating code
// accesses (or the other way round) races, and a result read before a
// 'taskwait' may be read before it is written. The front end lists the
// unordered siblings and models the creating code up to the next wait
// (ParallelRegion::UnorderedSiblings, ::Continuation); this file asks the
// index oracle about each pair, reporting only what is certain.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/Advice.h"
#include "privateer/Analysis/Finding.h"
#include "privateer/Analysis/IndexOracle.h"
#include "privateer/Analysis/MergedRegion.h"
#include "privateer/Analysis/SharedBufferAnalysis.h"

#include <functional>
#include <optional>
#include <set>

namespace privateer {

namespace {

bool updatesOnly(const Access &A) {
  return A.Kind == AccessKind::ReadModifyWrite && A.Op != ReductionOp::None &&
         A.Op != ReductionOp::Other && !A.ResultUsed;
}

/// The values, other than loop variables, that \p A's index names; with
/// \p Bounds, also those the bounds of its loop variables name.
std::set<SymbolId> valuesIn(const ParallelRegion &R, const Access &A,
                            bool Bounds) {
  std::set<SymbolId> Out, Loops;
  // A worklist: the index, then the bounds of each loop variable it names.
  std::vector<ExprRef> Work(A.Index.begin(), A.Index.end());
  Work.push_back(A.RangeLength);
  while (!Work.empty()) {
    ExprRef E = std::move(Work.back());
    Work.pop_back();
    if (E)
      E->mentions([&](SymbolId S) {
        const Symbol &Sym = R.symbol(S);
        if (Sym.Kind != SymbolKind::InnerLoop &&
            Sym.Kind != SymbolKind::Induction)
          Out.insert(S);
        else if (Bounds && Loops.insert(S).second) {
          Work.push_back(Sym.Min);
          Work.push_back(Sym.Max);
        }
        return false;
      });
  }
  return Out;
}

/// Whether every value \p A's index names is one \p B's index or loop
/// bounds name: then which elements meet does not hang on a relation
/// between values nothing states.
bool namesOnlyValuesOf(const ParallelRegion &R, const Access &A,
                       const Access &B) {
  std::set<SymbolId> Other = valuesIn(R, B, /*Bounds=*/true);
  for (SymbolId S : valuesIn(R, A, /*Bounds=*/false))
    if (!Other.count(S))
      return false;
  return true;
}

/// The accesses of \p Into (the task) and of the merged construct that
/// meet, each of Into's buffers once: (moved access, task access).
std::vector<std::pair<size_t, size_t>>
collisions(const MergedRegion &M, size_t OwnAccesses, IndexOracle &Oracle) {
  std::vector<std::pair<size_t, size_t>> Found;
  std::set<unsigned> Seen;
  const ParallelRegion &Both = M.Both;
  for (size_t XI : M.Moved) {
    const Access &X = Both.Accesses[XI];
    if (Seen.count(X.BufferIndex))
      continue;
    for (size_t YI = 0; YI < OwnAccesses; ++YI) {
      const Access &Y = Both.Accesses[YI];
      if (Y.BufferIndex != X.BufferIndex || Y.Protection != Guard::None ||
          Y.InNestedTask)
        continue;
      if (X.Kind == AccessKind::Read && Y.Kind == AccessKind::Read)
        continue;
      // Prefer silence where it is not certain. One instance of each side
      // meets only at the values of the parameters that make the elements
      // equal: `a[k]` and `a[j]` meet only when k == j, which nothing says;
      // `a[i]` for i < n and `a[n - 1]` meet whenever the loop runs.
      if (!namesOnlyValuesOf(Both, X, Y) || !namesOnlyValuesOf(Both, Y, X) ||
          Oracle.query(Both, X, Y).V != Verdict::Collide)
        continue;
      Seen.insert(X.BufferIndex);
      Found.push_back({XI, YI});
      break;
    }
  }
  return Found;
}

/// A shared-buffer finding at \p Where about \p R's buffer \p B.
Finding taskFinding(const ParallelRegion &R, const Buffer &B, Loc Where) {
  Finding F;
  F.Check = CheckId::SharedBuffer;
  F.Kind = RaceKind::Collision;
  F.BufferName = B.Name;
  F.Buffer = B.Handle;
  F.Where = Where;
  F.Construct = R.Directive;
  return F;
}

void siblingRaces(const ParallelRegion &R, const ParallelRegion &P,
                  IndexOracle &Oracle, std::set<unsigned> &Reported,
                  std::vector<Finding> &Findings) {
  MergedRegion M = mergeRegions(R, P);
  // One instance of each task: any two elements that are equal meet.
  M.Both.WorkItemVars.clear();
  for (auto [XI, YI] : collisions(M, R.Accesses.size(), Oracle)) {
    const Access &X = M.Both.Accesses[XI];
    const Access &Y = M.Both.Accesses[YI];
    if (!Reported.insert(Y.BufferIndex).second)
      continue;
    const Buffer &B = R.Buffers[Y.BufferIndex];
    std::string Name = quote(B.Name);
    Finding F = taskFinding(R, B, Y.Where);
    std::string Other = X.Kind == Y.Kind
                            ? std::string()
                            : std::string(accessParticiple(X.Kind)) + " ";
    F.Message = Name + " is " + accessParticiple(Y.Kind) +
                " by this task and " + Other +
                "by a sibling task created before it, and nothing orders "
                "the two tasks";
    F.Notes.push_back({X.Where, "the sibling task " +
                                    std::string(accessVerb(X.Kind)) + " '" +
                                    X.Spelling + "' here"});
    // Atomic updates fix only updates that commute: `x += 1` and `x *= 2`
    // give an order-dependent result either way.
    bool Updates = updatesOnly(X) && updatesOnly(Y) && X.Op == Y.Op;
    F.Notes.push_back(
        {P.Directive,
         "the sibling task is created here; " +
             siblingTaskAdvice(R, B, /*CommutingUpdates=*/Updates)});
    F.Fix = remedy::NoFix{NoFixReason::TaskOrder};
    Findings.push_back(std::move(F));
  }
}

void continuationRaces(const ParallelRegion &R, const ParallelRegion &After,
                       IndexOracle &Oracle, std::set<unsigned> &Reported,
                       std::vector<Finding> &Findings) {
  MergedRegion M = mergeRegions(R, After);
  M.Both.WorkItemVars.clear();
  auto Found = collisions(M, R.Accesses.size(), Oracle);
  // One 'taskwait' before the first statement that races fixes them all:
  // every finding's fix inserts it there, and the edits merge.
  std::optional<unsigned> First;
  for (auto [XI, YI] : Found) {
    unsigned S = M.Both.Accesses[XI].Section;
    if (S && (!First || S < *First))
      First = S;
  }
  Loc Insert;
  if (First && *First <= After.StatementStarts.size())
    Insert = After.StatementStarts[*First - 1];
  for (auto [XI, YI] : Found) {
    const Access &X = M.Both.Accesses[XI];
    const Access &Y = M.Both.Accesses[YI];
    if (!Reported.insert(Y.BufferIndex).second)
      continue;
    const Buffer &B = R.Buffers[Y.BufferIndex];
    std::string Name = quote(B.Name);
    Finding F = taskFinding(R, B, X.Where);
    F.Message = Name + " is " + accessParticiple(X.Kind) +
                " here while a task this code created may still be " +
                (Y.Kind == AccessKind::Read ? "reading" : "writing") +
                " it: nothing waits for the task before this statement";
    F.Notes.push_back({Y.Where, "the task " + std::string(accessVerb(Y.Kind)) +
                                    " '" + Y.Spelling + "' here"});
    F.Notes.push_back(
        {R.Directive,
         "the task is created here; " +
             creatorWaitAdvice(R, B, /*Reads=*/X.Kind == AccessKind::Read)});
    if (Insert.valid())
      F.Fix = remedy::WaitForCreatedWork{Insert};
    else
      F.Fix = remedy::NoFix{NoFixReason::WaitPlacement};
    Findings.push_back(std::move(F));
  }
}

} // namespace

std::vector<Finding> analyzeUnorderedTasks(const ParallelRegion &R,
                                           IndexOracle &Oracle) {
  std::vector<Finding> Findings;
  // A hand-made protocol (a flag polled in a loop) may order what the
  // model does not follow.
  if (R.Kind != RegionKind::Tasks || R.WaitsOnFlags)
    return Findings;
  // Each buffer once against the siblings (the nearest first), and once
  // against the creating code.
  std::set<unsigned> Reported;
  for (const auto &P : R.UnorderedSiblings)
    if (P && !P->WaitsOnFlags)
      siblingRaces(R, *P, Oracle, Reported, Findings);
  Reported.clear();
  if (R.Continuation && !R.Continuation->WaitsOnFlags)
    continuationRaces(R, *R.Continuation, Oracle, Reported, Findings);
  return Findings;
}

} // namespace privateer
