//===- SharedBufferAnalysis.cpp - privateer-shared-buffer -----------------===//
//
// Part of privateer. For each shared buffer with an unprotected write, asks
// the index oracle whether two different work items can touch one element,
// classifies the race (scratch, accumulation, counter, collision, loop-carried
// dependence) and writes the diagnostic with its notes and fix advice.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/SharedBufferAnalysis.h"
#include "privateer/Analysis/Advice.h"
#include "privateer/Analysis/Counting.h"
#include "privateer/Analysis/RunChecks.h"
#include "privateer/Analysis/SameValueStore.h"
#include "privateer/Analysis/WrittenBeforeRead.h"
#include "privateer/Model/ValueRange.h"

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

struct Nouns {
  const char *Item;  ///< iteration, thread, section, task
  const char *Items; ///< iterations, threads, sections, tasks
};

Nouns nounsFor(RegionKind K) {
  switch (K) {
  case RegionKind::Loop:
    return {"iteration", "iterations"};
  case RegionKind::Replicated:
    return {"thread", "threads"};
  case RegionKind::Sections:
    return {"section", "sections"};
  case RegionKind::Tasks:
    return {"task", "tasks"};
  }
  return {"work item", "work items"};
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

/// The SIMD lanes of one thread are the work items (ParallelRegion::
/// Construction): messages speak of lanes, witnesses of iterations.
bool simdLanes(const ParallelRegion &R) {
  return R.Construction == ConstructKind::SimdLanes;
}

/// The nouns a message uses for the work items of \p R.
Nouns messageNouns(const ParallelRegion &R) {
  if (simdLanes(R))
    return {"SIMD lane", "SIMD lanes"};
  return nounsFor(R.Kind);
}

/// A combining operator that a reduction can use (whatever a programming
/// model calls it).
bool reducible(ReductionOp Op) {
  return Op != ReductionOp::None && Op != ReductionOp::Other;
}

/// `iteration i=3`, `iteration (i=0, j=1)`, `thread 1`, `task of i=2`.
std::string itemName(const ParallelRegion &R,
                     const std::vector<std::pair<std::string, int64_t>> &Vals) {
  Nouns N = nounsFor(R.Kind);
  if (R.Kind == RegionKind::Sections)
    return "one section";
  std::string Values;
  for (size_t K = 0; K < Vals.size(); ++K) {
    if (K)
      Values += ", ";
    if (R.Kind == RegionKind::Replicated)
      Values += std::to_string(Vals[K].second);
    else
      Values += Vals[K].first + "=" + std::to_string(Vals[K].second);
  }
  if (Vals.size() > 1)
    Values = "(" + Values + ")";
  if (R.Kind == RegionKind::Tasks)
    return std::string("the task of ") + Values;
  if (Values.empty())
    return std::string("one ") + N.Item;
  return std::string(N.Item) + " " + Values;
}

std::string otherItemName(const ParallelRegion &R, const Witness *W) {
  if (R.Kind == RegionKind::Sections)
    return "another section";
  if (W && !W->Second.empty())
    return itemName(R, W->Second);
  return std::string("another ") + nounsFor(R.Kind).Item;
}

/// `(with n=17)`: the sizes a witness chose; empty when none.
std::string assumptionsText(const ParallelRegion &R, const Witness *W) {
  // The values the witness needs, those the source names.
  std::string With;
  for (size_t K = 0; W && K < W->Assumptions.size(); ++K) {
    if (K < W->AssumptionIds.size() && W->AssumptionIds[K] < R.Symbols.size() &&
        R.symbol(W->AssumptionIds[K]).Unnamed)
      continue;
    With += (With.empty() ? "" : ", ") + W->Assumptions[K].first + "=" +
            std::to_string(W->Assumptions[K].second);
  }
  return With.empty() ? "" : " (with " + With + ")";
}

/// The note of a collision proven by counting: how many elements the index
/// can select, and that more work items make the access.
Note countingNote(const ParallelRegion &R, const Access &A, const Witness &W) {
  Nouns N = nounsFor(R.Kind);
  std::string Values = R.print(*W.Values);
  std::string Items = W.Items->kind() == ExprKind::Constant
                          ? R.print(*W.Items) + " " + N.Items
                      : W.Values->kind() == ExprKind::Constant
                          ? std::string("more than ") + Values + " " + N.Items
                          : R.print(*W.Items) + " " + N.Items;
  std::string Verb = A.Kind == AccessKind::Write ? "write" : "update";
  std::string Msg = quote(A.Spelling) + " can select at most " + Values +
                    (Values == "1" ? " element" : " elements") + " and " +
                    Items + " " + Verb + " it: two of them " + Verb +
                    " the same element";
  if (!A.Via.empty())
    Msg += " in '" + A.Via + "'";
  return {A.Where, Msg + assumptionsText(R, &W)};
}

} // namespace

/// The note that shows the second access and, where known, concrete work
/// items and the element they share.
Note witnessNote(const ParallelRegion &R, const Access &First,
                 const Access &Second, const std::optional<Witness> &W,
                 bool May) {
  const Witness *Wp = W ? &*W : nullptr;
  if (Wp && Wp->Items && Wp->Values)
    return countingNote(R, First, *Wp);
  std::string First1 =
      Wp && !Wp->First.empty()
          ? itemName(R, Wp->First)
          : (R.Kind == RegionKind::Sections
                 ? "section " + std::to_string(First.Section)
                 : std::string("one ") + nounsFor(R.Kind).Item);
  std::string Second1 = R.Kind == RegionKind::Sections
                            ? "section " + std::to_string(Second.Section)
                            : otherItemName(R, Wp);
  std::string Element =
      Wp && !Wp->Element.empty() ? Wp->Element : First.Spelling;
  if (First.WholeBuffer)
    Element = R.Buffers[First.BufferIndex].Name;
  std::string Msg;
  if (&First == &Second) {
    const char *Both = R.Kind == RegionKind::Sections ? "sections" : "";
    if (*Both)
      Msg = std::string("two sections ") + accessVerb(First.Kind) + " " +
            quote(Element);
    else if (R.Kind == RegionKind::Loop && Wp && !Wp->First.empty() &&
             !Wp->Second.empty())
      Msg = "iterations " + itemName(R, Wp->First).substr(10) + " and " +
            itemName(R, Wp->Second).substr(10) + " " +
            (May ? "may both " : "both ") +
            (First.Kind == AccessKind::Write             ? "write"
             : First.Kind == AccessKind::ReadModifyWrite ? "update"
                                                         : "read") +
            " " + (First.WholeBuffer ? "all of " : "") + quote(Element);
    else
      Msg = First1 + " and " + Second1 + " " + (May ? "may both " : "both ") +
            (First.Kind == AccessKind::Write             ? "write"
             : First.Kind == AccessKind::ReadModifyWrite ? "update"
                                                         : "read") +
            " " + quote(Element);
  } else {
    // An unproven pair is a possibility: "may read".
    std::string Verb = accessVerb(Second.Kind);
    if (May)
      Verb = "may " + Verb.substr(0, Verb.size() - 1);
    Msg = Second1 + " " + Verb + " " + quote(Second.Spelling) + " here while " +
          First1 + " " + accessVerb(First.Kind) + " " + quote(First.Spelling);
    if (Wp && !Wp->Element.empty() && Wp->Element != First.Spelling)
      Msg += ": both access " + quote(Wp->Element);
    else if (Second.Spelling != First.Spelling)
      Msg += ", the same element";
  }
  if (!First.Via.empty())
    Msg += " in '" + First.Via + "'";
  Msg += assumptionsText(R, Wp);
  return {Second.Where, Msg};
}

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
  if (R.Kind == RegionKind::Sections) {
    std::map<unsigned, const Access *> FirstOf;
    for (const Access *A : All) {
      const Access *&F = FirstOf[A->Section];
      if (!F || A->Order < F->Order)
        F = A;
    }
    for (const auto &[Section, F] : FirstOf)
      if (F->Kind != AccessKind::Write && !F->WholeBuffer)
        return false;
  }
  if (!First->Conditional)
    return true;
  // Written first under a condition: scratch when every use follows a
  // write of the same element on its own path (`if (c) { r = f(); g(r); }`),
  // so no work item reads what another left.
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
  if (!reducible(W.Op) || !B.VisibleAtConstruct ||
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

/// Every access of the container in the construct appends an element in
/// the construct's own code (not in a called function, a task or code one
/// thread runs), unguarded: a queue that a buffer per thread can collect.
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

/// Sub and Add are one '+' reduction: `x -= a` and `x += b` combine in one
/// private copy.
ReductionOp opFamily(ReductionOp Op) {
  return Op == ReductionOp::Sub ? ReductionOp::Add : Op;
}

/// What every kind of race's message and fix is built from, computed once
/// from the colliding pair: the wording must agree between the message and
/// its notes, so each branch reads it from here rather than recomputing.
struct RaceFacts {
  const ParallelRegion &R;
  const Buffer &B;
  const std::vector<const Access *> &All;
  const Access &W;
  const Access &A;
  Nouns N;
  /// Every subscript of W names a field (`s.total`): a scalar of its own.
  bool AllFields = false;
  /// W touches one element of a bigger buffer.
  bool Element = false;
  /// The colliding accesses are updates with one operator (an
  /// accumulation); `a[i] += a[i - 1]` collides through a read instead.
  bool UpdateOp = false;
  /// The construct reads the buffer somewhere.
  bool ReadAnywhere = false;
  /// A scalar counted up in one statement and read in another.
  bool CountedAndRead = false;
  /// Who writes: "every iteration", "one thread", "more than one section".
  std::string Every;
  /// The buffer as the message quotes it.
  std::string Name;

  RaceFacts(const ParallelRegion &R, const Buffer &B,
            const std::vector<const Access *> &All, const Access &W,
            const Access &A);
};

RaceFacts::RaceFacts(const ParallelRegion &R, const Buffer &B,
                     const std::vector<const Access *> &All, const Access &W,
                     const Access &A)
    : R(R), B(B), All(All), W(W), A(A), N(messageNouns(R)) {
  // `s.total` is a scalar of its own; name it so.
  AllFields = !W.Index.empty() && !W.WholeBuffer;
  for (size_t D = 0; D < W.Index.size(); ++D)
    AllFields &= D < W.Fields.size() && !W.Fields[D].empty();
  Element = !W.Index.empty() && !W.WholeBuffer && !AllFields;
  UpdateOp = W.Kind == AccessKind::ReadModifyWrite &&
             W.Op != ReductionOp::None &&
             (&W == &A || (A.Kind == AccessKind::ReadModifyWrite &&
                           opFamily(A.Op) == opFamily(W.Op)));
  // A scalar counted up in one statement and read in another (`out[k] = i;
  // k++;`) is a counter whose value is used, like `out[k++] = i`; a read in
  // a protected statement counts too: 'omp atomic' on `c[k] += x` makes
  // the update of c atomic, not the read of k in its subscript.
  for (const Access &X : R.Accesses)
    ReadAnywhere |=
        X.BufferIndex == W.BufferIndex && X.Kind == AccessKind::Read;
  CountedAndRead = UpdateOp && opFamily(W.Op) == ReductionOp::Add &&
                   W.Index.empty() && ReadAnywhere;
  std::set<unsigned> Writers;
  for (const Access *X : All)
    if (X->Kind != AccessKind::Read)
      Writers.insert(X->Section);
  // A write pinned to one work item (`if (tid == 0)`) is one's, not
  // every one's.
  Every = R.Kind == RegionKind::Sections
              ? std::string(Writers.size() == 1 ? "one section"
                                                : "more than one section")
              : std::string(W.SingleWorkItem ? "one " : "every ") + N.Item;
  Name = quote(AllFields ? renderElement(R, W, nullptr) : B.Name);
}

/// Every access of the pair's buffer goes through a called function.
bool onlyThroughCalls(const std::vector<const Access *> &All) {
  bool OnlyThroughCalls = true;
  for (const Access *X : All)
    OnlyThroughCalls &= !X->Via.empty();
  return OnlyThroughCalls;
}

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

/// A shared counter updated and its value used: two work items can get
/// the same value. Returns the advice.
std::string describeCounter(const RaceFacts &X, Finding &F) {
  F.Kind = RaceKind::Counter;
  F.Message = "shared counter " + X.Name + " is updated by " + X.Every +
              " and its value used without synchronization; two " + X.N.Items +
              " can get the same value";
  F.Fix = counterRemedy(X);
  return counterAdvice(X.R);
}

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
  bool OnlyUpdates = true;
  remedy::AtomicUpdates Atomic;
  for (const Access &Y : R.Accesses)
    if (Y.BufferIndex == W.BufferIndex && Y.Protection == Guard::None) {
      OnlyUpdates &= Y.Kind == AccessKind::ReadModifyWrite &&
                     atomicUpdateOp(Y.Op) && !Y.ResultUsed && Y.Via.empty();
      Atomic.Updates.push_back(Y.Where);
    }
  if (OnlyUpdates)
    F.Fix = std::move(Atomic);
  else
    F.Fix = remedy::NoFix{NoFixReason::AccessesBesideUpdates};
}

/// Updates with one operator and no reduction: concurrent updates are
/// lost. Returns the advice.
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

/// A buffer every work item overwrites before it reads it: a copy per
/// thread is the fix. Names the whole object (X.Name changes). Returns the
/// advice.
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
  if (B.Kind == BufferKind::Pointee && R.Kind == RegionKind::Loop &&
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

/// One iteration writes what another reads or writes: a dependence the
/// loop carries. Returns the advice.
std::string describeLoopCarried(const RaceFacts &X, Finding &F) {
  F.Kind = RaceKind::LoopCarried;
  F.Message = X.Name + " is written by one iteration and " +
              (X.A.Kind == AccessKind::Read ? "read" : "written") +
              " by another: the loop carries a dependence" +
              (simdLanes(X.R) ? ", and SIMD lanes run those iterations together"
                              : " and is not parallel as written");
  return loopCarriedAdvice(X.R);
}

/// A container modified as a whole (`v.push_back(x)`) by every work item.
/// Returns the advice.
std::string describeContainerChange(const RaceFacts &X, Finding &F) {
  F.Kind = RaceKind::Collision;
  F.Message = "shared container " + X.Name + " is modified by " + X.Every +
              " without synchronization ('" + X.W.Spelling + "')";
  if (onlyAppends(X.R, X.W.BufferIndex))
    F.Fix = remedy::BufferAppends{X.B.Handle, {}, X.W.Where};
  return containerAdvice(X.R);
}

/// Plain writes that collide with other writes or reads. Returns the
/// advice.
std::string describeCollision(const RaceFacts &X, Finding &F) {
  const ParallelRegion &R = X.R;
  F.Kind = RaceKind::Collision;
  bool BothWrite = &X.W == &X.A || (R.Kind == RegionKind::Sections &&
                                    X.A.Kind != AccessKind::Read);
  F.Message =
      X.Name + " is written by " + X.Every +
      (BothWrite ? std::string(X.Element ? " at the same element" : "")
                 : std::string(" while other ") + X.N.Items + " access it") +
      " without synchronization";
  if (onlyThroughCalls(X.All))
    return privatizeAdvice(R, X.B, true);
  // Written whole by every work item, first thing on its path, and read
  // too (so not a flag), but not scratch: another path reads before any
  // write of its own (`case 26` reads the `iflag` that `case 3` sets). A
  // work item that reads first (`if (a(i) > m) m = b(i)`) checks and then
  // acts: the two must happen as one.
  const Access *First = nullptr;
  bool Read = false;
  for (const Access *A : X.All) {
    Read |= A->Kind != AccessKind::Write;
    if (!First || A->Order < First->Order)
      First = A;
  }
  if (Read && &X.W == &X.A && !X.Element && !X.AllFields)
    return First->Kind == AccessKind::Write ? readBeforeWriteAdvice(R, X.B)
                                            : readThenWriteAdvice(R, X.B);
  // A reduction names a variable, never a field of one (`s.flag`,
  // `p%flag`).
  return collisionAdvice(R, X.B, /*WholeObject=*/!X.Element && !X.AllFields &&
                                     &X.W == &X.A);
}

/// The notes every finding carries: where the buffer is declared (and why
/// it is shared), the witness pair, and the construct with the advice.
void addFindingNotes(const RaceFacts &X, const Conflict &C,
                     const std::string &Advice, Finding &F) {
  const ParallelRegion &R = X.R;
  const Buffer &B = X.B;
  if (B.Decl.valid()) {
    if (B.Kind == BufferKind::Pointee)
      F.Notes.push_back({B.Decl, X.Name +
                                     " is declared here; the memory it "
                                     "points to is shared by all " +
                                     std::string(X.N.Items)});
    else
      F.Notes.push_back(
          {B.Decl, X.Name + " is declared here, outside the " +
                       (simdLanes(R) ? "SIMD loop" : describe(R.Kind)) +
                       ", so all " + X.N.Items + " share it"});
  }
  if (B.SharedThrough.valid())
    F.Notes.push_back(
        {B.SharedThrough, "a caller passes " + quote(B.SharedThroughName) +
                              " for " + quote(B.Name) +
                              " here, memory that every thread of its team "
                              "shares"});
  F.Notes.push_back(witnessNote(R, X.W, X.A, C.W, F.May));
  F.Notes.push_back({R.Directive, X.Name + " is shared by this '" +
                                      R.Construct + "'; " + Advice});
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
    return unguardedAccess(R, BI, Oracle); // but for guarded writes
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
  return unguardedAccess(R, BI, Oracle);
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

const char *accessVerb(AccessKind K) {
  switch (K) {
  case AccessKind::Read:
    return "reads";
  case AccessKind::Write:
    return "writes";
  case AccessKind::ReadModifyWrite:
    return "updates";
  }
  return "accesses";
}

const char *accessParticiple(AccessKind K) {
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
