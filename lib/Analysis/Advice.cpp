//===- Advice.cpp - Advice worded per programming model -------------------===//
//
// Part of privateer. Every OpenMP word the analysis says (a clause, a
// directive, an environment variable) is here, next to what TBB, the C++
// parallel algorithms and MLIR code are told in the same situation. The
// OpenMP wording is the one the checks produced before it moved here, byte
// for byte: tests and users' scripts match it.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/Advice.h"

namespace privateer {

const char *openMPReductionIdentifier(ReductionOp Op) {
  switch (Op) {
  case ReductionOp::Add:
  case ReductionOp::Sub:
    return "+";
  case ReductionOp::Mul:
    return "*";
  case ReductionOp::And:
    return "&";
  case ReductionOp::Or:
    return "|";
  case ReductionOp::Xor:
    return "^";
  case ReductionOp::Min:
    return "min";
  case ReductionOp::Max:
    return "max";
  default:
    return nullptr;
  }
}

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
  case NoFixReason::SlotNotArrayElement:
    return "the slot is updated through calls, or is not an element of a "
           "fixed-size array";
  case NoFixReason::AllocationNotHoisted:
    switch (Model) {
    case ProgrammingModelKind::OpenMP:
      return "only malloc and new[] in a 'parallel for' are hoisted "
             "automatically";
    case ProgrammingModelKind::Fortran:
      return "only allocations in a 'parallel do' are hoisted automatically";
    default:
      return "only malloc and new[] blocks are hoisted automatically";
    }
  case NoFixReason::NewArrayNotAligned:
    return "a line-aligned new[] needs a matching aligned delete[]; allocate "
           "the block with privateer_aligned_alloc instead";
  case NoFixReason::AllocationNotAligned:
    return "only malloc and calloc blocks are reallocated line aligned";
  }
  return "";
}

} // namespace privateer
