//===- SameValueStore.cpp - privateer-same-value-store --------------------===//
//
// Part of privateer. A variable's stores race only with stores of the same
// value: reported as harmless in practice, with the fix that makes the
// program well defined (an atomic write, or the store made once).
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/SameValueStore.h"

#include "privateer/Analysis/Advice.h"
#include "privateer/Analysis/RunChecks.h"
#include "privateer/Analysis/SharedBufferAnalysis.h"
#include "privateer/Model/ValueRange.h"

namespace privateer {

namespace {

const char *workItems(RegionKind K) {
  switch (K) {
  case RegionKind::Loop:
    return "iterations";
  case RegionKind::Replicated:
    return "threads";
  case RegionKind::Sections:
    return "sections";
  case RegionKind::Tasks:
    return "tasks";
  }
  return "work items";
}

/// A plain store of a value every work item computes alike.
bool storesSharedValue(const ParallelRegion &R, const Access &A) {
  return A.Kind == AccessKind::Write && A.StoredValue && !A.WholeBuffer &&
         !A.RangeLength && sameInEveryWorkItem(R, A.StoredValue);
}

} // namespace

std::optional<SameValueStores>
sameValueStores(const ParallelRegion &R, unsigned BI, IndexOracle &Oracle) {
  const Buffer &B = R.Buffers[BI];
  if (B.Attr != Sharing::Shared || R.WaitsOnFlags)
    return std::nullopt;
  std::vector<const Access *> Stores, Others;
  for (const Access &A : R.Accesses) {
    if (A.BufferIndex != BI)
      continue;
    if (A.Protection == Guard::None && A.Kind != AccessKind::Read)
      Stores.push_back(&A);
    else
      Others.push_back(&A);
  }
  if (Stores.empty())
    return std::nullopt;
  // Every unsynchronized write stores the one value.
  for (const Access *S : Stores)
    if (!storesSharedValue(R, *S) ||
        !S->StoredValue->equals(*Stores.front()->StoredValue))
      return std::nullopt;
  // Nothing else meets a store: a read could see the value before or
  // after, and a protected write another value.
  for (const Access *S : Stores)
    for (const Access *X : Others) {
      if (barrierOrder(R, *S, *X) == BarrierOrder::Ordered)
        continue;
      if (Oracle.query(R, *S, *X).V != Verdict::Disjoint)
        return std::nullopt;
    }
  // And the stores do meet: a race, proven.
  for (const Access *S : Stores)
    for (const Access *T : Stores) {
      if (barrierOrder(R, *S, *T) == BarrierOrder::Ordered ||
          (S == T && S->SingleWorkItem))
        continue;
      Conflict C = Oracle.query(R, *S, *T);
      if (C.V == Verdict::Collide)
        return SameValueStores{S, std::move(C)};
    }
  return std::nullopt;
}

std::vector<Finding> runSameValueStoreCheck(const ParallelRegion &R,
                                            CheckContext &C) {
  std::vector<Finding> Findings;
  // SIMD lanes storing one value are one vector store: no race.
  if ((R.Kind == RegionKind::Tasks && R.WorkItemVars.empty()) ||
      R.Construction == ConstructKind::SimdLanes || fewerThanTwoWorkItems(R))
    return Findings;
  for (unsigned BI = 0; BI < R.Buffers.size(); ++BI) {
    auto Stores = sameValueStores(R, BI, C.Oracle);
    if (!Stores)
      continue;
    const Buffer &B = R.Buffers[BI];
    const Access &S = *Stores->Store;
    Finding F;
    F.Check = CheckId::SameValueStore;
    F.May = B.SharingUnproven;
    F.BufferName = B.Name;
    F.Buffer = B.Handle;
    F.Where = S.Where;
    F.Construct = R.Directive;
    F.Message = sameValueStoreMessage(R, B, S, R.print(*S.StoredValue));
    // Where the variable comes from, worded as privateer-shared-buffer
    // words it: a member by its spelling, memory behind a pointer as such.
    if (B.Decl.valid() && B.Kind == BufferKind::Pointee)
      F.Notes.push_back({B.Decl, quote(B.Name) +
                                     " is declared here; the memory it "
                                     "points to is shared by all " +
                                     workItems(R.Kind)});
    else if (B.Decl.valid())
      F.Notes.push_back({B.Decl, quote(S.Fields.empty() ? B.Name : S.Spelling) +
                                     " is declared here, outside the " +
                                     describe(R.Kind) + ", so all " +
                                     workItems(R.Kind) + " share it"});
    F.Notes.push_back(witnessNote(R, S, S, Stores->C.W, false));
    F.Notes.push_back({R.Directive, sameValueStoreAdvice(R, B)});
    remedy::AtomicUpdates Atomic;
    Atomic.Writes = true;
    for (const Access &X : R.Accesses)
      if (X.BufferIndex == BI && X.Protection == Guard::None)
        Atomic.Updates.push_back(X.Where);
    bool InCode = true;
    for (const Access &X : R.Accesses)
      InCode &= X.BufferIndex != BI || X.Via.empty();
    F.Fix = InCode && B.VisibleAtConstruct
                ? Remedy(std::move(Atomic))
                : Remedy(remedy::NoFix{NoFixReason::Unstated});
    Findings.push_back(std::move(F));
  }
  return Findings;
}

} // namespace privateer
