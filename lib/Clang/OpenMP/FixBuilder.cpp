//===- FixBuilder.cpp - Fix plans to Clang fix-it hints -------------------===//
//
// Part of privateer. Finds the construct a remedy is about, refuses edits in
// macro expansions, system headers and (for fixes that spell types)
// templates, and hands the plan to the builder of its kind.
//
//===----------------------------------------------------------------------===//

#include "FixBuilder.h"

#include "FixSupport.h"
#include "privateer/Clang/CXX/LineInsertion.h"
#include "privateer/Clang/CXX/RegionBuilder.h"

#include "privateer/Analysis/Advice.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace privateer {
namespace clangfe {

std::vector<FixItHint> buildFix(const Finding &F,
                                const OMPExecutableDirective *Directive,
                                const FunctionDecl *InFunction, ASTContext &Ctx,
                                std::string &WhyNot) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<FixItHint> Hints;
  WhyNot = whyNoFix(F.Model, whyNone(F.Fix));
  auto Writable = [&](SourceLocation L) {
    if (L.isInvalid() || L.isMacroID()) {
      WhyNot = "the code comes from a macro expansion";
      return false;
    }
    if (SM.isInSystemHeader(L)) {
      WhyNot = "the code is in a system header";
      return false;
    }
    return true;
  };

  // Every kind but a plain replacement edits around the construct.
  const OMPExecutableDirective *Construct = nullptr;
  const FunctionDecl *Function = nullptr;
  RemedyKind K = kindOf(F.Fix);
  if (K != RemedyKind::NoFix && K != RemedyKind::Rechunk &&
      K != RemedyKind::RestoreBarrier && K != RemedyKind::WaitForCreatedWork) {
    if (!Directive) {
      WhyNot = "the construct was not found";
      return Hints;
    }
    Construct = Directive;
    Function = InFunction;
    // A template's code is shared by its instances: a fix that spells a
    // type would spell one instance's.
    bool SpellsTypes =
        K == RemedyKind::LocalAccumulator || K == RemedyKind::CaptureCounter ||
        K == RemedyKind::PadElements || K == RemedyKind::ScratchPerThread ||
        K == RemedyKind::BufferAppends || K == RemedyKind::LeaseBuffer;
    if (SpellsTypes && Function &&
        (Function->isTemplateInstantiation() ||
         Function->isDependentContext())) {
      WhyNot = "the code is a template's, and the fix would spell one "
               "instance's types";
      return Hints;
    }
  }

  switch (K) {
  case RemedyKind::NoFix:
  case RemedyKind::ObjectPerThread: // TBB's alone
    return Hints;
  case RemedyKind::Rechunk: {
    const auto &Fix = std::get<remedy::Rechunk>(F.Fix);
    SourceLocation B = fromLoc(Fix.Begin), E = fromLoc(Fix.End);
    if (!Writable(B) || !Writable(E))
      return Hints;
    Hints.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getTokenRange(B, E), std::to_string(Fix.Chunk)));
    return Hints;
  }
  case RemedyKind::RestoreBarrier: {
    // The clause and the blanks before it: `for nowait` becomes `for`.
    SourceLocation B = fromLoc(std::get<remedy::RestoreBarrier>(F.Fix).Clause);
    const SourceManager &SM = Ctx.getSourceManager();
    if (B.isInvalid() || B.isMacroID()) {
      WhyNot = "the 'nowait' clause comes from a macro";
      return Hints;
    }
    if (!Writable(B))
      return Hints;
    auto [File, Offset] = SM.getDecomposedLoc(B);
    bool Invalid = false;
    StringRef Text = SM.getBufferData(File, &Invalid);
    if (Invalid || !Text.substr(Offset).starts_with("nowait")) {
      WhyNot = "the 'nowait' clause is not written where it was found";
      return Hints;
    }
    unsigned Start = Offset;
    while (Start > 0 && (Text[Start - 1] == ' ' || Text[Start - 1] == '\t'))
      --Start;
    SourceLocation FileStart = SM.getLocForStartOfFile(File);
    Hints.push_back(FixItHint::CreateRemoval(
        CharSourceRange::getCharRange(FileStart.getLocWithOffset(Start),
                                      FileStart.getLocWithOffset(Offset + 6))));
    return Hints;
  }
  case RemedyKind::WaitForCreatedWork: {
    // On a line of its own, indented like the statement, before it.
    SourceLocation B =
        fromLoc(std::get<remedy::WaitForCreatedWork>(F.Fix).Before);
    if (!Writable(B))
      return Hints;
    if (auto Hint = insertLineBefore(B, "#pragma omp taskwait",
                                     Ctx.getSourceManager(), WhyNot))
      Hints.push_back(std::move(*Hint));
    return Hints;
  }
  case RemedyKind::AtomicUpdates:
    return atomicUpdates(std::get<remedy::AtomicUpdates>(F.Fix), Construct, Ctx,
                         WhyNot, Writable);
  case RemedyKind::LeaseBuffer: {
    return leaseFromPool(Construct, Function, F.BufferName, Ctx, WhyNot,
                         Writable);
  }
  case RemedyKind::AlignAllocation: {
    const auto &Fix = std::get<remedy::AlignAllocation>(F.Fix);
    return alignAllocation(Function, fromLoc(Fix.Begin), Fix.LineBytes, Ctx,
                           WhyNot, Writable);
  }
  case RemedyKind::PadElements: {
    return padElements(F.Buffer, Construct, F.BufferName,
                       std::get<remedy::PadElements>(F.Fix).LineBytes, Ctx,
                       WhyNot, Writable);
  }
  case RemedyKind::ScratchPerThread: {
    return splitScratch(F.Buffer, Construct, Function, F.BufferName, Ctx,
                        WhyNot, Writable);
  }
  case RemedyKind::LocalAccumulator: {
    const auto &Fix = std::get<remedy::LocalAccumulator>(F.Fix);
    Hints = localAccumulator(Construct, Function, fromLoc(Fix.Slot),
                             F.BufferName, Ctx, WhyNot, Writable);
    if (Hints.empty() && Fix.PadLineBytes) {
      std::string WhyNotLocal = WhyNot;
      Hints = padElements(F.Buffer, Construct, F.BufferName, Fix.PadLineBytes,
                          Ctx, WhyNot, Writable);
      if (Hints.empty())
        WhyNot = WhyNotLocal; // the better fix's reason
    }
    return Hints;
  }
  case RemedyKind::CaptureCounter: {
    return atomicCapture(
        Construct, fromLoc(std::get<remedy::CaptureCounter>(F.Fix).Update), Ctx,
        WhyNot, Writable);
  }
  case RemedyKind::BufferAppends:
    return localQueue(std::get<remedy::BufferAppends>(F.Fix), F.Buffer,
                      Construct, Ctx, WhyNot, Writable);
  case RemedyKind::AllocationPerThread: {
    return splitAllocation(
        Construct, F.BufferName,
        std::get<remedy::AllocationPerThread>(F.Fix).KeepContents, Ctx, WhyNot,
        Writable);
  }
  case RemedyKind::Privatize:
  case RemedyKind::Reduce:
    return addClause(F.Fix, F.Buffer, Construct, Function, Ctx, WhyNot,
                     Writable);
  }
  return Hints;
}

} // namespace clangfe
} // namespace privateer
