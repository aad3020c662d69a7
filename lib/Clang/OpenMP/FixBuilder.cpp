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
  WhyNot = whyNoFix(F.Model, F.Fix.Why);
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
  if (F.Fix.What != Remedy::Kind::None && F.Fix.What != Remedy::Kind::Rechunk &&
      F.Fix.What != Remedy::Kind::RemoveNowait &&
      F.Fix.What != Remedy::Kind::InsertTaskwait) {
    if (!Directive) {
      WhyNot = "the construct was not found";
      return Hints;
    }
    Construct = Directive;
    Function = InFunction;
    // A template's code is shared by its instances: a fix that spells a
    // type would spell one instance's.
    bool SpellsTypes = F.Fix.What == Remedy::Kind::LocalAccumulator ||
                       F.Fix.What == Remedy::Kind::AtomicCapture ||
                       F.Fix.What == Remedy::Kind::PadElements ||
                       F.Fix.What == Remedy::Kind::SplitScratch ||
                       F.Fix.What == Remedy::Kind::LocalQueue ||
                       F.Fix.What == Remedy::Kind::LeaseFromPool;
    if (SpellsTypes && Function &&
        (Function->isTemplateInstantiation() ||
         Function->isDependentContext())) {
      WhyNot = "the code is a template's, and the fix would spell one "
               "instance's types";
      return Hints;
    }
  }

  switch (F.Fix.What) {
  case Remedy::Kind::None:
  case Remedy::Kind::ThreadSpecific: // TBB's alone
    return Hints;
  case Remedy::Kind::Rechunk: {
    SourceLocation B = fromLoc(F.Fix.Begin), E = fromLoc(F.Fix.End);
    if (!Writable(B) || !Writable(E))
      return Hints;
    Hints.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getTokenRange(B, E), std::to_string(F.Fix.Chunk)));
    return Hints;
  }
  case Remedy::Kind::RemoveNowait: {
    // The clause and the blanks before it: `for nowait` becomes `for`.
    SourceLocation B = fromLoc(F.Fix.Begin);
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
  case Remedy::Kind::InsertTaskwait: {
    // On a line of its own, indented like the statement, before it.
    SourceLocation B = fromLoc(F.Fix.Begin);
    if (!Writable(B))
      return Hints;
    if (auto Hint = insertLineBefore(B, "#pragma omp taskwait",
                                     Ctx.getSourceManager(), WhyNot))
      Hints.push_back(std::move(*Hint));
    return Hints;
  }
  case Remedy::Kind::Atomic:
    return atomicUpdates(F.Fix, Construct, Ctx, WhyNot, Writable);
  case Remedy::Kind::LeaseFromPool: {
    return leaseFromPool(Construct, Function, F.Fix.Variable, Ctx, WhyNot,
                         Writable);
  }
  case Remedy::Kind::AlignAllocation: {
    return alignAllocation(Function, fromLoc(F.Fix.Begin), F.Fix.LineBytes, Ctx,
                           WhyNot, Writable);
  }
  case Remedy::Kind::PadElements: {
    return padElements(F.BufferHandle, Construct, F.Fix.Variable,
                       F.Fix.LineBytes, Ctx, WhyNot, Writable);
  }
  case Remedy::Kind::SplitScratch: {
    return splitScratch(F.BufferHandle, Construct, Function, F.Fix.Variable,
                        Ctx, WhyNot, Writable);
  }
  case Remedy::Kind::LocalAccumulator: {
    Hints = localAccumulator(Construct, Function, fromLoc(F.Fix.Begin),
                             F.Fix.Variable, Ctx, WhyNot, Writable);
    if (Hints.empty() && F.Fix.LineBytes) {
      std::string WhyNotLocal = WhyNot;
      Hints = padElements(F.BufferHandle, Construct, F.Fix.Variable,
                          F.Fix.LineBytes, Ctx, WhyNot, Writable);
      if (Hints.empty())
        WhyNot = WhyNotLocal; // the better fix's reason
    }
    return Hints;
  }
  case Remedy::Kind::AtomicCapture: {
    return atomicCapture(Construct, fromLoc(F.Fix.Begin), Ctx, WhyNot,
                         Writable);
  }
  case Remedy::Kind::LocalQueue:
    return localQueue(F.Fix, F.BufferHandle, Construct, Ctx, WhyNot, Writable);
  case Remedy::Kind::SplitAllocation: {
    return splitAllocation(Construct, F.Fix.Variable, F.Fix.KeepContents, Ctx,
                           WhyNot, Writable);
  }
  case Remedy::Kind::Privatize:
  case Remedy::Kind::Reduce:
    return addClause(F.Fix, F.BufferHandle, Construct, Function, Ctx, WhyNot,
                     Writable);
  }
  return Hints;
}

} // namespace clangfe
} // namespace privateer
