//===- LeaseFixes.cpp - TBB fixes: a buffer leased per work item ----------===//
//
// Part of privateer.
//
//   std::vector<double> scratch(P * N);
//   tbb::parallel_for(0, n, [&](int i) {
//     double *w = &scratch[tbb::this_task_arena::current_thread_index() * N];
//     ... w ... tbb::parallel_for(...); ... w ...
//   });
// becomes
//   privateer::buffer_pool<double> privateer_scratch_pool(N,
//                                                         privateer::unbounded);
//   tbb::parallel_for(0, n, [&](int i) {
//     auto privateer_w_lease = privateer_scratch_pool.acquire();
//     double *w = privateer_w_lease.data();
//     ...
// and the buffer, now unused, goes. While the work item waits for the
// nested call, its thread can run another work item of the outer call,
// which took the same slot; a lease is the work item's own until it ends,
// whatever its thread does meanwhile. The pool has no bound: a bounded one
// could make that thread wait for a release only the suspended work item
// can make. A leased buffer holds what its last holder left, so the fix is
// made only where the work item reads nothing of its slot it did not write
// first; the slot's length must be known before the call (a constant, or a
// variable the function never changes), and the buffer used for nothing
// else. An enumerable_thread_specific would not do: it is the thread's, and
// the work item that steals the thread would take it too.
//
//===----------------------------------------------------------------------===//

#include "Fixes.h"

#include "TaskGroups.h"

#include "privateer/Clang/CXX/Edits/ASTQueries.h"
#include "privateer/Clang/CXX/Edits/Runtime.h"
#include "privateer/Clang/CXX/Edits/SourceText.h"
#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/StmtWalk.h"
#include "privateer/Clang/Handles.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace privateer {
namespace clangfe {
namespace tbbfix {

using clang::Expr;

namespace {

/// Whether \p S names \p V inside a function that a task_group runs (a
/// task that could outlive the work item's lease).
bool inTaskGroupRun(const VarDecl *V, const Stmt *S) {
  struct Walker {
    const VarDecl *V;
    bool Found = false;
    void walk(const Stmt *X, bool InRun) {
      if (Found)
        return;
      if (const auto *Ref = dyn_cast<DeclRefExpr>(X))
        Found |= InRun && Ref->getDecl() == V;
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(X))
        InRun |= groupRunCallee(MC) != nullptr;
      if (const auto *L = dyn_cast<LambdaExpr>(X)) {
        walk(L->getBody(), InRun);
        return;
      }
      for (const Stmt *Child : X->children())
        if (Child)
          walk(Child, InRun);
    }
  } W{V};
  W.walk(S, false);
  return W.Found;
}

/// Why the buffer cannot go, or success: it serves this slot only, and is a
/// local array or standard container whose making does nothing but
/// allocate (a vector sized by a thread count only asks for it).
llvm::Error bufferCannotGo(const VarDecl *Buf, const CompoundStmt *Body,
                           const FunctionDecl *FD, ASTContext &Ctx) {
  const DeclStmt *BufDecl = declarationOf(Buf, Ctx);
  const CXXRecordDecl *RD = Buf->getType()->getAsCXXRecordDecl();
  bool Plain = Buf->getType()->isArrayType() || (RD && RD->isInStdNamespace());
  if (referencesTo(Buf, FD->getBody()).size() != 1 || !Buf->isLocalVarDecl() ||
      Buf->isStaticLocal() || !BufDecl || !BufDecl->isSingleDecl() || !Plain)
    return decline("'" + Buf->getNameAsString() +
                   "' is not a local buffer used for this slot alone, which "
                   "the lease would replace");
  if (!Buf->getInit() || !Buf->getInit()->HasSideEffects(Ctx))
    return llvm::Error::success();
  bool Asks = true;
  forEachStmt(
      Buf->getInit()->IgnoreImplicit(),
      [&](const Stmt *S) {
        if (const auto *CE = dyn_cast<CallExpr>(S)) {
          const FunctionDecl *Callee = CE->getDirectCallee();
          KnownName Name = knownName(Callee);
          Asks &= Name == KnownName::MaxConcurrency ||
                  Name == KnownName::HardwareConcurrency;
        }
      },
      CapturedChildren::Captures);
  if (Asks)
    return llvm::Error::success();
  return decline("making '" + Buf->getNameAsString() +
                 "' calls a function, which the rewrite would drop");
}

/// Whether the slot's length is known before the call \p Call, unchanged:
/// a constant, a const global, or a local declared before the call that
/// the function never changes.
bool lengthKnownBefore(const Expr *Length, const CallExpr *Call,
                       const FunctionDecl *FD, ASTContext &Ctx) {
  if (!Length || Length->isIntegerConstantExpr(Ctx))
    return true;
  const SourceManager &SM = Ctx.getSourceManager();
  bool Stable = true;
  forEachStmt(
      Length,
      [&](const Stmt *S) {
        if (const auto *Ref = dyn_cast<DeclRefExpr>(S)) {
          const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
          Stable &= V && (V->hasGlobalStorage()
                              ? V->getType().isConstQualified()
                              : SM.isBeforeInTranslationUnit(
                                    V->getLocation(), Call->getBeginLoc()) &&
                                    !isMutatedIn(V, FD->getBody(), Ctx));
        }
      },
      CapturedChildren::Captures);
  return Stable && !Length->HasSideEffects(Ctx);
}

/// Why the body of \p C cannot hold a lease, or success.
llvm::Expected<const LambdaExpr *>
leaseBody(const Finding &F, const ModelledConstruct &C, ASTContext &Ctx) {
  const auto *Call = dyn_cast_or_null<CallExpr>(C.Construct);
  auto T = Call ? recognize(Call, Ctx) : std::nullopt;
  const FunctionDecl *FD = C.Function;
  if (!T || T->Bodies.size() != 1 || !T->Bodies[0].Lambda || !FD ||
      !FD->getBody() || T->Kind != RegionKind::Loop)
    return decline("the body is not one lambda of a parallel loop");
  if (!declaresIn(Ctx, "privateer", "buffer_pool"))
    return decline("a buffer leased for the work item's lifetime needs "
                   "<privateer/runtime/privateer.hpp>: include it to lease "
                   "from privateer::buffer_pool ('tbb::enumerable_thread_"
                   "specific' would not help: the waiting thread runs the "
                   "other work item with the same copy)");
  if (const char *Why = EditBuilder::typesRefusal(FD))
    return decline(Why);
  if (!std::get<remedy::LeaseBuffer>(F.Fix).KeepContents)
    return decline("the work item may read an element of its slot that it "
                   "did not write first, and a leased buffer holds what its "
                   "last holder left");
  const LambdaExpr *L = T->Bodies[0].Lambda;
  if (!isa_and_nonnull<CompoundStmt>(L->getBody()) ||
      L->getCaptureDefault() != LCD_ByRef)
    return decline("the body is not a lambda with a '[&]' capture, which the "
                   "pool would need");
  return L;
}

/// A local index of the thread (`int t = current_thread_index();`) used
/// for the slot alone goes with it.
void removeUnusedThreadIndex(const Expr *Init, const CompoundStmt *Body,
                             EditBuilder &E) {
  const SourceManager &SM = E.sources();
  llvm::SmallVector<const VarDecl *, 2> Named;
  forEachStmt(
      Init,
      [&](const Stmt *S) {
        if (const auto *Ref = dyn_cast<DeclRefExpr>(S))
          if (const auto *IV = dyn_cast<VarDecl>(Ref->getDecl());
              IV && IV->getInit() && isThreadIdCall(IV->getInit()))
            Named.push_back(IV);
      },
      CapturedChildren::Captures);
  for (const VarDecl *IV : Named) {
    bool OnlyHere =
        llvm::all_of(referencesTo(IV, Body), [&](const DeclRefExpr *U) {
          return SM.isPointWithin(U->getLocation(), Init->getBeginLoc(),
                                  Init->getEndLoc());
        });
    const DeclStmt *IDS = declarationOf(IV, E.context());
    if (OnlyHere && IDS && IDS->isSingleDecl())
      if (auto Lines = wholeLines(IDS->getBeginLoc(),
                                  statementEnd(IDS, E.context()), SM))
        E.remove(*Lines);
  }
}

} // namespace

FixResult buildLeaseBuffer(const Finding &F, const ModelledConstruct &C,
                           EditBuilder &E) {
  ASTContext &Ctx = E.context();
  const SourceManager &SM = E.sources();
  auto L = leaseBody(F, C, Ctx);
  if (!L)
    return L.takeError();
  const auto *Body = cast<CompoundStmt>((*L)->getBody());
  const auto *Call = cast<CallExpr>(C.Construct);
  const VarDecl *Buf = variableOf(F.Buffer);
  auto Slot =
      Buf ? slotDeclaration(Body, Buf, C.Function, Ctx, Body) : std::nullopt;
  if (!Slot)
    return E.decline("the work item does not take its slot as a pointer "
                     "declared in its body ('T *w = &" +
                     F.BufferName +
                     "[tbb::this_task_arena::current_thread_index() * n]')");
  if (llvm::Error Err = bufferCannotGo(Buf, Body, C.Function, Ctx))
    return std::move(Err);
  if (!lengthKnownBefore(Slot->Shape.Length, Call, C.Function, Ctx))
    return E.decline("the slot's length is not known before the call");
  if (inTaskGroupRun(Slot->Slot, Body))
    return E.decline("a task the work item runs uses the slot, and could "
                     "outlive a lease");
  // The pool goes before the call, a statement of a block.
  const Stmt *CallStmt = blockStatement(Call, Ctx);
  LeaseNames Names =
      leaseNames(Buf->getNameAsString(), Slot->Slot->getNameAsString());
  if (!CallStmt)
    return E.decline("the call is not a statement of a block");
  for (const std::string &Name : {Names.Pool, Names.Lease})
    if (!Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(Name)).empty())
      return E.decline("the name '" + Name + "' is taken");
  const DeclStmt *BufDecl = declarationOf(Buf, Ctx);
  const Expr *Init = Slot->Slot->getInit();
  if (!E.writable({CallStmt->getBeginLoc(), Slot->Decl->getBeginLoc(),
                   Init->getBeginLoc(), Init->getEndLoc(),
                   BufDecl->getBeginLoc(), BufDecl->getEndLoc()}))
    return E.result();
  auto Lines =
      wholeLines(BufDecl->getBeginLoc(), statementEnd(BufDecl, Ctx), SM);
  auto CallIndent = indentBefore(CallStmt->getBeginLoc(), SM);
  auto SlotIndent = indentBefore(Slot->Decl->getBeginLoc(), SM);
  if (!Lines || !CallIndent || !SlotIndent)
    return E.decline("the buffer's declaration, the call or the slot shares "
                     "its line with other code");
  std::string Elem =
      Slot->Slot->getType()->getPointeeType().getUnqualifiedType().getAsString(
          Ctx.getPrintingPolicy());
  E.remove(*Lines);
  E.insert(CallStmt->getBeginLoc(),
           poolDeclaration(Elem, Names, Slot->Shape.LengthText) + "\n" +
               *CallIndent);
  E.insert(Slot->Decl->getBeginLoc(),
           leaseDeclaration(Names) + "\n" + *SlotIndent);
  E.replaceTokens(Init->getSourceRange(), leaseData(Names));
  removeUnusedThreadIndex(Init, Body, E);
  return E.result();
}

} // namespace tbbfix
} // namespace clangfe
} // namespace privateer
