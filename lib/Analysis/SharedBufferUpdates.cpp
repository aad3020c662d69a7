//===- SharedBufferUpdates.cpp - Counters and accumulations ---------------===//
//
// Part of privateer. The races of shared updates: a counter whose value is
// used, and an accumulation, with their fixes (a buffer per thread for a
// queue, a captured update, a reduction, atomic updates)
// (lib/Analysis/SharedBufferRace.h).
//
//===----------------------------------------------------------------------===//

#include "SharedBufferRace.h"
#include "privateer/Analysis/Advice.h"
#include "privateer/Model/ValueRange.h"

#include <optional>
#include <set>

namespace privateer {

namespace {

/// A combining operator that a reduction can use (whatever a programming
/// model calls it).
bool reducible(ReductionOp Op) {
  return Op != ReductionOp::None && Op != ReductionOp::Other;
}

/// An operator that an atomic update can apply (not min or max).
bool atomicUpdateOp(ReductionOp Op) {
  switch (Op) {
  case ReductionOp::Add:
  case ReductionOp::Sub:
  case ReductionOp::Mul:
  case ReductionOp::And:
  case ReductionOp::Or:
  case ReductionOp::Xor:
    return true;
  default:
    return false;
  }
}

/// Largest array section a reduction of pointed-to memory gets: each
/// thread's copy lives on its stack.
constexpr uint64_t MaxDeclaredSection = 1 << 16;

/// For memory a parameter points to whose declaration states its length
/// (`long hist[256]`): that length, where every index the updates use is
/// known to lie within it (an `unsigned char` index, `k % 16`). The
/// section's copies then cover every element the loop touches, and the
/// combine writes no element the declaration does not promise.
std::optional<uint64_t> declaredSection(const ParallelRegion &R,
                                        const Buffer &B, const Access &W) {
  if (B.Kind != BufferKind::Pointee || !B.DeclaredExtent ||
      *B.DeclaredExtent == 0 || *B.DeclaredExtent > MaxDeclaredSection ||
      W.Index.size() != 1)
    return std::nullopt;
  for (const Access &X : R.Accesses) {
    if (X.BufferIndex != W.BufferIndex)
      continue;
    if (X.Index.size() != 1 || X.RangeLength || X.WholeBuffer)
      return std::nullopt;
    ValueRange Range = rangeOf(R, X.Index[0]);
    if (!Range.Requires.empty() || !Range.bounded() ||
        Range.Lo->kind() != ExprKind::Constant ||
        Range.Hi->kind() != ExprKind::Constant || Range.Lo->value() < 0 ||
        uint64_t(Range.Hi->value()) >= *B.DeclaredExtent)
      return std::nullopt;
  }
  return *B.DeclaredExtent;
}

/// The reduction that makes \p W's updates exact: of the scalar, or of
/// the whole array (`s`, `h[:256]` in OpenMP's words).
std::optional<Remedy> reductionRemedy(const ParallelRegion &R, const Buffer &B,
                                      const Access &W) {
  // A task's update (a task construct, or a task the work item creates)
  // may run after the construct's private copy is combined: no reduction
  // of the construct covers it.
  if (!reducible(W.Op) || !B.VisibleAtConstruct || B.ThroughClosure ||
      R.Kind == RegionKind::Tasks || W.InNestedTask)
    return std::nullopt;
  for (const std::string &F : W.Fields)
    if (!F.empty())
      return std::nullopt;
  remedy::Reduce Fix;
  Fix.Op = W.Op;
  if (B.Kind == BufferKind::Array && B.Extent && W.Index.size() == 1)
    Fix.SectionLength = *B.Extent;
  else if (auto Declared = declaredSection(R, B, W))
    Fix.SectionLength = *Declared;
  else if (B.Kind != BufferKind::Scalar || !W.Index.empty())
    return std::nullopt;
  return Fix;
}

/// A worksharing loop's work items run on the team's threads one after
/// another: what a thread collects can be handed over once, after its last.
/// The buffers live in the team the construct creates (a combined
/// `parallel for` over one loop, split in two by the rewrite); the
/// construct must have one queue only, since two splits of one construct
/// cannot both be applied.
bool perThreadBuffersFit(const ParallelRegion &R) {
  if (R.Kind != RegionKind::Loop || R.InterleavedWork || !R.CreatesTeam ||
      R.WorkItemVars.size() != 1 || R.Construction == ConstructKind::TaskLoop)
    return false;
  // Counted queues by their counter, containers by their buffer.
  std::set<BufferHandle> Counters;
  std::set<unsigned> Containers;
  for (const Symbol &S : R.Symbols)
    if (S.CounterHandle)
      Counters.insert(S.CounterHandle);
  for (const Access &A : R.Accesses)
    if (A.Append)
      Containers.insert(A.BufferIndex);
  return Counters.size() + Containers.size() == 1;
}

} // namespace

bool onlyAppends(const ParallelRegion &R, unsigned BufferIndex) {
  if (!perThreadBuffersFit(R))
    return false;
  bool Any = false;
  for (const Access &A : R.Accesses) {
    if (A.BufferIndex != BufferIndex)
      continue;
    if (!A.Append || A.Protection != Guard::None || !A.Via.empty() ||
        A.InNestedTask || A.SingleWorkItem)
      return false;
    Any = true;
  }
  return Any;
}

namespace {

/// For a counter \p B whose one update is \p W: the write `q[n++] = v`
/// that uses the value, when that is the counter's only use and the only
/// access of q in the construct (an append to the queue q).
const Access *queueAppend(const ParallelRegion &R, const Buffer &B,
                          const Access &W) {
  if (!perThreadBuffersFit(R) || !B.Handle || !W.Via.empty() ||
      W.InNestedTask || W.SingleWorkItem)
    return nullptr;
  unsigned CounterIndex = W.BufferIndex;
  for (const Access &A : R.Accesses)
    if (A.BufferIndex == CounterIndex && &A != &W)
      return nullptr;
  const Access *Found = nullptr;
  for (const Access &A : R.Accesses) {
    bool UsesValue = false;
    for (const ExprRef &I : A.Index)
      UsesValue |= I->mentions(
          [&](SymbolId S) { return R.symbol(S).CounterHandle == B.Handle; });
    if (!UsesValue)
      continue;
    if (Found || A.Kind != AccessKind::Write || A.Index.size() != 1 ||
        A.Protection != Guard::None || !A.Via.empty() || A.WholeBuffer)
      return nullptr;
    auto Form = toAffine(*A.Index[0]);
    if (!Form || Form->Constant != 0 || Form->Coeffs.size() != 1 ||
        Form->Coeffs.begin()->second != 1 ||
        R.symbol(Form->Coeffs.begin()->first).CounterHandle != B.Handle)
      return nullptr;
    Found = &A;
  }
  if (!Found)
    return nullptr;
  const Buffer &Q = R.Buffers[Found->BufferIndex];
  if (Q.Attr != Sharing::Shared || !Q.VisibleAtConstruct ||
      (Q.Kind != BufferKind::Pointee && Q.Kind != BufferKind::Array))
    return nullptr;
  for (const Access &A : R.Accesses)
    if (A.BufferIndex == Found->BufferIndex && &A != Found)
      return nullptr;
  return Found;
}

} // namespace

ReductionOp opFamily(ReductionOp Op) {
  return Op == ReductionOp::Sub ? ReductionOp::Add : Op;
}

namespace {

/// The fix for a counter whose value is used: a buffer per thread for a
/// queue filled by `q[n++] = v`, else a captured update.
Remedy counterRemedy(const RaceFacts &X) {
  const ParallelRegion &R = X.R;
  const Access &W = X.W;
  // Every use of the counter must be such an update for the capture to
  // be the whole story.
  bool OnlyUpdates = !X.ReadAnywhere;
  for (const Access *Y : X.All)
    OnlyUpdates &= Y->Kind == AccessKind::ReadModifyWrite &&
                   Y->Op == ReductionOp::Add && Y->Via.empty();
  if (!OnlyUpdates || X.All.size() != 1)
    return remedy::NoFix{NoFixReason::CounterUsedOutside};
  if (const Access *Append = queueAppend(R, X.B, W))
    return remedy::BufferAppends{R.Buffers[Append->BufferIndex].Handle,
                                 X.B.Handle, Append->Where};
  // Every update of the counter, in one fix (All holds one access per
  // kind: alike updates in two places are captured both).
  remedy::CaptureCounter Capture;
  bool InCode = true;
  for (const Access &Y : R.Accesses)
    if (Y.BufferIndex == W.BufferIndex && Y.Protection == Guard::None) {
      InCode &= Y.Via.empty();
      Capture.Updates.push_back(Y.Where);
    }
  if (InCode)
    return std::move(Capture);
  return remedy::NoFix{NoFixReason::CounterUsedOutside};
}

} // namespace

std::string describeCounter(const RaceFacts &X, Finding &F) {
  F.Kind = RaceKind::Counter;
  F.Message = "shared counter " + X.Name + " is updated by " + X.Every +
              " and its value used without synchronization; two " + X.N.Items +
              " can get the same value";
  F.Fix = counterRemedy(X);
  return counterAdvice(X.R);
}

namespace {

/// The fix for an accumulation: a reduction when the construct only
/// combines into the buffer, else atomic updates; unchanged (no fix) when
/// neither is exact.
void accumulationRemedy(const RaceFacts &X, Finding &F) {
  const ParallelRegion &R = X.R;
  const Access &W = X.W;
  // A reduction gives each thread a private copy, combined at the end: it
  // is exact only when the construct does nothing with the buffer but the
  // updates. A value read in between (`out[k] = i; k++;`) would be the
  // thread's partial count, not the sequential one. Min and max updates
  // read the value in their comparison, which the private copy answers
  // as the sequential code does.
  bool OnlyCombining = true;
  for (const Access *Y : X.All) {
    bool SameUpdate = Y->Kind == AccessKind::ReadModifyWrite &&
                      opFamily(Y->Op) == opFamily(W.Op) && !Y->ResultUsed;
    bool Compared = Y->Kind == AccessKind::Read &&
                    (W.Op == ReductionOp::Min || W.Op == ReductionOp::Max);
    OnlyCombining &= (SameUpdate || Compared) && !Y->InNestedTask;
  }
  if (auto Reduce = OnlyCombining ? reductionRemedy(R, X.B, W) : std::nullopt) {
    // Every thread reads it after the construct as its own partial: a
    // copy per thread for the team's whole region, combined at its end.
    // Atomic updates would make every thread read the whole sum too.
    if (X.B.ReadByTeamAfterConstruct) {
      auto *Fix = std::get_if<remedy::Reduce>(&*Reduce);
      if (!Fix || Fix->SectionLength) {
        F.Fix = remedy::NoFix{NoFixReason::ReadAfterAsPartial};
        return;
      }
      Fix->OverTeam = true;
    }
    F.Fix = std::move(*Reduce);
    return;
  }
  if (X.B.ReadByTeamAfterConstruct) {
    F.Fix = remedy::NoFix{NoFixReason::ReadAfterAsPartial};
    return;
  }
  if (!atomicUpdateOp(W.Op))
    return;
  // No reduction clause can name it: make every update atomic, when
  // updates are all the construct does with the buffer.
  // Every update, in one fix (All holds one access per kind: two alike
  // updates in two places are both made atomic).
  bool OnlyUpdates = true, InCallee = false;
  remedy::AtomicUpdates Atomic;
  for (const Access &Y : R.Accesses)
    if (Y.BufferIndex == W.BufferIndex && Y.Protection == Guard::None) {
      OnlyUpdates &= Y.Kind == AccessKind::ReadModifyWrite &&
                     atomicUpdateOp(Y.Op) && !Y.ResultUsed;
      InCallee |= !Y.Via.empty();
      Atomic.Updates.push_back(Y.Where);
    }
  if (OnlyUpdates && !InCallee)
    F.Fix = std::move(Atomic);
  else
    F.Fix = remedy::NoFix{OnlyUpdates ? NoFixReason::UpdateInCallee
                                      : NoFixReason::AccessesBesideUpdates};
}

} // namespace

std::string describeAccumulation(const RaceFacts &X, Finding &F) {
  F.Kind = RaceKind::Accumulation;
  if (X.Element)
    F.Message = std::string(X.N.Items) + (F.May ? " can update " : " update ") +
                X.Name + " at the same element without synchronization; " +
                "concurrent updates " + (F.May ? "may be" : "are") + " lost";
  else
    F.Message = X.Name + " is updated by " + X.Every +
                " without a reduction; concurrent updates are lost";
  std::string Advice =
      X.B.ReadByTeamAfterConstruct
          ? partialPerThreadAdvice(X.R, X.B, X.W)
          : reductionAdvice(X.R, X.B, X.W, declaredSection(X.R, X.B, X.W));
  accumulationRemedy(X, F);
  return Advice;
}

} // namespace privateer
