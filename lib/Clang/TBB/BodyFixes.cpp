//===- BodyFixes.cpp - TBB fixes: scratch moved into the body -------------===//
//
// Part of privateer. A scratch buffer captured by reference is shared by
// every work item; declared in the body it is each work item's own (for a
// blocked_range body, declared before the range loop, one per chunk: the
// allocation is not repeated for every index). The move is exact only when
// nothing but the body uses the variable, the body can see what its
// initializer reads (a default capture), and running the initializer in
// the body computes the same value: no call in it, and nothing between the
// declaration and the construct that could change what it reads. A
// container of an index or element body is kept per thread instead
// (ScratchFixes.cpp).
//
//===----------------------------------------------------------------------===//

#include "Fixes.h"

#include "privateer/Clang/CXX/Edits/ASTQueries.h"
#include "privateer/Clang/CXX/Edits/SourceText.h"
#include "privateer/Clang/Handles.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace privateer {
namespace clangfe {
namespace tbbfix {

using clang::Expr;

namespace {

/// Whether an initializer reads locals or calls functions.
class InitializerReads : public RecursiveASTVisitor<InitializerReads> {
public:
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (const auto *X = dyn_cast<VarDecl>(E->getDecl());
        X && X->hasLocalStorage())
      Locals = true;
    return true;
  }
  bool VisitCallExpr(CallExpr *) {
    Calls = true;
    return true;
  }
  bool Locals = false;
  bool Calls = false;
};

/// Why the declaration \p DS of \p V cannot move into the lambda body
/// \p B of the call \p Call, or success: \p V is a local declared alone
/// in a block, not in the capture list, used only in the body.
llvm::Error cannotMove(const VarDecl *V, const DeclStmt *DS,
                       const CompoundStmt *Block, const WorkBody &B,
                       const FunctionDecl *FD, const SourceManager &SM) {
  std::string Name = "'" + V->getNameAsString() + "'";
  // Captured by name: the capture list would have to change too.
  for (const LambdaCapture &Cap : B.Lambda->explicit_captures())
    if (Cap.capturesVariable() && Cap.getCapturedVar() == V)
      return decline(Name + " is named in the capture list");
  if (!DS || !DS->isSingleDecl() || !Block)
    return decline(Name +
                   " is not declared alone in a block before the construct");
  const Stmt *Body = B.body();
  for (const DeclRefExpr *U : referencesTo(V, FD->getBody()))
    if (!SM.isPointWithin(U->getLocation(), Body->getBeginLoc(),
                          Body->getEndLoc()))
      return decline(Name + " is also used outside the body");
  return llvm::Error::success();
}

/// Why running \p V's initializer in the body would not compute the same
/// value, or success.
llvm::Error initializerChanges(const VarDecl *V, const DeclStmt *DS,
                               const CompoundStmt *Block, const Stmt *CallStmt,
                               const WorkBody &B) {
  InitializerReads Init;
  if (V->getInit())
    Init.TraverseStmt(const_cast<Expr *>(V->getInit()));
  if (Init.Calls)
    return decline("its initializer calls a function, which would then run "
                   "in every work item");
  if (Init.Locals && B.Lambda->getCaptureDefault() == LCD_None)
    return decline("the body does not capture what its initializer reads");
  bool Adjacent = false;
  for (auto It = Block->body_begin(); It != Block->body_end(); ++It)
    if (*It == DS)
      Adjacent =
          std::next(It) != Block->body_end() && *std::next(It) == CallStmt;
  if (!Adjacent && Init.Locals)
    return decline("code between the declaration and the construct could "
                   "change what its initializer reads");
  return llvm::Error::success();
}

} // namespace

FixResult buildMoveIntoBody(const Finding &F, const ModelledConstruct &C,
                            EditBuilder &E) {
  ASTContext &Ctx = E.context();
  const SourceManager &SM = E.sources();
  const VarDecl *V = variableOf(F.Buffer);
  const auto *Call = dyn_cast_or_null<CallExpr>(C.Construct);
  auto Construct = Call ? recognize(Call, Ctx) : std::nullopt;
  if (!V || !Construct || Construct->Bodies.size() != 1 || !C.Function ||
      !C.Function->getBody())
    return E.decline("the construct's body is not one lambda");
  if (!V->isLocalVarDecl() || V->isStaticLocal() || isa<ParmVarDecl>(V) ||
      V->isInitCapture())
    return E.decline("'" + V->getNameAsString() +
                     "' is not a local variable of the function");
  const WorkBody &B = Construct->Bodies.front();
  const auto *Body = dyn_cast_or_null<CompoundStmt>(B.body());
  if (!B.Lambda || !Body || Body->body_empty())
    return E.decline("the body is not a lambda written at the call");
  // The declaration: alone in its statement, in a block of the function.
  const DeclStmt *DS = declarationOf(V, Ctx);
  const CompoundStmt *Block = nullptr;
  if (DS)
    for (const DynTypedNode &P : Ctx.getParents(*DS))
      Block = P.get<CompoundStmt>();
  if (llvm::Error Err = cannotMove(V, DS, Block, B, C.Function, SM))
    return std::move(Err);
  // In the index and element forms the body runs once per index: an object
  // with a destructor (a std::vector) would be allocated for every one, so
  // each thread keeps one instead (enumerable_thread_specific), made where
  // the declaration is: what its initializer reads does not matter then.
  if (!Construct->RangeBody && V->getType().isDestructedType())
    return threadSpecificScratch(
        V, DS, *Construct, B, C,
        std::get<remedy::Privatize>(F.Fix).KeepContents, E);
  const Stmt *CallStmt = childContaining(Block, Call, SM);
  if (!CallStmt)
    return E.decline("the declaration is not in the block of the construct");
  if (llvm::Error Err = initializerChanges(V, DS, Block, CallStmt, B))
    return std::move(Err);
  // Where it goes: before the range loop (one per chunk), or first in the
  // body (one per work item).
  const Stmt *Before = Body->body_front();
  if (Construct->RangeBody) {
    auto Loops = rangeLoops(B);
    Before = Loops.empty() ? nullptr : Loops.front().Loop;
  }
  if (!Before)
    return E.decline("the body has no loop over its range");
  SourceLocation At = Before->getBeginLoc();
  if (!E.writable({DS->getBeginLoc(), DS->getEndLoc(), At}))
    return E.result();
  auto Indent = indentBefore(At, SM);
  if (!Indent || !indentBefore(DS->getBeginLoc(), SM))
    return E.decline(
        "the declaration or the body shares its line with other code");
  SourceLocation DeclEnd = statementEnd(DS, Ctx);
  auto Lines = wholeLines(DS->getBeginLoc(), DeclEnd, SM);
  if (!Lines)
    return E.decline("the declaration shares its line with other code");
  E.remove(*Lines);
  E.insert(At, textOf(CharSourceRange::getCharRange(DS->getBeginLoc(), DeclEnd),
                      Ctx) +
                   "\n" + *Indent);
  return E.result();
}

} // namespace tbbfix
} // namespace clangfe
} // namespace privateer
