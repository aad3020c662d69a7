//===- ThreadIdIndexAnalysis.cpp - privateer-threadid-index ---------------===//
//
// Part of privateer. A buffer indexed by the thread number is correct only
// while a thread runs one piece of work at a time, has a slot for every
// thread, and writes its slot rarely enough that neighbouring slots on one
// cache line do not matter. This check reports each way that fails: a task
// that can be suspended (or migrate) while it holds its slot, a bound
// smaller than the team, and small slots written in a loop.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/Advice.h"
#include "privateer/Analysis/RunChecks.h"
#include "privateer/Analysis/ThreadingChecks.h"
#include "privateer/Analysis/WrittenBeforeRead.h"
#include "privateer/Model/CheckedInt.h"

#include <algorithm>
#include <optional>
#include <set>

namespace privateer {

namespace {

/// The dimension of \p A whose index is `tid + c` (coefficient one), and c.
std::optional<std::pair<size_t, int64_t>>
threadDimension(const ParallelRegion &R, const Access &A) {
  for (size_t D = 0; D < A.Index.size(); ++D) {
    auto F = toAffine(*A.Index[D]);
    if (!F || F->Coeffs.size() != 1)
      continue;
    auto [S, K] = *F->Coeffs.begin();
    if (K == 1 && R.symbol(S).Kind == SymbolKind::ThreadId)
      return std::make_pair(D, F->Constant);
  }
  return std::nullopt;
}

bool mentionsThreadId(const ParallelRegion &R, const Access &A) {
  for (const ExprRef &I : A.Index)
    if (I->mentions([&](SymbolId S) {
          return R.symbol(S).Kind == SymbolKind::ThreadId;
        }))
      return true;
  return false;
}

} // namespace

bool rewritesInLoop(const ParallelRegion &R, const Access &A) {
  // In a loop, and at an element the loop comes back to: the loop's
  // variable is not in the index (`hits[t]++`), or only through an
  // operation that repeats values (`ws[k % 12]`). An initialization loop
  // that writes each element once (`acc[t][k] = 0`) is not hot.
  if (A.LoopDepth == 0)
    return false;
  if (A.LoopDepth > 1)
    return true;
  bool Affine = true, MentionsLoop = false;
  for (const ExprRef &I : A.Index) {
    bool Inner = I->mentions(
        [&](SymbolId S) { return R.symbol(S).Kind == SymbolKind::InnerLoop; });
    MentionsLoop |= Inner;
    if (Inner && !toAffine(*I))
      Affine = false;
  }
  return !MentionsLoop || !Affine;
}

namespace {

Finding taskRace(const ParallelRegion &R, const Buffer &B, const Access &Use,
                 const SchedulingPoint &P, bool Untied) {
  Finding F;
  F.Check = CheckId::ThreadIdIndex;
  // An implicit task's children take the slot as far as the analysis sees,
  // or in code it cannot see (a function defined elsewhere): unproven.
  F.May = R.Kind != RegionKind::Tasks && !R.InterleavedWork &&
          !R.ChildTasksSeenUsingThreadId;
  F.Where = Use.Where;
  F.BufferName = B.Name;
  F.Buffer = B.Handle;
  F.Message = taskSlotMessage(R, B, P.What, Untied);
  F.Notes.push_back({P.Where, "the task can be suspended here"});
  F.Notes.push_back({R.Directive, taskSlotAdvice(R)});
  F.Construct = R.Directive;
  // A leased buffer holds what its last holder left: the lease is exact
  // where the task reads only what it wrote.
  F.Fix =
      remedy::LeaseBuffer{readsFollowOwnWrites(R, Use.BufferIndex),
                          R.Kind != RegionKind::Tasks && !R.InterleavedWork};
  return F;
}

} // namespace

namespace {

/// Whether the compiler keeps the slot \p A updates in a register across
/// the loop, so that memory sees one write per thread and no line moves:
/// every iteration of a worksharing loop updates the one slot of its
/// thread, unconditionally, calls nothing, and touches no other memory of
/// a type that type-based alias analysis cannot tell from the slot's.
/// LLVM's LICM then promotes the slot (LLVM 22 at -O2: a `long` slot summed
/// from `double` data is stored once after the loop; a `double` slot summed
/// from `double` data is stored in every iteration). Assumes an optimized
/// build with strict aliasing, as -O2 is.
bool keptInRegister(const ParallelRegion &R, const Access &A) {
  const Buffer &B = R.Buffers[A.BufferIndex];
  if (R.Kind != RegionKind::Loop || R.MakesCalls || A.Conditional ||
      !A.Branch.empty() || A.LoopDepth != 0 || A.Protection != Guard::None ||
      !A.Via.empty() || A.InNestedTask || B.ElementType.empty())
    return false;
  for (const ExprRef &I : A.Index)
    if (I->mentions([&](SymbolId S) {
          SymbolKind K = R.symbol(S).Kind;
          return K != SymbolKind::ThreadId && K != SymbolKind::Invariant;
        }))
      return false; // not the same slot in every iteration
  for (const Access &X : R.Accesses) {
    if (&X == &A)
      continue;
    if (X.BufferIndex == A.BufferIndex)
      return false;
    const Buffer &Other = R.Buffers[X.BufferIndex];
    // A scalar of the work item's own lives in a register itself.
    if (Other.Kind == BufferKind::Scalar && Other.Attr != Sharing::Shared)
      continue;
    if (Other.ElementType.empty() || Other.ElementType == B.ElementType)
      return false;
  }
  return true;
}

} // namespace

namespace {

/// The scheduling point across which a task holds \p A's slot: a tied
/// task's thread runs only the task's own descendants while it waits, so a
/// tied task conflicts when it creates tasks that take slots too and keeps
/// its slot live across the wait (used before, read after before
/// rewriting); an untied task can resume on another thread at any of them.
const SchedulingPoint *slotHeldAcross(const ParallelRegion &R,
                                      const Access &A) {
  // (Every unit runs in a task: the implicit task of a parallel region is
  // tied too, and its thread runs its child tasks while it waits.)
  if (R.SchedulingPoints.empty() || (!R.Untied && !R.ChildTasksUseThreadId) ||
      A.InNestedTask)
    return nullptr;
  auto isWait = [](const SchedulingPoint &P) {
    return P.What.find("creation") == std::string::npos;
  };
  const SchedulingPoint *Held = nullptr;
  for (const SchedulingPoint &P : R.SchedulingPoints) {
    bool Before = false, LiveAfter = false, RewrittenAfter = false;
    std::vector<const Access *> After;
    // The slot as this task uses it; a child task's own uses are the
    // child's.
    for (const Access &X : R.Accesses)
      if (X.BufferIndex == A.BufferIndex && mentionsThreadId(R, X) &&
          !X.InNestedTask) {
        if (X.Order < P.Order)
          Before = true;
        else
          After.push_back(&X);
      }
    std::sort(
        After.begin(), After.end(),
        [](const Access *L, const Access *Rt) { return L->Order < Rt->Order; });
    for (const Access *X : After) {
      if (X->Kind == AccessKind::Write && !X->Conditional)
        RewrittenAfter = true;
      else if (!RewrittenAfter)
        LiveAfter = true;
    }
    // A wait the task makes reads best: the first one that holds the
    // slot, else the first point.
    if ((R.Untied && (Before || !After.empty())) || (Before && LiveAfter)) {
      if (!Held || (!isWait(*Held) && isWait(P)))
        Held = &P;
    }
  }
  return Held;
}

/// A finding about \p A on \p B, without message, notes or fix yet.
Finding slotFinding(const Buffer &B, const Access &A) {
  Finding F;
  F.Check = CheckId::ThreadIdIndex;
  F.Where = A.Where;
  F.BufferName = B.Name;
  F.Buffer = B.Handle;
  return F;
}

/// Fewer slots than threads: \p A indexes \p B's first dimension by
/// `tid + Offset`, and the team (known only to the construct that makes
/// it) is, or may be, bigger than the buffer.
std::optional<Finding> tooFewSlots(const ParallelRegion &R, const Buffer &B,
                                   const Access &A, int64_t Offset,
                                   IndexOracle &Oracle) {
  std::optional<int64_t> Team;
  if (R.NumThreads && R.NumThreads->kind() == ExprKind::Constant)
    Team = R.NumThreads->value();
  Finding F = slotFinding(B, A);
  // User constants (`num_threads`, the extent, the offset): a sum
  // past int64_t decides nothing.
  // Indices past the last element: from the first index plus the extent
  // (1-based in Fortran).
  CheckedInt Extent = CheckedInt::fromUnsigned(B.Extent.value_or(0));
  CheckedInt End = CheckedInt(B.FirstIndex) + Extent;
  CheckedInt LastSlot = CheckedInt(Team) - 1 + Offset;
  CheckedInt Thread = End - Offset;
  if (B.Extent && Team && LastSlot && Thread && End && *LastSlot >= *End) {
    F.Message = slotsPastTeamMessage(R, B, *Team, *Thread);
  } else if (B.Extent && !Team && Thread) {
    // A team the program allows (nothing bounds it but OMP_NUM_THREADS and
    // the machine) in which a thread that makes the access indexes past
    // the end: the access's own conditions (`if (t < 16)`) hold.
    std::vector<Condition> Conditions;
    bool Unseen = false;
    for (const Condition &C : A.Conditions) {
      auto Data = [&](SymbolId S) {
        return R.symbol(S).Kind == SymbolKind::Opaque &&
               R.symbol(S).IterationDependent;
      };
      if (C.Lhs->mentions(Data) || C.Rhs->mentions(Data))
        Unseen = true;
      else
        Conditions.push_back(C);
    }
    Conditions.push_back({A.Index[0], Comparison::GE, Expr::constant(*End)});
    Conflict Past = Oracle.satisfy(R, Conditions, A.Index[0]);
    if (Past.V == Verdict::Disjoint)
      return std::nullopt;
    // A team size the program states where the model cannot read it (a
    // num_threads(k) with k computed, omp_set_num_threads elsewhere) may
    // bound it.
    F.May = Past.V != Verdict::Collide || Unseen || R.NumThreadsClause ||
            R.TeamSizeSetElsewhere;
    F.Message = F.May ? teamMayOutgrowSlotsMessage(R, B)
                      : teamOutgrowsSlotsMessage(R, B, *Thread);
  } else if (B.ExtentIsMaxThreads && Team) {
    F.May = true;
    F.Message = maxThreadsSlotsMessage(R, B, *Team);
  } else {
    return std::nullopt;
  }
  if (B.Decl.valid())
    F.Notes.push_back({B.Decl, quote(B.Name) + " is declared here"});
  F.Notes.push_back({R.Directive, sizeForTeamAdvice(R)});
  return F;
}

/// The fix for slots of \p B that threads share a line of: an object per
/// thread (TBB), a local accumulator, padding, or none.
Remedy falseSharingRemedy(const ParallelRegion &R, const Buffer &B,
                          const Access &A, unsigned CacheLine) {
  // In a parallel region the slot can live in a local across its loop;
  // in a worksharing loop the loop is the construct itself.
  bool OnlyDirect = true;
  for (const Access &X : R.Accesses)
    if (X.BufferIndex == A.BufferIndex)
      OnlyDirect &= X.Via.empty();
  // A worksharing loop whose iterations all add to their thread's slot
  // (the index is the thread number, nothing else): the slot can live
  // in a local across the loop, written back once, as fast as a
  // reduction, where padding still writes memory on every iteration.
  // (A combined construct is split for the local: one buffer only, as
  // two splits of one construct cannot both be applied.)
  std::set<unsigned> Slotted;
  for (const Access &X : R.Accesses)
    if (X.Kind != AccessKind::Read && mentionsThreadId(R, X))
      Slotted.insert(X.BufferIndex);
  bool SlotFixedPerThread =
      R.Kind == RegionKind::Loop && R.Model == ProgrammingModelKind::OpenMP &&
      (!R.CreatesTeam || Slotted.size() == 1) && !R.InterleavedWork &&
      R.Construction != ConstructKind::TaskLoop && A.Index.size() == 1 &&
      A.Protection == Guard::None && !A.Index[0]->mentions([&](SymbolId S) {
        SymbolKind K = R.symbol(S).Kind;
        return K != SymbolKind::ThreadId && K != SymbolKind::Invariant;
      });
  bool Paddable = B.Kind == BufferKind::Array && B.Extent &&
                  A.Index.size() == 1 && R.Kind == RegionKind::Loop;
  // TBB keeps a thread's value in an object of its own: an
  // enumerable_thread_specific, combined after the call.
  bool ThreadSpecific = R.Model == ProgrammingModelKind::TBB &&
                        R.Kind == RegionKind::Loop && OnlyDirect &&
                        A.Index.size() == 1 && A.Protection == Guard::None;
  if (ThreadSpecific)
    return remedy::ObjectPerThread{Paddable ? CacheLine : 0};
  if ((R.Kind == RegionKind::Replicated || SlotFixedPerThread) && OnlyDirect)
    // Padding, where no local can be made.
    return remedy::LocalAccumulator{A.Where, Paddable ? CacheLine : 0};
  if (B.Kind == BufferKind::Array && B.Extent && A.Index.size() == 1)
    // A worksharing loop's own iterations update the slot: pad it.
    return remedy::PadElements{CacheLine};
  return remedy::NoFix{NoFixReason::SlotNotArrayElement};
}

/// Small slots written over and over by different threads: \p A writes
/// slots \p Slot bytes apart (its thread dimension's stride), which are
/// not whole cache lines.
Finding slotFalseSharing(const ParallelRegion &R, const Buffer &B,
                         const Access &A, uint64_t Slot, unsigned CacheLine) {
  Finding F = slotFinding(B, A);
  std::string Line = std::to_string(CacheLine) + "-byte";
  std::string Slots =
      Slot < CacheLine
          ? std::to_string(CacheLine / Slot) + " slots of " +
                std::to_string(Slot) + " bytes share each " + Line +
                " cache line"
          : "its " + std::to_string(Slot) +
                "-byte slots are not whole cache lines and straddle "
                "them";
  F.Message = "threads write " + quote(A.Spelling) + " in a loop, and " +
              Slots +
              ": the line moves between cores on every write (false "
              "sharing)";
  if (Slot < CacheLine)
    F.Notes.push_back(
        {A.Where, "threads 0 and 1 write " + quote(B.Name + "[0]") + " and " +
                      quote(B.Name + "[1]") + " in one " + Line + " line"});
  F.Construct = R.Directive;
  F.Fix = falseSharingRemedy(R, B, A, CacheLine);
  F.Notes.push_back(
      {R.Directive, slotFalseSharingAdvice(R, A.Spelling, CacheLine)});
  return F;
}

} // namespace

std::vector<Finding> analyzeThreadIdIndex(const ParallelRegion &R,
                                          unsigned CacheLine,
                                          IndexOracle &Oracle) {
  std::vector<Finding> Findings;
  // One finding per buffer and reason: a task race, a bound, false sharing.
  std::set<unsigned> Raced, Bounded, Shared;
  for (const Access &A : R.Accesses) {
    if (!mentionsThreadId(R, A) || Raced.count(A.BufferIndex))
      continue;
    const Buffer &B = R.Buffers[A.BufferIndex];
    if (B.Attr != Sharing::Shared)
      continue;

    // 1. Tasks: the slot is held across a point where the task can be
    //    suspended, or the task is untied and can change threads.
    if (const SchedulingPoint *Between = slotHeldAcross(R, A)) {
      Findings.push_back(taskRace(R, B, A, *Between, R.Untied));
      Raced.insert(A.BufferIndex);
      continue;
    }

    auto Dim = threadDimension(R, A);
    // 2. Fewer slots than threads.
    // Only the construct that makes the team knows its size.
    if (Dim && Dim->first == 0 && (B.Extent || B.ExtentIsMaxThreads) &&
        R.CreatesTeam && !Bounded.count(A.BufferIndex)) {
      if (auto F = tooFewSlots(R, B, A, Dim->second, Oracle)) {
        Findings.push_back(std::move(*F));
        Bounded.insert(A.BufferIndex);
      }
    }

    // 3. Small slots written over and over by different threads.
    // (A write in a nested task is the task's: see the task rules above.)
    bool Repeated =
        (rewritesInLoop(R, A) || R.Kind == RegionKind::Loop) && !A.InNestedTask;
    if (Dim && A.Kind != AccessKind::Read && Repeated && CacheLine &&
        Dim->first < A.Strides.size() && !Shared.count(A.BufferIndex)) {
      uint64_t Slot = A.Strides[Dim->first];
      if (Slot == 0 || Slot % CacheLine == 0)
        continue; // unknown size, or padded to whole lines
      if (keptInRegister(R, A))
        continue; // one store per thread, after its loop
      Findings.push_back(slotFalseSharing(R, B, A, Slot, CacheLine));
      Shared.insert(A.BufferIndex);
    }
  }
  return Findings;
}

std::vector<Finding> runThreadIdIndexCheck(const ParallelRegion &R,
                                           CheckContext &C) {
  return analyzeThreadIdIndex(R, C.CacheLine, C.Oracle);
}

} // namespace privateer
