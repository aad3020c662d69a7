//===- FixBuilder.cpp - TBB's fixes, chosen by the remedy's kind ----------===//
//
// Part of privateer. The switch over the remedy's kind that picks the
// builder (Fixes.h); what the TBB rewrites share (ThreadSpecific.h); and
// the group's wait() before the statement that uses what a task_group's
// task writes.
//
//===----------------------------------------------------------------------===//

#include "Fixes.h"
#include "TaskGroups.h"
#include "ThreadSpecific.h"

#include "privateer/Analysis/Advice.h"
#include "privateer/Clang/CXX/Edits/Padding.h"
#include "privateer/Clang/CXX/Edits/Runtime.h"
#include "privateer/Clang/CXX/PreprocessorLines.h"
#include "privateer/Clang/Handles.h"
#include "privateer/Clang/SourceLoc.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace privateer {
namespace clangfe {
namespace tbbfix {

using clang::Expr;

std::string threadSpecificType(const std::string &T) {
  return "tbb::enumerable_thread_specific<" + T +
         ", tbb::cache_aligned_allocator<" + T +
         ">, tbb::ets_key_per_instance>";
}

llvm::Error bodyLeavesThread(const ModelledConstruct &C) {
  if (C.Region.SchedulingPoints.empty())
    return llvm::Error::success();
  return decline("the body waits for nested parallel work, and the waiting "
                 "thread can run another work item that would take the same "
                 "'enumerable_thread_specific' copy; lease a buffer per work "
                 "item from 'privateer::buffer_pool' instead");
}

void includeTBBClass(EditBuilder &E, const CallExpr *Call, StringRef Class,
                     StringRef Header) {
  if (declaresIn(E.context(), "tbb", Class))
    return;
  E.include(
      Call->getBeginLoc(), ("tbb/" + Header).str(),
      [](StringRef Name) {
        return Name.starts_with("tbb/") || Name.starts_with("oneapi/tbb");
      },
      Call->getDirectCallee());
}

FixResult buildGroupWait(const Finding &F, const ModelledConstruct &C,
                         EditBuilder &E) {
  const MemberExpr *Run =
      groupRunCallee(dyn_cast_or_null<CallExpr>(C.Construct));
  SourceLocation At =
      fromLoc(std::get<remedy::WaitForCreatedWork>(F.Fix).Before);
  if (!Run || Run->getBase()->getBeginLoc().isMacroID())
    return E.decline("the task group is not named in the code");
  if (!E.writable(At, "the statement that must wait"))
    return E.result();
  // The group and the member operator as written: `g.`, `this->g.`,
  // `p->` (a pointer, or a smart pointer's operator->).
  StringRef Group = Lexer::getSourceText(
      CharSourceRange::getCharRange(Run->getBeginLoc(), Run->getMemberLoc()),
      E.sources(), E.lang());
  if (Group.empty() || Run->getMemberLoc().isMacroID())
    return E.decline("the task group is not named in the code");
  E.insertLineBefore(At, Group.rtrim().str() + "wait();");
  return E.result();
}

/// One object per thread for a thread-indexed buffer, or else its elements
/// padded to whole lines (the other remedy, where the slots are used
/// other than as a sum): the better fix's reason when neither can be made.
FixResult objectOrPadded(const Finding &F, const ModelledConstruct &C,
                         EditBuilder &E) {
  FixResult Object = buildObjectPerThread(F, C, E);
  unsigned Line = std::get<remedy::ObjectPerThread>(F.Fix).PadLineBytes;
  if (Object || !Line)
    return Object;
  EditBuilder Pad = E.fresh();
  FixResult Padded = padArrayElements(variableOf(F.Buffer), Line, Pad);
  if (!Padded) {
    llvm::consumeError(Padded.takeError());
    return Object;
  }
  llvm::consumeError(Object.takeError());
  return Padded;
}

FixResult buildTBBFix(const Finding &F, const ModelledConstruct &C,
                      EditBuilder &E) {
  RemedyKind K = kindOf(F.Fix);
  if (K == RemedyKind::WaitForCreatedWork)
    return buildGroupWait(F, C, E);
  // Every other TBB fix edits the buffer's declaration and the body after
  // it: an '#if' between them could leave another configuration's
  // declaration behind.
  const SourceManager &SM = E.sources();
  if (const ValueDecl *D = declOf(F.Buffer);
      D && C.Construct &&
      SM.isBeforeInTranslationUnit(D->getBeginLoc(),
                                   C.Construct->getEndLoc()) &&
      hasPreprocessorDirective(
          SourceRange(D->getBeginLoc(), C.Construct->getEndLoc()), SM))
    return E.decline("preprocessor directives ('#if', '#define') lie between "
                     "the declaration and the end of the call, which a fix "
                     "could not keep in place");
  switch (F.Buffer ? K : RemedyKind::NoFix) {
  case RemedyKind::Privatize:
    if (F.Kind == RaceKind::Scratch)
      return buildMoveIntoBody(F, C, E);
    break;
  case RemedyKind::Reduce:
    return buildCombinable(F, C, E);
  case RemedyKind::ObjectPerThread:
    return objectOrPadded(F, C, E);
  case RemedyKind::AllocationPerThread:
    return buildAllocationPerThread(F, C, E);
  case RemedyKind::LeaseBuffer:
    return buildLeaseBuffer(F, C, E);
  // The other rewrites (padding, parallel_reduce) are not built for TBB
  // yet.
  default:
    break;
  }
  NoFixReason Why = whyNone(F.Fix);
  return E.decline(Why != NoFixReason::Unstated
                       ? whyNoFix(F.Model, Why)
                       : "no exact TBB rewrite for this finding yet");
}

} // namespace tbbfix
} // namespace clangfe
} // namespace privateer
