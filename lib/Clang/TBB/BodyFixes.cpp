//===- BodyFixes.cpp - TBB fixes: scratch moved into the body -------------===//
//
// Part of privateer. A scratch buffer captured by reference is shared by
// every work item; declared in the body it is each work item's own (for a
// blocked_range body, declared before the range loop, one per chunk: the
// allocation is not repeated for every index). The move is exact only when
// nothing but the body uses the variable, the body can see what its
// initializer reads (a default capture), and running the initializer in
// the body computes the same value: no call in it, and nothing between the
// declaration and the construct that could change what it reads.
//
//===----------------------------------------------------------------------===//

#include "BodyFixes.h"

#include "CombinableFixes.h"
#include "Constructs.h"
#include "FixText.h"
#include "LeaseFixes.h"
#include "TaskGroups.h"
#include "ThreadSpecificFixes.h"
#include "privateer/Analysis/Advice.h"
#include "privateer/Clang/CXX/LineInsertion.h"
#include "privateer/Clang/CXX/PreprocessorLines.h"
#include "privateer/Clang/Handles.h"
#include "privateer/Clang/SourceLoc.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace privateer {
namespace clangfe {

using clang::Expr;

namespace {

/// Every reference to a variable in a statement, and whether the statement
/// reads locals or calls functions.
class UseFinder : public RecursiveASTVisitor<UseFinder> {
public:
  explicit UseFinder(const VarDecl *V) : V(V) {}
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (E->getDecl() == V)
      Uses.push_back(E);
    if (const auto *X = dyn_cast<VarDecl>(E->getDecl());
        X && X->hasLocalStorage())
      ReadsLocals = true;
    return true;
  }
  bool VisitCallExpr(CallExpr *) {
    Calls = true;
    return true;
  }
  const VarDecl *V;
  std::vector<const DeclRefExpr *> Uses;
  bool ReadsLocals = false;
  bool Calls = false;
};

/// The statement of \p CS that contains \p S (or is it).
const Stmt *childContaining(const CompoundStmt *CS, const Stmt *S,
                            const SourceManager &SM) {
  for (const Stmt *Child : CS->body())
    if (SM.isPointWithin(S->getBeginLoc(), Child->getBeginLoc(),
                         Child->getEndLoc()))
      return Child;
  return nullptr;
}

std::vector<FixItHint> moveIntoBody(const Finding &F,
                                    const ModelledConstruct &C, ASTContext &Ctx,
                                    std::string &WhyNot) {
  const SourceManager &SM = Ctx.getSourceManager();
  const auto *V = dyn_cast<VarDecl>(declOf(F.Buffer));
  const auto *Call = dyn_cast_or_null<CallExpr>(C.Construct);
  auto Construct = Call ? recognize(Call, Ctx) : std::nullopt;
  if (!V || !Construct || Construct->Bodies.size() != 1 || !C.Function ||
      !C.Function->getBody()) {
    WhyNot = "the construct's body is not one lambda";
    return {};
  }
  if (!V->isLocalVarDecl() || V->isStaticLocal() || isa<ParmVarDecl>(V) ||
      V->isInitCapture()) {
    WhyNot = "'" + V->getNameAsString() +
             "' is not a local variable of the function";
    return {};
  }
  const WorkBody &B = Construct->Bodies.front();
  const auto *Body = dyn_cast_or_null<CompoundStmt>(B.body());
  if (!B.Lambda || !Body || Body->body_empty()) {
    WhyNot = "the body is not a lambda written at the call";
    return {};
  }
  // Captured by name: the capture list would have to change too.
  for (const LambdaCapture &Cap : B.Lambda->explicit_captures())
    if (Cap.capturesVariable() && Cap.getCapturedVar() == V) {
      WhyNot = "'" + V->getNameAsString() + "' is named in the capture list";
      return {};
    }
  // The declaration: alone in its statement, in a block of the function.
  const DeclStmt *DS = nullptr;
  for (const DynTypedNode &P : Ctx.getParents(*V))
    DS = P.get<DeclStmt>();
  const CompoundStmt *Block = nullptr;
  if (DS)
    for (const DynTypedNode &P : Ctx.getParents(*DS))
      Block = P.get<CompoundStmt>();
  if (!DS || !DS->isSingleDecl() || !Block) {
    WhyNot = "'" + V->getNameAsString() +
             "' is not declared alone in a block before the construct";
    return {};
  }
  // Used only in the body.
  UseFinder Uses(V);
  Uses.TraverseStmt(const_cast<Stmt *>(C.Function->getBody()));
  for (const DeclRefExpr *U : Uses.Uses)
    if (!SM.isPointWithin(U->getLocation(), Body->getBeginLoc(),
                          Body->getEndLoc())) {
      WhyNot = "'" + V->getNameAsString() + "' is also used outside the body";
      return {};
    }
  // In the index and element forms the body runs once per index: an object
  // with a destructor (a std::vector) would be allocated for every one, so
  // each thread keeps one instead (enumerable_thread_specific), made where
  // the declaration is: what its initializer reads does not matter then.
  if (!Construct->RangeBody && V->getType().isDestructedType())
    return threadSpecificScratch(
        V, DS, *Construct, B, C,
        std::get<remedy::Privatize>(F.Fix).KeepContents, Ctx, WhyNot);
  // The initializer computes the same value in the body.
  UseFinder Init(V);
  if (V->getInit())
    Init.TraverseStmt(const_cast<Expr *>(V->getInit()));
  if (Init.Calls) {
    WhyNot = "its initializer calls a function, which would then run in "
             "every work item";
    return {};
  }
  if (Init.ReadsLocals && B.Lambda->getCaptureDefault() == LCD_None) {
    WhyNot = "the body does not capture what its initializer reads";
    return {};
  }
  const Stmt *CallStmt = childContaining(Block, Call, SM);
  if (!CallStmt) {
    WhyNot = "the declaration is not in the block of the construct";
    return {};
  }
  bool Adjacent = false;
  for (auto It = Block->body_begin(); It != Block->body_end(); ++It)
    if (*It == DS)
      Adjacent =
          std::next(It) != Block->body_end() && *std::next(It) == CallStmt;
  if (!Adjacent && Init.ReadsLocals) {
    WhyNot = "code between the declaration and the construct could change "
             "what its initializer reads";
    return {};
  }
  // Where it goes: before the range loop (one per chunk), or first in the
  // body (one per work item).
  const Stmt *Before = Body->body_front();
  if (Construct->RangeBody) {
    auto Loops = rangeLoops(B);
    Before = Loops.empty() ? nullptr : Loops.front().Loop;
  }
  if (!Before) {
    WhyNot = "the body has no loop over its range";
    return {};
  }
  SourceLocation DeclBegin = DS->getBeginLoc(), DeclEnd = DS->getEndLoc();
  SourceLocation At = Before->getBeginLoc();
  for (SourceLocation L : {DeclBegin, DeclEnd, At})
    if (L.isInvalid() || L.isMacroID() || SM.isInSystemHeader(L)) {
      WhyNot = "the code comes from a macro expansion or a system header";
      return {};
    }
  auto Indent = lineIndent(At, SM);
  auto DeclIndent = lineIndent(DeclBegin, SM);
  if (!Indent || !DeclIndent) {
    WhyNot = "the declaration or the body shares its line with other code";
    return {};
  }
  SourceLocation AfterDecl =
      Lexer::getLocForEndOfToken(DeclEnd, 0, SM, Ctx.getLangOpts());
  StringRef Text =
      Lexer::getSourceText(CharSourceRange::getCharRange(DeclBegin, AfterDecl),
                           SM, Ctx.getLangOpts());
  // Remove the declaration's whole line when nothing else is on it.
  auto [File, EndOffset] = SM.getDecomposedLoc(AfterDecl);
  StringRef Buffer = SM.getBufferData(File);
  size_t LineEnd = Buffer.find('\n', EndOffset);
  if (LineEnd == StringRef::npos ||
      Buffer.slice(EndOffset, LineEnd).find_first_not_of(" \t\r") !=
          StringRef::npos) {
    WhyNot = "the declaration shares its line with other code";
    return {};
  }
  SourceLocation RemoveBegin =
      DeclBegin.getLocWithOffset(-static_cast<int>(DeclIndent->size()));
  SourceLocation RemoveEnd =
      AfterDecl.getLocWithOffset(static_cast<int>(LineEnd - EndOffset + 1));
  return {FixItHint::CreateRemoval(
              CharSourceRange::getCharRange(RemoveBegin, RemoveEnd)),
          FixItHint::CreateInsertion(At, Text.str() + "\n" + *Indent)};
}

/// `g.wait();` on a line of its own before the statement at the fix's
/// Begin: the code that ran a task on the group waits for it there.
std::vector<FixItHint> insertGroupWait(const Finding &F,
                                       const ModelledConstruct &C,
                                       ASTContext &Ctx, std::string &WhyNot) {
  const MemberExpr *Run =
      groupRunCallee(dyn_cast_or_null<CallExpr>(C.Construct));
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation At =
      fromLoc(std::get<remedy::WaitForCreatedWork>(F.Fix).Before);
  if (!Run || Run->getBase()->getBeginLoc().isMacroID()) {
    WhyNot = "the task group is not named in the code";
    return {};
  }
  if (At.isInvalid() || At.isMacroID() || SM.isInSystemHeader(At)) {
    WhyNot = "the statement that must wait comes from a macro expansion";
    return {};
  }
  // The group and the member operator as written: `g.`, `this->g.`,
  // `p->` (a pointer, or a smart pointer's operator->).
  StringRef Group = Lexer::getSourceText(
      CharSourceRange::getCharRange(Run->getBeginLoc(), Run->getMemberLoc()),
      SM, Ctx.getLangOpts());
  if (Group.empty() || Run->getMemberLoc().isMacroID()) {
    WhyNot = "the task group is not named in the code";
    return {};
  }
  std::string Line = Group.rtrim().str() + "wait();";
  if (auto Hint = insertLineBefore(At, Line, SM, WhyNot))
    return {*Hint};
  return {};
}

} // namespace

std::vector<FixItHint> buildBodyFix(const Finding &F,
                                    const ModelledConstruct &C, ASTContext &Ctx,
                                    std::string &WhyNot) {
  if (kindOf(F.Fix) == RemedyKind::WaitForCreatedWork)
    return insertGroupWait(F, C, Ctx, WhyNot);
  // Every other TBB fix edits the buffer's declaration and the body after it:
  // an '#if' between them could leave another configuration's declaration
  // behind.
  if (const auto *D = declOf(F.Buffer);
      D && C.Construct &&
      Ctx.getSourceManager().isBeforeInTranslationUnit(
          D->getBeginLoc(), C.Construct->getEndLoc()) &&
      hasPreprocessorDirective(
          SourceRange(D->getBeginLoc(), C.Construct->getEndLoc()),
          Ctx.getSourceManager())) {
    WhyNot = "preprocessor directives ('#if', '#define') lie between the "
             "declaration and the end of the call, which a fix could not "
             "keep in place";
    return {};
  }
  // A container made in every work item: one per thread.
  if (F.Check == CheckId::LoopAlloc &&
      kindOf(F.Fix) == RemedyKind::AllocationPerThread)
    return buildThreadSpecificAllocationFix(F, C, Ctx, WhyNot);
  if (F.Check == CheckId::SharedBuffer && F.Kind == RaceKind::Scratch &&
      kindOf(F.Fix) == RemedyKind::Privatize && F.Buffer)
    return moveIntoBody(F, C, Ctx, WhyNot);
  if (F.Check == CheckId::SharedBuffer && kindOf(F.Fix) == RemedyKind::Reduce &&
      F.Buffer)
    return buildCombinableFix(F, C, Ctx, WhyNot);
  if (F.Check == CheckId::ThreadIdIndex &&
      kindOf(F.Fix) == RemedyKind::ObjectPerThread && F.Buffer)
    return buildThreadSpecificFix(F, C, Ctx, WhyNot);
  // A work item that keeps its thread's slot while it waits for nested
  // work: a buffer of its own for its lifetime.
  if (kindOf(F.Fix) == RemedyKind::LeaseBuffer && F.Buffer)
    return buildLeaseFix(F, C, Ctx, WhyNot);
  // The other rewrites (padding, parallel_reduce) are not built for TBB
  // yet.
  WhyNot = whyNone(F.Fix) != NoFixReason::Unstated
               ? whyNoFix(F.Model, whyNone(F.Fix))
               : "no exact TBB rewrite for this finding yet";
  return {};
}

} // namespace clangfe
} // namespace privateer
