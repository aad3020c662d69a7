//===- SublineAllocAnalysis.cpp - privateer-subline-alloc -----------------===//
//
// Part of privateer. Per-thread workspaces from malloc are 16-byte aligned
// and as long as asked: two threads' 96-byte blocks share a 64-byte line,
// and their writes in a hot loop make the line bounce between cores (the
// Monte Carlo code behind privateer stopped scaling at 4 threads for this
// reason). Reports per-thread allocations that are not whole, line-aligned
// lines and are written in a loop.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/Advice.h"
#include "privateer/Analysis/RunChecks.h"
#include "privateer/Analysis/ThreadingChecks.h"

namespace privateer {

std::vector<Finding> analyzeSublineAlloc(const ParallelRegion &R,
                                         unsigned CacheLine) {
  std::vector<Finding> Findings;
  if (!CacheLine)
    return Findings;
  for (const Allocation &A : R.Allocations) {
    if (!A.PerThread || A.LineRounded || !A.Bytes)
      continue;
    std::optional<int64_t> Bytes;
    if (A.Bytes->kind() == ExprKind::Constant)
      Bytes = A.Bytes->value();
    bool Aligned = A.Alignment >= CacheLine;
    bool Whole = Bytes && *Bytes > 0 && *Bytes % int64_t(CacheLine) == 0;
    if (Aligned && Whole)
      continue;
    // A whole number of lines still straddles lines when unaligned, but
    // each thread then shares only its two end lines: report blocks that
    // are not whole lines, and unaligned blocks under two lines.
    if (Whole && *Bytes >= 2 * int64_t(CacheLine))
      continue;
    // Written in a loop by its thread.
    const Access *HotWrite = nullptr;
    for (const Access &X : R.Accesses)
      if (X.BufferIndex == A.BufferIndex && X.Kind != AccessKind::Read &&
          ((X.LoopDepth > A.LoopDepth && rewritesInLoop(R, X)) ||
           R.Kind == RegionKind::Loop)) {
        HotWrite = &X;
        break;
      }
    // Through a nested worksharing loop, only a block known to be smaller
    // than whole lines is reported: a block sized at run time (`m` rows)
    // is most often many lines, and a "may" there would be noise.
    Loc HotWhere = HotWrite ? HotWrite->Where
                   : Bytes  ? A.WrittenInNestedLoop
                            : Loc();
    if (!HotWhere.valid())
      continue;
    Finding F;
    F.Check = CheckId::SublineAlloc;
    F.Where = A.Where;
    F.BufferName = A.Name;
    F.May = !Bytes;
    std::string Size = Bytes ? std::to_string(*Bytes) + " bytes"
                             : quote(R.print(*A.Bytes)) + " bytes";
    std::string Line = std::to_string(CacheLine) + "-byte";
    std::string Unaligned = Aligned ? std::string()
                                    : " and is aligned to " +
                                          std::to_string(A.Alignment) +
                                          " bytes only";
    std::string What =
        Whole ? " is whole cache lines but aligned to " +
                    std::to_string(A.Alignment) + " bytes only"
        : Bytes
            ? " is not a whole number of " + Line + " cache lines" + Unaligned
            : " may be less than a " + Line + " cache line" + Unaligned;
    F.Message = "per-thread block " + quote(A.Name) + " of " + Size + What +
                ": blocks of different threads can share a line, and writing "
                "them in a loop makes it bounce between cores";
    F.Notes.push_back({HotWhere, "written in a loop here"});
    F.Notes.push_back(
        {A.Where, lineAlignedAllocationAdvice(R, A, Bytes, CacheLine)});
    // malloc and calloc become a line-aligned, line-rounded allocation of
    // the same size, freed the same way; the front end spells the call
    // with what the file declares. realloc moves the block, new[] would
    // need an aligned delete[], and containers own their storage.
    F.Construct = R.Directive;
    if ((A.Allocator == AllocatorKind::Malloc ||
         A.Allocator == AllocatorKind::Calloc) &&
        A.End.valid()) {
      F.Fix = remedy::AlignAllocation{A.Where, A.End, CacheLine};
    } else if (A.Allocator == AllocatorKind::NewArray) {
      F.Fix = remedy::NoFix{NoFixReason::NewArrayNotAligned};
    } else {
      F.Fix = remedy::NoFix{NoFixReason::AllocationNotAligned};
    }
    Findings.push_back(std::move(F));
  }
  return Findings;
}

std::vector<Finding> runSublineAllocCheck(const ParallelRegion &R,
                                          CheckContext &C) {
  return analyzeSublineAlloc(R, C.CacheLine);
}

} // namespace privateer
