//===- SharedBufferScratch.cpp - Scratch buffers --------------------------===//
//
// Part of privateer. Which shared buffers are scratch (every work item
// overwrites what it uses before it reads it), and the race of such a
// buffer, whose fix is a copy per thread (lib/Analysis/SharedBufferRace.h).
//
//===----------------------------------------------------------------------===//

#include "SharedBufferRace.h"
#include "privateer/Analysis/Advice.h"
#include "privateer/Analysis/WrittenBeforeRead.h"

#include <algorithm>
#include <map>

namespace privateer {

namespace {

/// The access's index mentions a work-item variable (not merely an opaque
/// value): privatizing would change which element it reads.
bool mentionsWorkItemVar(const ParallelRegion &R, const Access &A) {
  for (const ExprRef &I : A.Index)
    if (I->mentions([&](SymbolId S) {
          SymbolKind K = R.symbol(S).Kind;
          return R.isWorkItemVar(S) || K == SymbolKind::Induction ||
                 K == SymbolKind::ThreadId;
        }))
      return true;
  return false;
}

/// Whether the first access of every section writes (\p All: the buffer's
/// accesses).
bool sectionsWriteFirst(const std::vector<const Access *> &All) {
  std::map<unsigned, const Access *> FirstOf;
  for (const Access *A : All) {
    const Access *&F = FirstOf[A->Section];
    if (!F || A->Order < F->Order)
      F = A;
  }
  for (const auto &[Section, F] : FirstOf)
    if (F->Kind != AccessKind::Write && !F->WholeBuffer)
      return false;
  return true;
}

/// Whether every use of the buffer (\p All: its accesses) follows a write
/// of the same element on its own path (`if (c) { r = f(); g(r); }`), so
/// no work item reads what another left.
bool everyUseFollowsWrite(const std::vector<const Access *> &All) {
  // (Constant elements only: two loops' `k` print alike but may cover
  // different ranges.)
  auto SameElement = [&](const Access &W, const Access &X) {
    if (W.WholeBuffer)
      return true;
    if (W.Index.size() != X.Index.size() || X.WholeBuffer)
      return false;
    for (size_t K = 0; K < W.Index.size(); ++K)
      if (W.Index[K]->kind() != ExprKind::Constant ||
          X.Index[K]->kind() != ExprKind::Constant ||
          W.Index[K]->value() != X.Index[K]->value())
        return false;
    return true;
  };
  auto InArmOf = [](const Access &W, const Access &X) {
    return W.Branch.size() <= X.Branch.size() &&
           std::equal(W.Branch.begin(), W.Branch.end(), X.Branch.begin());
  };
  auto Dominated = [&](const Access &X) {
    for (const Access *W : All)
      if (W->Kind == AccessKind::Write && W->Old != Access::OldContents::Kept &&
          W->Order < X.Order && !W->SingleWorkItem && W->Epoch == X.Epoch &&
          InArmOf(*W, X) && SameElement(*W, X))
        return true;
    return false;
  };
  // (A mutation that keeps what is there uses it, as a read does.)
  for (const Access *X : All)
    if ((X->Kind != AccessKind::Write || X->Old == Access::OldContents::Kept) &&
        !Dominated(*X))
      return false;
  return true;
}

/// Whether every work item starts with buffer \p BI (a container) by
/// resetting it: its first access, made in every work item before any
/// other, is a clear(), an assign() or an assignment of the whole object
/// (a std::fill keeps the size), or a resize() when every element read is
/// one written before (\p OwnWrites). What it held before then never shows, and
/// a private, default-constructed copy behaves as the shared one did.
bool resetFirst(const ParallelRegion &R, unsigned BI, bool OwnWrites) {
  const Access *First = nullptr;
  for (const Access &A : R.Accesses)
    if (A.BufferIndex == BI && (!First || A.Order < First->Order))
      First = &A;
  if (!First || First->Kind != AccessKind::Write || !First->WholeBuffer ||
      First->Conditional || First->LoopDepth || !First->Branch.empty() ||
      First->Epoch || First->SingleWorkItem || First->InNestedTask)
    return false;
  return First->Old == Access::OldContents::Discarded ||
         (First->Old == Access::OldContents::ElementsKept && OwnWrites);
}

} // namespace

bool isScratch(const ParallelRegion &R, unsigned BI) {
  // Every access is to the same elements in every work item, and the first
  // one of a work item is an unconditional plain write: each work item
  // overwrites the buffer before it uses it.
  //
  // All of the buffer's accesses, protected ones and repeats of one
  // spelling included: a private copy changes what each of them sees (the
  // race is found on distinct plain accesses; `iflag` read in another
  // `case` than the one that writes it looks like the first read).
  std::vector<const Access *> All;
  for (const Access &A : R.Accesses)
    if (A.BufferIndex == BI)
      All.push_back(&A);
  const Access *First = nullptr;
  bool AnyRead = false;
  bool Dependent = false;
  for (const Access *A : All) {
    // (A push_back uses the size it finds, as a read would.)
    AnyRead |=
        A->Kind != AccessKind::Write || A->Old == Access::OldContents::Kept;
    if (!First || A->Order < First->Order)
      First = A;
    if (A->WholeBuffer)
      continue;
    // Indices may be loaded from the scratch itself (`ws.buf[ws.len++]`),
    // but must not name the work item.
    Dependent |= mentionsWorkItemVar(R, *A);
  }
  // Cleared whole (memset, std::fill) first, it may then be used anywhere.
  if (Dependent && !(First && First->WholeBuffer))
    return false;
  // A buffer only ever written is an output, not scratch. A container
  // mutation that builds on what is there (push_back first) reads what
  // another work item left.
  if (!AnyRead || !First || First->Kind != AccessKind::Write ||
      First->Old == Access::OldContents::Kept || First->SingleWorkItem)
    return false;
  // Each section is a work item of its own: one that reads before it
  // writes takes what another section left (a value handed over, as
  // between a pipeline's filters), which a private copy would lose.
  if (R.Kind == RegionKind::Sections && !sectionsWriteFirst(All))
    return false;
  if (!First->Conditional)
    return true;
  // Written first under a condition: scratch when every use follows a
  // write of the same element on its own path (`if (c) { r = f(); g(r); }`),
  // so no work item reads what another left.
  return everyUseFollowsWrite(All);
}

bool onlyThroughCalls(const std::vector<const Access *> &All) {
  bool OnlyThroughCalls = true;
  for (const Access *X : All)
    OnlyThroughCalls &= !X->Via.empty();
  return OnlyThroughCalls;
}

std::string describeScratch(RaceFacts &X, Finding &F) {
  const ParallelRegion &R = X.R;
  const Buffer &B = X.B;
  const Access &W = X.W;
  F.Kind = RaceKind::Scratch;
  X.Name = quote(B.Name); // the whole object is the scratch
  F.Message =
      "shared buffer " + X.Name + " is scratch that " + X.Every +
      " overwrites; " +
      (R.Kind == RegionKind::Replicated ? std::string("the threads race on it")
       : simdLanes(R)
           ? std::string("SIMD lanes that run together race on it")
           : std::string(X.N.Items) + " on different threads race on it");
  bool OnlyThroughCalls = onlyThroughCalls(X.All);
  // Through calls, the callee's code decides what is read: a copy per
  // work item is exact when each reads only what it wrote before.
  bool Privatizable =
      !OnlyThroughCalls || readsFollowOwnWrites(R, W.BufferIndex);
  // Elements read that no iteration writes keep their values only in a
  // copy made from the shared object.
  bool CopyIn = !OnlyThroughCalls && readsUnwrittenConstant(R, W.BufferIndex);
  bool OwnWrites = readsFollowOwnWrites(R, W.BufferIndex);
  // A container every work item resets first needs no copy of its
  // elements: private, not firstprivate.
  bool Reset = B.Kind == BufferKind::Container && !CopyIn &&
               resetFirst(R, W.BufferIndex, OwnWrites);
  std::string Advice = privatizeAdvice(R, B, !Privatizable, Reset);
  if (B.ThroughClosure) {
    F.Fix = remedy::NoFix{NoFixReason::ThroughClosure};
  } else if (B.Kind == BufferKind::Pointee && R.Kind == RegionKind::Loop &&
             Privatizable) {
    F.Fix = remedy::ScratchPerThread{};
  } else if (!Privatizable)
    F.Fix = remedy::NoFix{NoFixReason::ReadsNotOwnWrites};
  else if (B.Kind == BufferKind::Pointee)
    F.Fix = remedy::NoFix{NoFixReason::HeapScratchOutsideLoop};
  else if (B.VisibleAtConstruct) {
    // A container's copy must hold its elements (copy it in), unless each
    // work item starts by resetting it: then a default-constructed copy
    // is the same and costs no copy. A copy reused by several work items
    // (one per thread) need not be filled again when each reads only what
    // it wrote first.
    bool CopyNeeded = CopyIn || (B.Kind == BufferKind::Container && !Reset);
    F.Fix = remedy::Privatize{CopyNeeded ? PrivateCopy::FirstPrivate
                                         : PrivateCopy::Private,
                              !CopyIn && OwnWrites};
  }
  return Advice;
}

} // namespace privateer
