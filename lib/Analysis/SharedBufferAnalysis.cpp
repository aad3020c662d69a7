//===- SharedBufferAnalysis.cpp - privateer-shared-buffer -----------------===//
//
// Part of privateer. For each shared buffer with an unprotected write, asks
// the index oracle whether two different work items can touch one element,
// classifies the race (scratch, accumulation, counter, collision, loop-carried
// dependence) and writes the diagnostic with its notes and fix advice.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/SharedBufferAnalysis.h"
#include "SharedBufferRace.h"
#include "privateer/Analysis/Advice.h"
#include "privateer/Analysis/Counting.h"
#include "privateer/Analysis/RunChecks.h"
#include "privateer/Analysis/SameValueStore.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

namespace privateer {

namespace {

constexpr size_t MaxDistinctAccesses = 256;

void writeKey(const Expr &E, std::string &Out) {
  switch (E.kind()) {
  case ExprKind::Constant:
    Out += std::to_string(E.value());
    return;
  case ExprKind::Symbol:
    Out += 's' + std::to_string(E.symbol());
    return;
  default:
    Out += '(' + std::to_string(int(E.kind()));
    for (const ExprRef &Op : E.operands()) {
      Out += ' ';
      writeKey(*Op, Out);
    }
    Out += ')';
  }
}

/// Everything about an access that the analysis looks at, but its place.
std::string accessKey(const Access &A) {
  std::string K;
  K += std::to_string(int(A.Kind)) + ',' + std::to_string(int(A.Op)) + ',' +
       std::to_string(A.ResultUsed) + std::to_string(A.Conditional) +
       std::to_string(A.SingleWorkItem) + std::to_string(A.WholeBuffer) + ',' +
       std::to_string(A.Section) + ',' + std::to_string(A.Phase) + ',' +
       std::to_string(A.PossibleBarriers) + '[';
  for (const ExprRef &I : A.Index) {
    writeKey(*I, K);
    K += ';';
  }
  K += ']';
  if (A.RangeLength)
    writeKey(*A.RangeLength, K);
  K += '|';
  if (A.PinnedItem)
    writeKey(*A.PinnedItem, K);
  return K;
}

/// Whether the witness's second work item (the reader's) comes after the
/// first (the writer's) in the loop's sequential order.
bool readerComesLater(const ParallelRegion &R,
                      const std::optional<Witness> &W) {
  if (!W || W->First.size() != W->Second.size() ||
      W->First.size() != R.WorkItemVars.size())
    return false;
  for (size_t K = 0; K < W->First.size(); ++K) {
    int64_t Writer = W->First[K].second, Reader = W->Second[K].second;
    if (Writer == Reader)
      continue;
    return (Reader > Writer) != R.symbol(R.WorkItemVars[K]).Descending;
  }
  return false;
}

/// Classifies the race between \p W and \p A on \p B (counter,
/// accumulation, scratch, loop-carried dependence or collision, in that
/// order: the first that fits names the race best) and builds its finding.
Finding makeFinding(const ParallelRegion &R, const Buffer &B,
                    const std::vector<const Access *> &All, const Access &W,
                    const Access &A, const Conflict &C) {
  Finding F;
  F.Check = CheckId::SharedBuffer;
  F.May = C.V != Verdict::Collide || B.SharingUnproven;
  F.BufferName = B.Name;
  F.Buffer = B.Handle;
  F.Where = W.Where;
  F.Construct = R.Directive;
  F.Fix = remedy::NoFix{NoFixReason::RaceKind};

  RaceFacts X(R, B, All, W, A);
  std::string Advice;
  if (W.Kind == AccessKind::ReadModifyWrite &&
      (W.ResultUsed || X.CountedAndRead))
    Advice = describeCounter(X, F);
  else if (X.UpdateOp)
    Advice = describeAccumulation(X, F);
  else if (isScratch(R, W.BufferIndex))
    Advice = describeScratch(X, F);
  else if (&W != &A && (R.dependsOnWorkItem(W) || R.dependsOnWorkItem(A)) &&
           R.Kind == RegionKind::Loop)
    Advice = describeLoopCarried(X, F);
  else if (W.WholeBuffer && B.Kind == BufferKind::Container && &W == &A)
    Advice = describeContainerChange(X, F);
  else
    Advice = describeCollision(X, F);
  addFindingNotes(X, C, Advice, F);
  return F;
}

/// Why a race across a barrier that may lie between the two accesses is
/// only "may".
Note maybeBarrierNote(const Access &W, const Access &A) {
  const Access &Later = W.Order < A.Order ? A : W;
  return {Later.Where,
          "a barrier may lie between the two accesses (in a function whose "
          "body is not visible here, or on some paths only): the race is not "
          "proven"};
}

/// A write made under mutual exclusion (a critical section, a lock, an
/// atomic update) that another work item's unsynchronized access can meet:
/// the exclusion orders the writes among themselves, never an access made
/// outside it. An atomic plain write is left out (a flag a spinning reader
/// polls: synchronization the model does not follow), and so is a
/// std::atomic object (every access of it is atomic).
bool excludesOnlyItself(const Access &A) {
  if (A.Kind == AccessKind::Read)
    return false;
  switch (A.Protection) {
  case Guard::Critical:
  case Guard::Lock:
    return true;
  case Guard::Atomic:
    return A.Kind == AccessKind::ReadModifyWrite;
  default:
    return false;
  }
}

const char *guardName(Guard G) {
  switch (G) {
  case Guard::Critical:
    return "in a critical section";
  case Guard::Lock:
    return "under a lock";
  case Guard::Atomic:
    return "atomically";
  default:
    return "under synchronization";
  }
}

/// \p W, written under exclusion, meets \p A, made outside it by another
/// work item.
Finding makeUnguardedFinding(const ParallelRegion &R, const Buffer &B,
                             const Access &W, const Access &A,
                             const Conflict &C) {
  Nouns N = nounsFor(R.Kind);
  Finding F;
  F.Check = CheckId::SharedBuffer;
  F.Kind = RaceKind::Collision;
  F.May = C.V != Verdict::Collide || B.SharingUnproven;
  F.BufferName = B.Name;
  F.Buffer = B.Handle;
  F.Where = A.Where;
  F.Construct = R.Directive;
  F.Fix = remedy::NoFix{};
  std::string Name = quote(B.Name);
  bool OneThread = W.Protection == Guard::Single;
  if (OneThread)
    F.Message = Name +
                " is written by one thread (in 'single', 'master' or "
                "'masked') and " +
                (A.Kind == AccessKind::Read ? "read" : "written") +
                " by the others with no barrier " +
                (F.May ? "known to lie " : "") +
                "between: they may access it before or while it is written";
  else
    F.Message = Name + " is written " + guardName(W.Protection) + " but " +
                (A.Kind == AccessKind::Read ? "read" : "written") +
                " outside it: that access " + (F.May ? "may race" : "races") +
                " with the writes of other " + N.Items;
  if (B.Decl.valid())
    F.Notes.push_back({B.Decl, Name + " is declared here, outside the " +
                                   describe(R.Kind) + ", so all " + N.Items +
                                   " share it"});
  F.Notes.push_back(witnessNote(R, W, A, C.W, F.May));
  F.Notes.push_back(
      {W.Where, OneThread
                    ? "the write is here; " + oneThreadWriteAdvice(R)
                    : "the write " + std::string(guardName(W.Protection)) +
                          " is here; make the other access under the same "
                          "synchronization"});
  return F;
}

/// How a finding says what excludes \p A: its critical section, `atomic`
/// or a lock.
std::string exclusionName(const Access &A) {
  if (A.Protection != Guard::Critical)
    return guardName(A.Protection);
  return A.Criticals.front().empty()
             ? std::string("in the unnamed critical section")
             : "in critical section '" + A.Criticals.front() + "'";
}

/// Whether \p X and \p Y, both made under exclusion, exclude each other:
/// critical sections that share a name, two atomic accesses, two made
/// while a lock is held (which lock is not followed; a critical section
/// inside a lock's span holds it too). OpenMP's `critical` and `atomic`
/// do not exclude each other, nor either of them a lock.
bool excludeEachOther(const Access &X, const Access &Y) {
  auto Locked = [](const Access &A) {
    return A.Protection == Guard::Lock || A.UnderLock;
  };
  if (Locked(X) && Locked(Y))
    return true;
  if (X.Protection != Y.Protection)
    return false;
  if (X.Protection != Guard::Critical)
    return true;
  for (const std::string &N : X.Criticals)
    if (std::find(Y.Criticals.begin(), Y.Criticals.end(), N) !=
        Y.Criticals.end())
      return true;
  return false;
}

/// A write under one exclusion that meets another work item's access
/// under another: critical sections of different names (`critical(even)`
/// and `critical(odd)` updating one counter), or an `atomic` update and a
/// write in a critical section or under a lock, do not exclude each other.
std::optional<Finding> exclusionsApart(const ParallelRegion &R, unsigned BI,
                                       IndexOracle &Oracle) {
  std::vector<const Access *> Excluded;
  for (const Access &A : R.Accesses)
    if (A.BufferIndex == BI &&
        ((A.Protection == Guard::Critical && !A.Criticals.empty()) ||
         A.Protection == Guard::Atomic || A.Protection == Guard::Lock))
      Excluded.push_back(&A);
  if (Excluded.size() > MaxDistinctAccesses || R.WaitsOnFlags)
    return std::nullopt;
  for (const Access *W : Excluded)
    for (const Access *A : Excluded) {
      bool Sections =
          W->Protection == Guard::Critical && A->Protection == Guard::Critical;
      // (Across kinds of exclusion, only two writes: an atomic write of a
      // flag and a critical section's read of it are a hand-off the model
      // does not follow.)
      if (!excludesOnlyItself(*W) || excludeEachOther(*W, *A) ||
          (!Sections && !excludesOnlyItself(*A)) ||
          barrierOrder(R, *W, *A) != BarrierOrder::Unordered)
        continue;
      Conflict C = Oracle.query(R, *W, *A);
      if (C.V != Verdict::Collide)
        continue;
      Finding F = makeUnguardedFinding(R, R.Buffers[BI], *W, *A, C);
      F.Fix = remedy::NoFix{NoFixReason::ExclusionChoice};
      std::string Name = quote(R.Buffers[BI].Name);
      // Every name the buffer's critical sections have: "both" are two.
      std::vector<std::string> Names;
      for (const Access *X : Excluded)
        if (X->Protection == Guard::Critical)
          for (const std::string &N : X->Criticals)
            if (std::find(Names.begin(), Names.end(), N) == Names.end())
              Names.push_back(N);
      std::string OneName = "give both sections one name";
      if (Names.size() > 2) {
        OneName = "give the " + std::to_string(Names.size()) +
                  " sections that update it (";
        for (size_t K = 0; K < Names.size(); ++K)
          OneName += (K ? ", " : "") + (Names[K].empty()
                                            ? std::string("the unnamed one")
                                            : quote(Names[K]));
        OneName += ") one name";
      }
      F.Message =
          Name + " is written " + exclusionName(*W) + " and " +
          (A->Kind == AccessKind::Read ? "read " : "written ") +
          exclusionName(*A) + ": " +
          (Sections ? "critical sections of different names" : "the two") +
          " do not exclude each other";
      F.Notes.back() = {W->Where,
                        "the write " + exclusionName(*W) + " is here; " +
                            (Sections ? OneName
                                      : "make both accesses use the same "
                                        "synchronization")};
      return F;
    }
  return std::nullopt;
}

/// Unsynchronized accesses of buffer \p BI that race with writes made
/// under exclusion. A read before a synchronized access of the same work
/// item is left alone: the pre-check of a double-checked update (`if (v >
/// best) { critical: if (v > best) best = v; }`), racy only in a way its
/// authors accept.
std::optional<Finding> unguardedAccess(const ParallelRegion &R, unsigned BI,
                                       IndexOracle &Oracle) {
  std::vector<const Access *> Guarded, Plain;
  for (const Access &A : R.Accesses) {
    if (A.BufferIndex != BI)
      continue;
    // A write by one thread of the team ('single nowait', 'master',
    // 'masked'): the others go on without waiting for it. Their accesses
    // made by one thread too (`if (tid == 0)`) may be the writer's own.
    bool ByOneThread = A.Protection == Guard::Single &&
                       A.Kind != AccessKind::Read &&
                       R.Kind == RegionKind::Replicated;
    if (excludesOnlyItself(A) || ByOneThread)
      Guarded.push_back(&A);
    else if (A.Protection == Guard::None)
      Plain.push_back(&A);
  }
  if (Guarded.empty() || Plain.empty() || Plain.size() > MaxDistinctAccesses ||
      R.WaitsOnFlags)
    return std::nullopt;
  // A race across a barrier that may not be there is reported as "may",
  // and only where none is certain.
  std::optional<Finding> Unproven;
  for (const Access *A : Plain) {
    // (A 'master' or 'single' write has no pre-check: one thread makes
    // it, and a read of the others before it races as much as one after.)
    bool PreCheck = false;
    for (const Access &X : R.Accesses)
      PreCheck |= X.BufferIndex == BI && X.Protection != Guard::None &&
                  X.Protection != Guard::Single &&
                  A->Kind == AccessKind::Read && X.Order > A->Order;
    if (PreCheck)
      continue;
    for (const Access *W : Guarded) {
      // (The thread of a 'master' or 'masked' write is its PinnedItem: the
      // oracle compares it with the others only.)
      BarrierOrder Order = barrierOrder(R, *W, *A);
      if (Order == BarrierOrder::Ordered ||
          (W->Protection == Guard::Single && A->SingleWorkItem))
        continue;
      Conflict C = Oracle.query(R, *W, *A);
      if (C.V != Verdict::Collide)
        continue;
      if (Order == BarrierOrder::Unordered)
        return makeUnguardedFinding(R, R.Buffers[BI], *W, *A, C);
      if (!Unproven) {
        C.V = Verdict::MayCollide;
        Unproven = makeUnguardedFinding(R, R.Buffers[BI], *W, *A, C);
        Unproven->Notes.push_back(maybeBarrierNote(*W, *A));
      }
    }
  }
  return Unproven;
}

} // namespace

bool fewerThanTwoWorkItems(const ParallelRegion &R) {
  if (R.Kind != RegionKind::Loop)
    return false;
  int64_t Items = 1; // counted up to 2
  for (SymbolId V : R.WorkItemVars) {
    CheckedInt Count = constantTripCount(R.symbol(V));
    if (!Count)
      return false;
    Items = std::min<int64_t>(Items * std::min<int64_t>(*Count, 2), 2);
  }
  return Items < 2;
}

namespace {

/// The unsynchronized accesses of buffer \p BI, one of each kind:
/// accesses that are the same in every respect but their place need one
/// question only (generated and unrolled code repeats them). \p AnyWrite
/// says whether one of them writes.
std::vector<const Access *> distinctPlainAccesses(const ParallelRegion &R,
                                                  unsigned BI, bool &AnyWrite) {
  std::vector<const Access *> All;
  std::set<std::string> Seen;
  AnyWrite = false;
  for (const Access &A : R.Accesses) {
    if (A.BufferIndex != BI || A.Protection != Guard::None)
      continue;
    if (!Seen.insert(accessKey(A)).second)
      continue;
    All.push_back(&A);
    AnyWrite |= A.Kind != AccessKind::Read;
  }
  return All;
}

/// The pair of accesses of one buffer that races: a proven collision if
/// there is one, else the first possible one; failing both, a histogram
/// update (reported as "may").
struct RacingPair {
  const Access *W = nullptr, *A = nullptr;
  Conflict C;
  BarrierOrder Order = BarrierOrder::Unordered;
  const Access *HistogramW = nullptr;
  Conflict HistogramC;
};

/// An update at an index loaded from memory (`hist[key[i]]++`) is a
/// histogram: reported as "may", the one indirect pattern that is almost
/// never a permutation. A histogram partitioned by thread (`part[t*8 +
/// key[i] % 8]`) is the correct idiom: not reported.
bool isHistogramUpdate(const ParallelRegion &R, const Access &W,
                       const Access &A, const Conflict &C) {
  bool ByThread = false;
  for (const ExprRef &I : W.Index)
    ByThread |= I->mentions(
        [&](SymbolId S) { return R.symbol(S).Kind == SymbolKind::ThreadId; });
  return C.V == Verdict::Unknown && C.OpaqueIndex && &A == &W && !ByThread &&
         W.Kind == AccessKind::ReadModifyWrite && W.Op != ReductionOp::None &&
         !W.ResultUsed;
}

/// Asks the oracle about every write of \p All against itself in another
/// work item and against every other access, until a proven collision.
RacingPair findRacingPair(const ParallelRegion &R,
                          const std::vector<const Access *> &All,
                          IndexOracle &Oracle) {
  RacingPair P;
  for (const Access *W : All) {
    if (W->Kind == AccessKind::Read)
      continue;
    // The write against itself in another work item first, then against
    // every other access.
    std::vector<const Access *> Others{W};
    for (const Access *A : All)
      if (A != W)
        Others.push_back(A);
    for (const Access *A : Others) {
      if (A == W && W->SingleWorkItem)
        continue;
      // SIMD lanes meet only through a value one writes and another
      // reads: two plain writes leave what the last lane wrote.
      if (simdLanes(R) && W->Kind == AccessKind::Write &&
          A->Kind == AccessKind::Write)
        continue;
      BarrierOrder Order = barrierOrder(R, *W, *A);
      if (Order == BarrierOrder::Ordered)
        continue; // a barrier lies between them
      if (A != W && W->SingleWorkItem && A->SingleWorkItem)
        continue; // both in the same single work item
      Conflict C = Oracle.query(R, *W, *A);
      // SIMD lanes run in lockstep: a lane that reads an element a later
      // lane writes (`a[j] = a[j + 1]`) reads it first, as the sequential
      // loop does. Only a read of what an earlier lane wrote loses the
      // order: proven where the witness's reader comes later.
      if (simdLanes(R) && C.V == Verdict::Collide && A != W &&
          W->Kind == AccessKind::Write && A->Kind == AccessKind::Read &&
          !readerComesLater(R, C.W))
        C.V = Verdict::MayCollide;
      // An index that is data collides anyway where the work items
      // outnumber the elements it can select.
      if (A == W && C.V == Verdict::Unknown && C.OpaqueIndex)
        if (auto Q = countingQuestion(R, *W)) {
          Conflict Counted = Oracle.outnumber(R, *W, *Q);
          if (Counted.V == Verdict::Collide)
            C = Counted;
        }
      // A barrier that may lie between them leaves the race unproven.
      if (Order == BarrierOrder::MayBeOrdered && C.V == Verdict::Collide)
        C.V = Verdict::MayCollide;
      if (C.V == Verdict::Collide || C.V == Verdict::MayCollide) {
        if (!P.W || (P.C.V == Verdict::MayCollide && C.V == Verdict::Collide)) {
          P.W = W;
          P.A = A;
          P.C = C;
          P.Order = Order;
        }
        if (C.V == Verdict::Collide)
          break;
      }
      if (!P.HistogramW && isHistogramUpdate(R, *W, *A, C)) {
        P.HistogramW = W;
        P.HistogramC = C;
      }
    }
    if (P.W && P.C.V == Verdict::Collide)
      break;
  }
  return P;
}

/// A write under exclusion that an access outside it, or in a critical
/// section of another name, can meet.
std::optional<Finding> guardedConflicts(const ParallelRegion &R, unsigned BI,
                                        IndexOracle &Oracle) {
  if (auto F = unguardedAccess(R, BI, Oracle))
    return F;
  return exclusionsApart(R, BI, Oracle);
}

/// The finding for shared buffer \p BI, if it races.
std::optional<Finding> analyzeBuffer(const ParallelRegion &R, unsigned BI,
                                     IndexOracle &Oracle) {
  const Buffer &B = R.Buffers[BI];
  // A scalar every SIMD lane writes before it reads it is a register of
  // the lane once vectorized: no lane reads another's value.
  if (simdLanes(R) && B.Kind == BufferKind::Scalar && isScratch(R, BI))
    return std::nullopt;
  // Stores of one value lose nothing: privateer-same-value-store's.
  if (sameValueStores(R, BI, Oracle))
    return std::nullopt;
  bool AnyWrite;
  std::vector<const Access *> All = distinctPlainAccesses(R, BI, AnyWrite);
  if (!AnyWrite) // read-only sharing is never a problem
    return guardedConflicts(R, BI, Oracle); // but for guarded writes
  // Beyond this many different accesses of one buffer the pairwise
  // questions cost more than a compile should: the buffer is left alone.
  if (All.size() > MaxDistinctAccesses)
    return std::nullopt;

  RacingPair P = findRacingPair(R, All, Oracle);
  // Work items that wait for each other's flags order their accesses by
  // a protocol the model does not follow: only a statement racing with
  // its own instances (an update no hand-off orders) is still reported.
  if (R.WaitsOnFlags) {
    if (P.W && (P.W != P.A || P.W->Op == ReductionOp::None))
      P.W = nullptr;
  }
  if (P.W) {
    Finding F = makeFinding(R, B, All, *P.W, *P.A, P.C);
    if (P.Order == BarrierOrder::MayBeOrdered)
      F.Notes.push_back(maybeBarrierNote(*P.W, *P.A));
    return F;
  }
  if (P.HistogramW) {
    P.HistogramC.V = Verdict::MayCollide;
    return makeFinding(R, B, All, *P.HistogramW, *P.HistogramW, P.HistogramC);
  }
  return guardedConflicts(R, BI, Oracle);
}

} // namespace

std::vector<Finding> analyzeSharedBuffers(const ParallelRegion &R,
                                          IndexOracle &Oracle) {
  std::vector<Finding> Findings;
  // A task outside a loop: its instances are not modelled (yet).
  if (R.Kind == RegionKind::Tasks && R.WorkItemVars.empty())
    return Findings;
  if (fewerThanTwoWorkItems(R))
    return Findings;
  for (unsigned BI = 0; BI < R.Buffers.size(); ++BI) {
    if (R.Buffers[BI].Attr != Sharing::Shared)
      continue;
    if (std::optional<Finding> F = analyzeBuffer(R, BI, Oracle))
      Findings.push_back(std::move(*F));
  }
  return Findings;
}

std::vector<Finding> runSharedBufferCheck(const ParallelRegion &R,
                                          CheckContext &C) {
  std::vector<Finding> Findings = analyzeSharedBuffers(R, C.Oracle);
  for (Finding &F : analyzeAfterNowait(R, C.Oracle))
    Findings.push_back(std::move(F));
  for (Finding &F : analyzeUnorderedTasks(R, C.Oracle))
    Findings.push_back(std::move(F));
  return Findings;
}

} // namespace privateer
