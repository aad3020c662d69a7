//===- SharedBufferMessages.cpp - privateer-shared-buffer's wording -------===//
//
// Part of privateer. The words of a shared-buffer race: the work items
// (iterations, threads, sections, SIMD lanes), the witness note, the facts
// every kind of race is described from, and the messages of loop-carried
// dependences, container changes and plain collisions, with the notes every
// finding carries (lib/Analysis/SharedBufferRace.h).
//
//===----------------------------------------------------------------------===//

#include "SharedBufferRace.h"

#include "privateer/Analysis/Advice.h"
#include "privateer/Analysis/SharedBufferAnalysis.h"
#include <cctype>

#include <set>

namespace privateer {

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

bool simdLanes(const ParallelRegion &R) {
  return R.Construction == ConstructKind::SimdLanes;
}

Nouns messageNouns(const ParallelRegion &R) {
  if (simdLanes(R))
    return {"SIMD lane", "SIMD lanes"};
  return nounsFor(R.Kind);
}

namespace {

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
  Name = quote(B.Name);
  if (AllFields) {
    // `s.energy` (`s->energy`, Fortran's `s%energy`): the member
    // 'energy' of 's', named as a user looks for it (`'energy' of 's'`).
    std::string Spelled = renderElement(R, W, nullptr);
    size_t Cut = std::string::npos, Skip = 1;
    for (size_t K = Spelled.size(); K-- > 1;) {
      if (Spelled[K] == '.' || Spelled[K] == '%') {
        Cut = K;
        break;
      }
      if (Spelled[K] == '>' && Spelled[K - 1] == '-') {
        Cut = K - 1;
        Skip = 2;
        break;
      }
    }
    // (Only a member that has a name: `t.get<2>` stays as it is.)
    bool Named =
        Cut != std::string::npos && Cut > 0 && Cut + Skip < Spelled.size();
    for (size_t K = Named ? Cut + Skip : Spelled.size(); K < Spelled.size();
         ++K)
      Named &= std::isalnum(static_cast<unsigned char>(Spelled[K])) ||
               Spelled[K] == '_';
    if (Named)
      Name = quote(Spelled.substr(Cut + Skip)) + " of " +
             quote(Spelled.substr(0, Cut));
    else
      Name = quote(Spelled);
  }
}

std::string describeLoopCarried(const RaceFacts &X, Finding &F) {
  F.Kind = RaceKind::LoopCarried;
  F.Message = X.Name + " is written by one iteration and " +
              (X.A.Kind == AccessKind::Read ? "read" : "written") +
              " by another: the loop carries a dependence" +
              (simdLanes(X.R) ? ", and SIMD lanes run those iterations together"
                              : " and is not parallel as written");
  return loopCarriedAdvice(X.R);
}

std::string describeContainerChange(const RaceFacts &X, Finding &F) {
  F.Kind = RaceKind::Collision;
  F.Message = "shared container " + X.Name + " is modified by " + X.Every +
              " without synchronization ('" + X.W.Spelling + "')";
  if (onlyAppends(X.R, X.W.BufferIndex))
    F.Fix = remedy::BufferAppends{X.B.Handle, {}, X.W.Where};
  return containerAdvice(X.R);
}

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

void addFindingNotes(const RaceFacts &X, const Conflict &C,
                     const std::string &Advice, Finding &F) {
  const ParallelRegion &R = X.R;
  const Buffer &B = X.B;
  bool Routine = R.Construction == ConstructKind::TeamRoutine;
  if (B.Decl.valid() && Routine) {
    F.Notes.push_back({B.Decl, quote(B.Name) +
                                   " is declared here; every thread of the "
                                   "team that runs " +
                                   quote(R.Routine) + " uses the same one"});
  } else if (B.Decl.valid()) {
    if (B.Kind == BufferKind::Pointee)
      F.Notes.push_back({B.Decl, quote(B.Name) +
                                     " is declared here; the memory it "
                                     "points to is shared by all " +
                                     std::string(X.N.Items)});
    else
      F.Notes.push_back(
          {B.Decl, quote(B.Name) + " is declared here, outside the " +
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
  // Made in a lambda the work items call: where they call it, and where
  // the template that runs it in parallel is called.
  if (X.W.CalledAt.valid()) {
    F.Notes.push_back(
        {X.W.CalledAt, R.ChunksHandedOn
                           ? std::string("each chunk of the ") + X.N.Items +
                                 " is handed to the lambda here"
                           : std::string("each of the ") + X.N.Items +
                                 " calls the lambda here"});
    if (R.InstanceCall.valid())
      F.Notes.push_back({R.InstanceCall, quote(R.Instance) +
                                             " runs the lambda in parallel; "
                                             "this call hands it over"});
  }
  if (Routine)
    F.Notes.push_back(
        {R.Directive, quote(R.Routine) + " holds this orphaned '" +
                          R.Construct +
                          "', so it runs in a team (whose 'parallel' is in a "
                          "caller), and every thread of the team runs its "
                          "code outside the worksharing; " +
                          Advice});
  else
    F.Notes.push_back({R.Directive, quote(B.Name) + " is shared by this '" +
                                        R.Construct + "'; " + Advice});
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

} // namespace privateer
