//===- SlotFixes.cpp - Thread-indexed slots, kept local or padded ---------===//
//
// Part of privateer. A thread's slot updated in a hot loop (`hits[t]++`)
// shares its cache line with the other threads' slots. The better fix
// keeps the slot in a local across the loop (one read before, one write
// after); where the code leaves no room for the local, every element is
// padded to whole lines.
//
//===----------------------------------------------------------------------===//

#include "Directives.h"
#include "Fixes.h"
#include "Split.h"

#include "privateer/Clang/CXX/Edits/ASTQueries.h"
#include "privateer/Clang/CXX/Edits/Padding.h"
#include "privateer/Clang/CXX/Edits/SourceText.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/SizedContainer.h"
#include "privateer/Clang/CXX/StmtWalk.h"
#include "privateer/Clang/Handles.h"
#include "privateer/Clang/SourceLoc.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace privateer {
namespace clangfe {
namespace openmpfix {

using clang::Expr;

namespace {

/// The slot the finding points at (a subscript starting at Slot), and the
/// loop it is kept across.
struct SlotInLoop {
  const Expr *Slot = nullptr;
  const Stmt *Loop = nullptr;
};

bool isSlotAt(const Stmt *S, SourceLocation At) {
  const auto *E = dyn_cast<Expr>(S);
  return E && E->getBeginLoc() == At &&
         (isa<ArraySubscriptExpr>(E) || isa<CXXOperatorCallExpr>(E));
}

/// In a worksharing loop the slot stays the thread's through the whole
/// loop, the construct's own; in other code, the outermost loop around
/// the slot that is a statement of a block.
SlotInLoop findSlotLoop(const OMPExecutableDirective *D, SourceLocation At) {
  SlotInLoop Found;
  if (const auto *Worksharing = dyn_cast<OMPLoopDirective>(D)) {
    Found.Loop = dyn_cast_or_null<ForStmt>(
        Worksharing->getInnermostCapturedStmt()->getCapturedStmt());
    walkStmts(Found.Loop, [&](const Stmt *S) {
      if (!isSlotAt(S, At))
        return WalkStep::Advance;
      Found.Slot = cast<Expr>(S);
      return WalkStep::Interrupt;
    });
    return Found;
  }
  // The slot, and the innermost loop around it whose body is a block.
  struct Finder {
    SourceLocation At;
    SlotInLoop &Found;
    std::vector<const Stmt *> Stack;
    void walk(const Stmt *S) {
      if (Found.Slot)
        return;
      if (isSlotAt(S, At)) {
        Found.Slot = cast<Expr>(S);
        for (size_t K = 0; K + 1 < Stack.size(); ++K)
          if ((isa<ForStmt>(Stack[K + 1]) || isa<WhileStmt>(Stack[K + 1]) ||
               isa<DoStmt>(Stack[K + 1])) &&
              isa<CompoundStmt>(Stack[K])) {
            Found.Loop = Stack[K + 1];
            break;
          }
        return;
      }
      Stack.push_back(S);
      forEachChild(S, [this](const Stmt *C) { walk(C); });
      Stack.pop_back();
    }
  } Walk{At, Found, {}};
  if (const Stmt *Body = associatedBody(D))
    Walk.walk(Body);
  return Found;
}

/// The uses of the slot in its loop (spelled as it is), when the loop uses
/// the buffer no other way, never changes what the slot's index reads, and
/// calls nothing that could reach the buffer; none otherwise.
std::optional<std::vector<const Expr *>>
slotUses(const SlotInLoop &S, const ValueDecl *Buffer,
         const llvm::SmallPtrSetImpl<const ValueDecl *> &IndexVars,
         const FunctionDecl *FD, ASTContext &Ctx) {
  std::string SlotText = tokensOf(S.Slot->getSourceRange(), Ctx);
  // A call cannot touch a local buffer, nor the locals its index reads,
  // when no pointer or reference to them escapes.
  const ValueDecl *Base = nullptr;
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(S.Slot))
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts()))
      Base = DRE->getDecl();
  bool Unreachable = Base && !mayEscape(Base, FD) &&
                     llvm::all_of(IndexVars, [&](const ValueDecl *X) {
                       return isa<FunctionDecl>(X) || !mayEscape(X, FD);
                     });
  auto Changes = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && IndexVars.count(DRE->getDecl());
  };
  std::vector<const Expr *> Uses;
  bool Inexact = walkStmts(
      S.Loop,
      [&](const Stmt *X) {
        if (const auto *E = dyn_cast<Expr>(X);
            E && (isa<ArraySubscriptExpr>(E) || isa<CXXOperatorCallExpr>(E)) &&
            tokensOf(E->getSourceRange(), Ctx) == SlotText) {
          Uses.push_back(E);
          return WalkStep::Skip;
        }
        if (const auto *DRE = dyn_cast<DeclRefExpr>(X);
            DRE && DRE->getDecl() == Buffer)
          return WalkStep::Interrupt; // another use of the buffer
        if (const auto *BO = dyn_cast<BinaryOperator>(X);
            BO && BO->isAssignmentOp() && Changes(BO->getLHS()))
          return WalkStep::Interrupt;
        if (const auto *UO = dyn_cast<UnaryOperator>(X);
            UO && UO->isIncrementDecrementOp() && Changes(UO->getSubExpr()))
          return WalkStep::Interrupt;
        if (isa<CallExpr>(X) && !isa<CXXOperatorCallExpr>(X)) {
          const FunctionDecl *Callee = cast<CallExpr>(X)->getDirectCallee();
          if ((!Callee || Callee->hasBody()) && !Unreachable)
            return WalkStep::Interrupt; // a call that could use the buffer
        }
        return WalkStep::Advance;
      },
      CapturedChildren::Captures);
  if (Inexact || Uses.empty())
    return std::nullopt;
  return Uses;
}

/// The local's load before the loop and store after it, in the split
/// region (a combined `parallel for`), around the worksharing loop, or
/// around the loop in the region's code; refusals of edits are kept in
/// \p E.
llvm::Error keepInLocal(const OMPExecutableDirective *D, const SlotInLoop &S,
                        const std::string &Load, const std::string &Store,
                        EditBuilder &E) {
  ASTContext &Ctx = E.context();
  std::string Indent = lineIndent(S.Loop->getBeginLoc(), E.sources());
  // An unbraced body (and a do-while) ends with a semicolon that is not
  // part of the statement's range.
  SourceLocation LoopEnd = statementEnd(S.Loop, Ctx);
  if (LoopEnd.isInvalid())
    return E.decline("");
  if (isa<OMPLoopDirective>(D) &&
      isOpenMPParallelDirective(D->getDirectiveKind())) {
    // #pragma omp parallel { T local = slot; #pragma omp for ...
    // slot = local; }
    auto Header = splitHeader(D, Indent, Load, Ctx);
    if (!Header)
      return Header.takeError();
    E.append({*Header});
    E.indentMore(S.Loop);
    E.insert(LoopEnd, "\n" + Indent + "  " + Store + "\n" + Indent + "}");
  } else if (isa<OMPLoopDirective>(D)) {
    // Before the directive's line, after its loop.
    if (E.writable(D->getBeginLoc())) {
      E.insert(D->getBeginLoc(), Indent + Load + "\n");
      E.insert(LoopEnd, "\n" + Indent + Store);
    }
  } else {
    E.insert(S.Loop->getBeginLoc(), Load + "\n" + Indent);
    E.insert(LoopEnd, "\n" + Indent + Store);
  }
  return llvm::Error::success();
}

} // namespace

FixResult buildLocalAccumulator(const Finding &F, const ModelledConstruct &C,
                                EditBuilder &E) {
  // for (...) hits[t]++;   becomes
  //   long privateer_hits_L = hits[t];
  //   for (...) privateer_hits_L++;
  //   hits[t] = privateer_hits_L;
  const OMPExecutableDirective *D = directiveOf(C);
  ASTContext &Ctx = E.context();
  const SourceManager &SM = E.sources();
  SourceLocation At = fromLoc(std::get<remedy::LocalAccumulator>(F.Fix).Slot);
  const ValueDecl *Buffer = declOf(F.Buffer);
  // A combined `parallel for` is split so that the local lives in the
  // team's region.
  if (const auto *L = dyn_cast<OMPLoopDirective>(D)) {
    if (isOpenMPParallelDirective(D->getDirectiveKind()))
      if (auto Loop = splittableLoop(D); !Loop)
        return Loop.takeError();
    if (L->getLoopsNumber() != 1)
      return E.decline("the loop is collapsed");
  }
  SlotInLoop S = findSlotLoop(D, At);
  if (!S.Slot || !S.Loop || !Buffer)
    return E.decline("the slot is not updated in a loop that is a statement "
                     "of a block");
  // What the slot's index reads may not change in the loop.
  llvm::SmallPtrSet<const ValueDecl *, 4> IndexVars;
  forEachStmt(
      S.Slot,
      [&](const Stmt *X) {
        if (const auto *DRE = dyn_cast<DeclRefExpr>(X);
            DRE && DRE->getDecl() != Buffer)
          IndexVars.insert(DRE->getDecl());
      },
      CapturedChildren::Captures);
  auto Uses = slotUses(S, Buffer, IndexVars, C.Function, Ctx);
  if (!Uses)
    return E.decline("the loop uses the buffer otherwise, changes the slot's "
                     "index, or calls code that could reach the buffer");
  // The slot is read before the loop and written after it: what its index
  // names must exist there (`int t = omp_get_thread_num();` in the body
  // does not).
  for (const ValueDecl *X : IndexVars)
    if (isa<VarDecl>(X) &&
        !SM.isBeforeInTranslationUnit(X->getLocation(),
                                      S.Loop->getBeginLoc()) &&
        !SM.isBeforeInTranslationUnit(S.Loop->getEndLoc(), X->getLocation()))
      return E.decline("the slot's index is declared inside the loop");
  if (!E.writable({S.Loop->getBeginLoc(), S.Loop->getEndLoc()}))
    return E.result();
  for (const Expr *U : *Uses)
    if (!E.writable(U->getBeginLoc()))
      return E.result();
  std::string Name = "privateer_" + Buffer->getNameAsString() + "_" +
                     std::to_string(SM.getExpansionLineNumber(At));
  std::string SlotText = tokensOf(S.Slot->getSourceRange(), Ctx);
  std::string Type = spellType(
      S.Slot->getType().getNonReferenceType().getUnqualifiedType(), Ctx);
  if (llvm::Error Err =
          keepInLocal(D, S, Type + " " + Name + " = " + SlotText + ";",
                      SlotText + " = " + Name + ";", E))
    return std::move(Err);
  if (E.refused())
    return E.result();
  for (const Expr *U : *Uses)
    E.replaceTokens(U->getSourceRange(), Name);
  return E.result();
}

FixResult buildPadElements(const Finding &F, const ModelledConstruct &C,
                           EditBuilder &E) {
  // (Padding is also a local accumulator's fallback.)
  unsigned Line = kindOf(F.Fix) == RemedyKind::PadElements
                      ? std::get<remedy::PadElements>(F.Fix).LineBytes
                      : std::get<remedy::LocalAccumulator>(F.Fix).PadLineBytes;
  return padArrayElements(variableNamedInConstruct(directiveOf(C), F.Buffer),
                          Line, E);
}

} // namespace openmpfix
} // namespace clangfe
} // namespace privateer
