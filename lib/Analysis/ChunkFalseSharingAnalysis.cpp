//===- ChunkFalseSharingAnalysis.cpp - privateer-chunk-false-sharing ------===//
//
// Part of privateer. `schedule(static, 1)` over writes to `a[i]` with 8-byte
// elements deals the eight elements of one line to eight threads. When the
// iterations write their elements repeatedly, every write moves the line.
// The fix is a chunk that covers whole lines.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/Advice.h"
#include "privateer/Analysis/RunChecks.h"
#include "privateer/Analysis/ThreadingChecks.h"
#include "privateer/Model/CheckedInt.h"

#include <optional>

namespace privateer {

namespace {

/// Chunks of a static, dynamic or guided schedule are dealt to threads in
/// turn (auto and runtime schedules are the runtime's to choose).
bool dealsChunks(ScheduleKind K) {
  return K == ScheduleKind::Static || K == ScheduleKind::Dynamic ||
         K == ScheduleKind::Guided;
}

/// Bytes between the elements of consecutive iterations in \p A: the
/// dimension that moves with the loop variable \p V. Nothing when an index
/// is not affine, more than one dimension moves, or the bytes pass int64_t.
std::optional<int64_t> bytesPerIteration(const Access &A, SymbolId V,
                                         const Symbol &Var) {
  int64_t PerIteration = 0;
  for (size_t D = 0; D < A.Index.size(); ++D) {
    auto F = toAffine(*A.Index[D]);
    if (!F)
      return std::nullopt;
    int64_t K = F->coeff(V);
    if (!K)
      continue;
    if (PerIteration || !A.Strides[D])
      return std::nullopt;
    // User constants: a product past int64_t is more than a line.
    CheckedInt Bytes =
        checkedAbs(K) * Var.Step * CheckedInt::fromUnsigned(A.Strides[D]);
    if (!Bytes)
      return std::nullopt;
    PerIteration = *Bytes;
  }
  return PerIteration;
}
} // namespace

std::vector<Finding> analyzeChunkFalseSharing(const ParallelRegion &R,
                                              unsigned CacheLine) {
  std::vector<Finding> Findings;
  if (R.Kind != RegionKind::Loop || R.WorkItemVars.size() != 1 || !CacheLine ||
      !R.Chunk || R.Chunk->kind() != ExprKind::Constant ||
      R.Chunk->value() <= 0 || !dealsChunks(R.Schedule))
    return Findings;
  int64_t Chunk = R.Chunk->value();
  SymbolId V = R.WorkItemVars[0];
  const Symbol &Var = R.symbol(V);
  for (const Access &A : R.Accesses) {
    const Buffer &B = R.Buffers[A.BufferIndex];
    if (A.Kind == AccessKind::Read || B.Attr != Sharing::Shared ||
        A.Protection != Guard::None || A.LoopDepth == 0 ||
        A.Strides.size() != A.Index.size())
      continue;
    std::optional<int64_t> PerIteration = bytesPerIteration(A, V, Var);
    if (!PerIteration || *PerIteration <= 0)
      continue;
    // `schedule(static, 1L << 62)` of 4-byte elements: past int64_t, more
    // than a line (and never wrapped to 0, below one).
    CheckedInt ChunkBytes = CheckedInt(Chunk) * *PerIteration;
    if (!ChunkBytes || *ChunkBytes >= int64_t(CacheLine))
      continue;
    // The smallest chunk at least as large that covers whole lines: a
    // multiple of Lcm / PerIteration (Chunk and PerIteration are below a
    // line here, so every number is small).
    int64_t Lcm = *checkedLcm(*PerIteration, int64_t(CacheLine));
    int64_t Step = Lcm / *PerIteration;
    int64_t Better = (Chunk + Step - 1) / Step * Step;
    // Chunks that divide a line fill it in step with its boundaries; others
    // lie anywhere against them: a line holds the end of one, the whole of
    // some and the start of another (48-byte chunks: 3 in one line).
    int64_t Line = int64_t(CacheLine), Bytes = *ChunkBytes;
    int64_t Sharers =
        Line % Bytes == 0 ? Line / Bytes : (Line + Bytes - 2) / Bytes + 1;
    Finding F;
    F.Check = CheckId::ChunkFalseSharing;
    F.Where = R.ScheduleClause.valid() ? R.ScheduleClause : R.Directive;
    F.BufferName = B.Name;
    F.Buffer = B.Handle;
    F.Message = scheduleSpelling(R, Chunk) + " gives each thread " +
                std::to_string(Bytes) + " bytes of " + quote(B.Name) +
                " at a time: up to " + std::to_string(Sharers) +
                " threads write into each " + std::to_string(CacheLine) +
                "-byte cache line, and they write it repeatedly (false "
                "sharing)";
    F.Notes.push_back({A.Where, "written repeatedly here"});
    F.Construct = R.Directive;
    if (R.ChunkBegin.valid())
      F.Fix = remedy::Rechunk{R.ChunkBegin, R.ChunkEnd, Better};
    F.Notes.push_back({F.Where, wholeLineChunkAdvice(R, Better)});
    Findings.push_back(std::move(F));
    break; // one report per schedule
  }
  return Findings;
}

std::vector<Finding> runChunkFalseSharingCheck(const ParallelRegion &R,
                                               CheckContext &C) {
  return analyzeChunkFalseSharing(R, C.CacheLine);
}

} // namespace privateer
