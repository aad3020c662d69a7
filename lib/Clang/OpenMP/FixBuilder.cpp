//===- FixBuilder.cpp - OpenMP's fixes, chosen by the remedy's kind -------===//
//
// Part of privateer. The switch over the remedy's kind that picks the
// builder (Fixes.h), and the builders too small for a file of their own: a
// chunk rounded to whole lines, a 'nowait' removed, a 'taskwait' inserted.
//
//===----------------------------------------------------------------------===//

#include "Fixes.h"

#include "privateer/Analysis/Advice.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/StmtWalk.h"
#include "privateer/Clang/Handles.h"
#include "privateer/Clang/SourceLoc.h"

#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace privateer {
namespace clangfe {
namespace openmpfix {

using clang::Expr;

namespace {

/// The kinds whose fixes edit around the construct (not one place the
/// remedy names), and which spell a type.
bool editsAroundConstruct(RemedyKind K) {
  return K != RemedyKind::NoFix && K != RemedyKind::Rechunk &&
         K != RemedyKind::RestoreBarrier && K != RemedyKind::WaitForCreatedWork;
}
bool spellsTypes(RemedyKind K) {
  return K == RemedyKind::LocalAccumulator || K == RemedyKind::CaptureCounter ||
         K == RemedyKind::PadElements || K == RemedyKind::ScratchPerThread ||
         K == RemedyKind::BufferAppends || K == RemedyKind::LeaseBuffer;
}

/// A thread's slot kept in a local, or else padding (the fallback the
/// remedy allows): the better fix's reason when neither can be made.
FixResult localOrPadded(const Finding &F, const ModelledConstruct &C,
                        EditBuilder &E) {
  FixResult Local = buildLocalAccumulator(F, C, E);
  if (Local || !std::get<remedy::LocalAccumulator>(F.Fix).PadLineBytes)
    return Local;
  EditBuilder Pad = E.fresh();
  FixResult Padded = buildPadElements(F, C, Pad);
  if (!Padded) {
    llvm::consumeError(Padded.takeError());
    return Local;
  }
  llvm::consumeError(Local.takeError());
  return Padded;
}

} // namespace

FixResult buildOpenMPFix(const Finding &F, const ModelledConstruct &C,
                         EditBuilder &E) {
  RemedyKind K = kindOf(F.Fix);
  if (editsAroundConstruct(K) &&
      !isa_and_nonnull<OMPExecutableDirective>(C.Construct))
    return E.decline("the construct was not found");
  // A template's code is shared by its instances: a fix that spells a type
  // would spell one instance's.
  if (editsAroundConstruct(K) && spellsTypes(K) &&
      !E.maySpellTypesIn(C.Function))
    return E.result();
  switch (K) {
  case RemedyKind::NoFix:
    return E.decline(whyNoFix(F.Model, whyNone(F.Fix)));
  case RemedyKind::ObjectPerThread: // TBB's alone
    return E.decline("");
  case RemedyKind::Rechunk:
    return buildRechunk(F, C, E);
  case RemedyKind::RestoreBarrier:
    return buildRestoreBarrier(F, C, E);
  case RemedyKind::WaitForCreatedWork:
    return buildWaitForCreatedWork(F, C, E);
  case RemedyKind::Privatize:
  case RemedyKind::Reduce:
    return buildDataSharingClause(F, C, E);
  case RemedyKind::AtomicUpdates:
    return buildAtomicUpdates(F, C, E);
  case RemedyKind::CaptureCounter:
    return buildCaptureCounter(F, C, E);
  case RemedyKind::BufferAppends:
    return buildBufferAppends(F, C, E);
  case RemedyKind::ScratchPerThread:
    return buildScratchPerThread(F, C, E);
  case RemedyKind::AllocationPerThread:
    return buildAllocationPerThread(F, C, E);
  case RemedyKind::AlignAllocation:
    return buildAlignAllocation(F, C, E);
  case RemedyKind::LocalAccumulator:
    return localOrPadded(F, C, E);
  case RemedyKind::PadElements:
    return buildPadElements(F, C, E);
  case RemedyKind::LeaseBuffer:
    return buildLeaseBuffer(F, C, E);
  }
  return E.decline("");
}

FixResult buildRechunk(const Finding &F, const ModelledConstruct &,
                       EditBuilder &E) {
  const auto &Fix = std::get<remedy::Rechunk>(F.Fix);
  E.replaceTokens(SourceRange(fromLoc(Fix.Begin), fromLoc(Fix.End)),
                  std::to_string(Fix.Chunk));
  return E.result();
}

FixResult buildRestoreBarrier(const Finding &F, const ModelledConstruct &,
                              EditBuilder &E) {
  // The clause and the blanks before it: `for nowait` becomes `for`.
  SourceLocation B = fromLoc(std::get<remedy::RestoreBarrier>(F.Fix).Clause);
  if (!E.writable(B, "the 'nowait' clause"))
    return E.result();
  const SourceManager &SM = E.sources();
  auto [File, Offset] = SM.getDecomposedLoc(B);
  bool Invalid = false;
  StringRef Text = SM.getBufferData(File, &Invalid);
  if (Invalid || !Text.substr(Offset).starts_with("nowait"))
    return E.decline("the 'nowait' clause is not written where it was found");
  unsigned Start = Offset;
  while (Start > 0 && (Text[Start - 1] == ' ' || Text[Start - 1] == '\t'))
    --Start;
  SourceLocation FileStart = SM.getLocForStartOfFile(File);
  E.remove(
      CharSourceRange::getCharRange(FileStart.getLocWithOffset(Start),
                                    FileStart.getLocWithOffset(Offset + 6)));
  return E.result();
}

FixResult buildWaitForCreatedWork(const Finding &F, const ModelledConstruct &,
                                  EditBuilder &E) {
  // On a line of its own, indented like the statement, before it.
  E.insertLineBefore(
      fromLoc(std::get<remedy::WaitForCreatedWork>(F.Fix).Before),
      "#pragma omp taskwait");
  return E.result();
}

const VarDecl *variableNamedInConstruct(const OMPExecutableDirective *D,
                                        BufferHandle Buffer) {
  const VarDecl *V = variableOf(Buffer);
  if (!V)
    return nullptr;
  bool Found = walkStmts(D, [&](const Stmt *S) {
    const auto *DRE = dyn_cast<DeclRefExpr>(S);
    return DRE && DRE->getDecl() == V ? WalkStep::Interrupt : WalkStep::Advance;
  });
  return Found ? V : nullptr;
}

} // namespace openmpfix
} // namespace clangfe
} // namespace privateer
