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

#include "LeaseFixes.h"

#include "Constructs.h"
#include "FixText.h"
#include "privateer/Clang/CXX/Subscript.h"
#include "privateer/Clang/Handles.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <functional>

using namespace clang;

namespace privateer {
namespace clangfe {

using clang::Expr;

namespace {

void forEachRef(const Stmt *S,
                llvm::function_ref<void(const DeclRefExpr *)> Found) {
  if (!S)
    return;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    Found(DRE);
  for (const Stmt *Child : S->children())
    forEachRef(Child, Found);
}

/// Whether \p FD changes \p V after its declaration: an assignment, an
/// increment, or its address or a non-const reference taken.
bool changed(const VarDecl *V, const FunctionDecl *FD, ASTContext &Ctx) {
  bool Changed = false;
  forEachRef(FD->getBody(), [&](const DeclRefExpr *Ref) {
    if (Ref->getDecl() != V)
      return;
    DynTypedNodeList Ps = Ctx.getParents(*Ref);
    while (!Ps.empty() && Ps[0].get<ParenExpr>())
      Ps = Ctx.getParents(Ps[0]);
    if (Ps.empty()) {
      Changed = true;
      return;
    }
    if (const auto *Cast = Ps[0].get<ImplicitCastExpr>()) {
      Changed |= Cast->getCastKind() != CK_LValueToRValue;
      return;
    }
    // Anything else that names it as an lvalue (an assignment, ++, &v, a
    // reference bound to it) may change it.
    Changed = true;
  });
  return Changed;
}

/// Whether \p E is the thread's index: the call, or a local of \p Body set
/// from it that the function never changes.
bool isThreadIndex(const Expr *E, const CompoundStmt *Body,
                   const FunctionDecl *FD, ASTContext &Ctx) {
  if (isThreadIndexCall(E))
    return true;
  const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  const auto *V = Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  const SourceManager &SM = Ctx.getSourceManager();
  return V && V->getInit() && isThreadIndexCall(V->getInit()) &&
         SM.isPointWithin(V->getLocation(), Body->getBeginLoc(),
                          Body->getEndLoc()) &&
         !changed(V, FD, Ctx);
}

/// The slot a work item takes: the buffer, and the slot's length as text.
struct SlotShape {
  const VarDecl *Buffer = nullptr;
  const Expr *Length = nullptr; ///< null for a row of a 2-D array
  std::string LengthText;
};

std::optional<SlotShape> slotOf(const Expr *Init, const CompoundStmt *Body,
                                const FunctionDecl *FD, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  auto BufferOf = [](const Expr *E) -> const VarDecl * {
    const auto *Ref = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return Ref ? dyn_cast<VarDecl>(Ref->getDecl()) : nullptr;
  };
  // `t * n` or `n * t`.
  auto Stride = [&](const Expr *Offset, SlotShape &S) {
    const auto *Mul = dyn_cast<BinaryOperator>(Offset->IgnoreParenImpCasts());
    if (!Mul || Mul->getOpcode() != BO_Mul)
      return false;
    if (isThreadIndex(Mul->getLHS(), Body, FD, Ctx))
      S.Length = Mul->getRHS();
    else if (isThreadIndex(Mul->getRHS(), Body, FD, Ctx))
      S.Length = Mul->getLHS();
    if (!S.Length)
      return false;
    S.LengthText =
        Lexer::getSourceText(
            CharSourceRange::getTokenRange(S.Length->getSourceRange()), SM, LO)
            .str();
    return !S.LengthText.empty();
  };
  // `b[t]` of a two-dimensional array: a row.
  auto Row = [&](const Expr *Base, const Expr *Index, SlotShape &S) {
    const VarDecl *V = BufferOf(Base);
    const ConstantArrayType *Outer =
        V ? Ctx.getAsConstantArrayType(V->getType()) : nullptr;
    const ConstantArrayType *Inner =
        Outer ? Ctx.getAsConstantArrayType(Outer->getElementType()) : nullptr;
    if (!Inner || !isThreadIndex(Index, Body, FD, Ctx))
      return false;
    S.Buffer = V;
    S.LengthText = std::to_string(Inner->getSize().getZExtValue());
    return true;
  };
  SlotShape S;
  const Expr *I = Init->IgnoreParenImpCasts();
  const Expr *Base = nullptr, *Index = nullptr;
  if (const auto *Addr = dyn_cast<UnaryOperator>(I);
      Addr && Addr->getOpcode() == UO_AddrOf &&
      subscriptParts(Addr->getSubExpr(), Base, Index)) {
    const Expr *Base2 = nullptr, *Index2 = nullptr;
    Expr::EvalResult Zero;
    if (subscriptParts(Base->IgnoreParenImpCasts(), Base2, Index2) &&
        Index->EvaluateAsInt(Zero, Ctx) && Zero.Val.getInt() == 0) {
      if (!Row(Base2, Index2, S)) // &b[t][0]
        return std::nullopt;
    } else if (Stride(Index, S)) { // &b[t * n]
      S.Buffer = BufferOf(Base);
    }
  } else if (const auto *Add = dyn_cast<BinaryOperator>(I);
             Add && Add->getOpcode() == BO_Add && Stride(Add->getRHS(), S)) {
    S.Buffer = BufferOf(Add->getLHS()); // b + t * n
  } else if (subscriptParts(I, Base, Index)) {
    if (!Row(Base, Index, S)) // b[t]
      return std::nullopt;
  }
  if (!S.Buffer)
    return std::nullopt;
  return S;
}

/// Whether \p FD names \p V inside a function that a task_group runs (a
/// task that could outlive the work item's lease).
bool inTaskGroupRun(const VarDecl *V, const Stmt *S) {
  bool Found = false;
  std::function<void(const Stmt *, bool)> Walk = [&](const Stmt *X,
                                                     bool InRun) {
    if (!X || Found)
      return;
    if (const auto *Ref = dyn_cast<DeclRefExpr>(X))
      Found |= InRun && Ref->getDecl() == V;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(X);
        MC && MC->getMethodDecl() && MC->getMethodDecl()->getIdentifier() &&
        MC->getMethodDecl()->getName() == "run")
      if (const CXXRecordDecl *RD = MC->getRecordDecl();
          RD && RD->getIdentifier() && RD->getName().starts_with("task_group"))
        InRun = true;
    if (const auto *L = dyn_cast<LambdaExpr>(X)) {
      Walk(L->getBody(), InRun);
      return;
    }
    for (const Stmt *Child : X->children())
      Walk(Child, InRun);
  };
  Walk(S, false);
  return Found;
}

} // namespace

std::vector<FixItHint> buildLeaseFix(const Finding &F,
                                     const ModelledConstruct &C,
                                     ASTContext &Ctx, std::string &WhyNot) {
  const SourceManager &SM = Ctx.getSourceManager();
  const auto *Call = dyn_cast_or_null<CallExpr>(C.Construct);
  auto T = Call ? recognize(Call, Ctx) : std::nullopt;
  const FunctionDecl *FD = C.Function;
  if (!T || T->Bodies.size() != 1 || !T->Bodies[0].Lambda || !FD ||
      !FD->getBody() || T->Kind != RegionKind::Loop) {
    WhyNot = "the body is not one lambda of a parallel loop";
    return {};
  }
  if (!declaresIn(Ctx, "privateer", "buffer_pool")) {
    WhyNot = "a buffer leased for the work item's lifetime needs "
             "<privateer/runtime/privateer.hpp>: include it to lease from "
             "privateer::buffer_pool ('tbb::enumerable_thread_specific' "
             "would not help: the waiting thread runs the other work item "
             "with the same copy)";
    return {};
  }
  if (FD->isTemplateInstantiation() || FD->isDependentContext()) {
    WhyNot = "the code is a template's, and the fix would spell one "
             "instance's types";
    return {};
  }
  if (!std::get<remedy::LeaseBuffer>(F.Fix).KeepContents) {
    WhyNot = "the work item may read an element of its slot that it did not "
             "write first, and a leased buffer holds what its last holder "
             "left";
    return {};
  }
  const LambdaExpr *L = T->Bodies[0].Lambda;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(L->getBody());
  if (!Body || L->getCaptureDefault() != LCD_ByRef) {
    WhyNot = "the body is not a lambda with a '[&]' capture, which the pool "
             "would need";
    return {};
  }
  // The slot, taken as a pointer declared in the body's block.
  const DeclStmt *SlotDecl = nullptr;
  const VarDecl *Slot = nullptr;
  std::optional<SlotShape> Shape;
  for (const Stmt *S : Body->body()) {
    const auto *DS = dyn_cast<DeclStmt>(S);
    const auto *V = DS && DS->isSingleDecl()
                        ? dyn_cast<VarDecl>(DS->getSingleDecl())
                        : nullptr;
    if (!V || !V->getInit() || !V->getType()->isPointerType())
      continue;
    Shape = slotOf(V->getInit(), Body, FD, Ctx);
    if (Shape && Shape->Buffer == declOf(F.Buffer)) {
      SlotDecl = DS;
      Slot = V;
      break;
    }
    Shape.reset();
  }
  if (!Slot) {
    WhyNot = "the work item does not take its slot as a pointer declared in "
             "its body ('T *w = &" +
             F.BufferName +
             "[tbb::this_task_arena::current_thread_index() * n]')";
    return {};
  }
  const VarDecl *Buf = Shape->Buffer;
  // The buffer serves this slot only, and goes: a local array or standard
  // container whose making does nothing else.
  unsigned Refs = 0;
  forEachRef(FD->getBody(), [&](const DeclRefExpr *Ref) {
    // (Not the lambda's implicit capture of it.)
    bool Capture =
        !SM.isPointWithin(Ref->getLocation(), Body->getBeginLoc(),
                          Body->getEndLoc()) &&
        SM.isPointWithin(Ref->getLocation(), L->getBeginLoc(), L->getEndLoc());
    Refs += Ref->getDecl() == Buf && !Capture;
  });
  const DeclStmt *BufDecl = nullptr;
  for (const DynTypedNode &P : Ctx.getParents(*Buf))
    BufDecl = P.get<DeclStmt>();
  const CXXRecordDecl *RD = Buf->getType()->getAsCXXRecordDecl();
  bool Plain = Buf->getType()->isArrayType() || (RD && RD->isInStdNamespace());
  if (Refs != 1 || !Buf->isLocalVarDecl() || Buf->isStaticLocal() || !BufDecl ||
      !BufDecl->isSingleDecl() || !Plain) {
    WhyNot = "'" + F.BufferName +
             "' is not a local buffer used for this slot alone, which the "
             "lease would replace";
    return {};
  }
  if (Buf->getInit() && Buf->getInit()->HasSideEffects(Ctx)) {
    // A vector sized by a thread count: the count's call only asks.
    bool Asks = true;
    std::function<void(const Stmt *)> Calls = [&](const Stmt *S) {
      if (!S)
        return;
      if (const auto *CE = dyn_cast<CallExpr>(S)) {
        const FunctionDecl *Callee = CE->getDirectCallee();
        Asks &= Callee && Callee->getIdentifier() &&
                (Callee->getName() == "max_concurrency" ||
                 Callee->getName() == "hardware_concurrency");
      }
      for (const Stmt *Child : S->children())
        Calls(Child);
    };
    Calls(Buf->getInit()->IgnoreImplicit());
    if (!Asks) {
      WhyNot = "making '" + F.BufferName +
               "' calls a function, which the rewrite would drop";
      return {};
    }
  }
  // The length is known before the call, unchanged.
  if (Shape->Length && !Shape->Length->isIntegerConstantExpr(Ctx)) {
    bool Stable = true;
    forEachRef(Shape->Length, [&](const DeclRefExpr *Ref) {
      const auto *V = dyn_cast<VarDecl>(Ref->getDecl());
      Stable &= V && (V->hasGlobalStorage()
                          ? V->getType().isConstQualified()
                          : SM.isBeforeInTranslationUnit(V->getLocation(),
                                                         Call->getBeginLoc()) &&
                                !changed(V, FD, Ctx));
    });
    if (!Stable || Shape->Length->HasSideEffects(Ctx)) {
      WhyNot = "the slot's length is not known before the call";
      return {};
    }
  }
  if (inTaskGroupRun(Slot, Body)) {
    WhyNot = "a task the work item runs uses the slot, and could outlive a "
             "lease";
    return {};
  }
  // The pool goes before the call, a statement of a block.
  const Stmt *CallStmt = Call;
  const CompoundStmt *Block = nullptr;
  for (DynTypedNodeList Ps = Ctx.getParents(*Call); !Ps.empty();
       Ps = Ctx.getParents(Ps[0])) {
    if ((Block = Ps[0].get<CompoundStmt>()))
      break;
    if (!Ps[0].get<Expr>())
      break;
    CallStmt = Ps[0].get<Stmt>();
  }
  std::string Pool = "privateer_" + F.BufferName + "_pool";
  std::string Lease = "privateer_" + Slot->getNameAsString() + "_lease";
  if (!Block) {
    WhyNot = "the call is not a statement of a block";
    return {};
  }
  for (const std::string &Name : {Pool, Lease})
    if (!Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(Name)).empty()) {
      WhyNot = "the name '" + Name + "' is taken";
      return {};
    }
  auto Lines = wholeLines(BufDecl, Ctx);
  auto CallIndent = lineIndent(CallStmt->getBeginLoc(), SM);
  auto SlotIndent = lineIndent(SlotDecl->getBeginLoc(), SM);
  const Expr *Init = Slot->getInit();
  for (SourceLocation Loc :
       {CallStmt->getBeginLoc(), SlotDecl->getBeginLoc(), Init->getBeginLoc(),
        Init->getEndLoc(), BufDecl->getBeginLoc(), BufDecl->getEndLoc()})
    if (Loc.isInvalid() || Loc.isMacroID() || SM.isInSystemHeader(Loc)) {
      WhyNot = "the code comes from a macro expansion or a system header";
      return {};
    }
  if (!Lines || !CallIndent || !SlotIndent) {
    WhyNot = "the buffer's declaration, the call or the slot shares its line "
             "with other code";
    return {};
  }
  std::string Elem =
      Slot->getType()->getPointeeType().getUnqualifiedType().getAsString(
          Ctx.getPrintingPolicy());
  std::vector<FixItHint> Hints{
      FixItHint::CreateRemoval(*Lines),
      FixItHint::CreateInsertion(
          CallStmt->getBeginLoc(),
          "privateer::buffer_pool<" + Elem + "> " + Pool + "(" +
              Shape->LengthText + ", privateer::unbounded);\n" + *CallIndent),
      FixItHint::CreateInsertion(SlotDecl->getBeginLoc(),
                                 "auto " + Lease + " = " + Pool +
                                     ".acquire();\n" + *SlotIndent),
      FixItHint::CreateReplacement(
          CharSourceRange::getTokenRange(Init->getSourceRange()),
          Lease + ".data()")};
  // A local index of the thread used for the slot alone goes with it.
  forEachRef(Init, [&](const DeclRefExpr *Ref) {
    const auto *IV = dyn_cast<VarDecl>(Ref->getDecl());
    if (!IV || !IV->getInit() || !isThreadIndexCall(IV->getInit()))
      return;
    bool OnlyHere = true;
    forEachRef(Body, [&](const DeclRefExpr *Use) {
      OnlyHere &= Use->getDecl() != IV ||
                  SM.isPointWithin(Use->getLocation(), Init->getBeginLoc(),
                                   Init->getEndLoc());
    });
    const DeclStmt *IDS = nullptr;
    for (const DynTypedNode &P : Ctx.getParents(*IV))
      IDS = P.get<DeclStmt>();
    if (OnlyHere && IDS && IDS->isSingleDecl())
      if (auto IndexLines = wholeLines(IDS, Ctx))
        Hints.push_back(FixItHint::CreateRemoval(*IndexLines));
  });
  return Hints;
}

} // namespace clangfe
} // namespace privateer
