//===- WhyNoFix.cpp - Why a finding has no automatic fix -----------------===//
//
// Part of privateer. The words of each NoFixReason, for the note
// `no automatic fix: ...` every front end prints: a reason that depends on
// the programming model says it in that model's words.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/Advice.h"

namespace privateer {

std::string whyNoFix(ProgrammingModelKind Model, NoFixReason Why) {
  switch (Why) {
  case NoFixReason::Unstated:
    return "";
  case NoFixReason::RaceKind:
    return "no exact rewrite for this kind of race";
  case NoFixReason::CounterUsedOutside:
    return "the counter is also used outside the one update";
  case NoFixReason::AccessesBesideUpdates:
    return "the construct also reads or writes it outside the updates: "
           "'atomic' on the updates alone would not be enough";
  case NoFixReason::HeapScratchOutsideLoop:
    return "heap scratch outside a worksharing loop";
  case NoFixReason::ReadsNotOwnWrites:
    return "the called code may read elements that the work item did not "
           "write first, so a private copy could change what it reads";
  case NoFixReason::SlotNotArrayElement:
    return "the slot is updated through calls, or is not an element of a "
           "fixed-size array";
  case NoFixReason::AllocationOutsideTeamLoop:
    if (Model == ProgrammingModelKind::OpenMP)
      return "allocations are hoisted automatically only out of a combined "
             "'parallel for' over one loop";
    return whyNoFix(Model, NoFixReason::AllocationNotHoisted);
  case NoFixReason::AllocationNotHoisted:
    switch (Model) {
    case ProgrammingModelKind::OpenMP:
      return "only malloc and new[] blocks, make_unique<T[]> arrays and "
             "containers sized at their construction are hoisted "
             "automatically";
    case ProgrammingModelKind::Fortran:
      return "only allocations in a 'parallel do' are hoisted automatically";
    case ProgrammingModelKind::TBB:
      return "only new[] blocks and a std::vector or std::string sized at "
             "its construction are kept per thread automatically";
    case ProgrammingModelKind::StdPar:
      return "a standard algorithm has no object per thread to keep it in";
    default:
      return "only malloc and new[] blocks are hoisted automatically";
    }
  case NoFixReason::NewArrayNotAligned:
    return "a line-aligned new[] needs a matching aligned delete[]; allocate "
           "the block with privateer_aligned_alloc instead";
  case NoFixReason::AllocationNotAligned:
    return "only malloc and calloc blocks are reallocated line aligned";
  case NoFixReason::TaskOrder:
    return "which task should run first is the program's choice";
  case NoFixReason::WaitPlacement:
    return "the statement that must wait starts in a macro expansion, after "
           "a label or a 'case', where no wait can be put before it";
  case NoFixReason::ReadAfterAsPartial:
    return "every thread reads it after the construct as its own partial; "
           "a reduction of the construct would hand each the whole result";
  case NoFixReason::UpdateInCallee:
    return "the update is made in a function the construct calls, which "
           "other callers may use as it is: make it atomic there";
  case NoFixReason::ExclusionChoice:
    return "which one exclusion all of them should take changes what else "
           "each excludes (the other code in those sections), which is the "
           "program's choice";
  case NoFixReason::ThroughClosure:
    return "it is used through a lambda made before the construct, which "
           "refers to the shared variable itself: a private copy the "
           "construct makes would not reach those uses";
  }
  return "";
}

} // namespace privateer
