//===- CallFollower.cpp - Calls and library routines ----------------------===//
//
// Part of privateer. The access walk's calls (AccessWalker): the
// ranges library routines touch (memset, memcpy, std::fill), calls the
// walk follows into and those it cannot see, container and lock methods,
// and the pointer parameters and returned pointers of followed calls.
//
//===----------------------------------------------------------------------===//

#include "AccessQueries.h"

#include "RegionContext.h"
#include "TypeValues.h"
#include "privateer/Clang/CXX/RegionBuilder.h"

#include "privateer/Model/Polynomial.h"

#include "privateer/Clang/CXX/KnownFunctions.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/ScopeExit.h"

using namespace clang;

namespace privateer {
namespace clangfe {

using namespace accessquery;

namespace {

StringRef stripBuiltin(StringRef Name) {
  Name.consume_front("__builtin_");
  return Name;
}

bool isMutatingMethod(StringRef Name) {
  return nameFamilies(Name) & family::ContainerMutation;
}

} // namespace

void CallFollower::recordRange(const Expr *Pointer, const Expr *Length,
                               AccessKind Kind, const Expr *Where,
                               bool LengthInBytes) {
  Ctx.Walker.visitPointerOperand(Pointer);
  // memset and memcpy take `void *`: look through that conversion.
  while (const auto *IC = dyn_cast<ImplicitCastExpr>(Pointer->IgnoreParens())) {
    if ((IC->getCastKind() != CK_BitCast && IC->getCastKind() != CK_NoOp) ||
        !IC->getType()->isVoidPointerType())
      break;
    Pointer = IC->getSubExpr();
  }
  if (Length)
    Ctx.Walker.visitExpr(Length, AccessKind::Read, true);
  auto T = Ctx.Targets.resolvePointer(Pointer);
  if (!T)
    return;
  bool Dependent = false;
  for (const ExprRef &I : T->Index)
    Dependent |= !Ctx.Exprs.isWorkItemInvariant(I);
  if (!Dependent) {
    // The same range in every work item: treat it as the whole buffer.
    Ctx.Walker.record(*T, Kind, Where, ReductionOp::None, false,
                      /*Whole=*/true);
    return;
  }
  if (!Length || T->Index.empty())
    return; // a range per work item of unknown length: nothing to claim
  // The elements [start, start + count): an inner loop over the count.
  ExprRef Count = Ctx.Exprs.translate(Length);
  if (LengthInBytes) {
    QualType Elem = Pointer->getType()->isPointerType()
                        ? Pointer->getType()->getPointeeType()
                        : QualType();
    uint64_t Size = Elem.isNull() ? 0 : sizeOf(State.AST, Elem);
    if (Size == 0)
      return; // bytes of an unknown element type: no index to speak of
    if (Size > 1) {
      auto P = toPolynomial(*Count);
      bool Exact = P.has_value();
      if (P)
        for (auto &[M, K] : P->Terms)
          Exact &= K % int64_t(Size) == 0;
      if (Exact) {
        for (auto &[M, K] : P->Terms)
          K /= int64_t(Size);
        Count = P->toExpr();
      } else {
        // A partial element still touches it: round up.
        Count = SymExpr::binary(
            ExprKind::Div,
            SymExpr::binary(ExprKind::Add, Count,
                            SymExpr::constant(int64_t(Size) - 1)),
            SymExpr::constant(int64_t(Size)));
      }
    }
  }
  Symbol Offset;
  Offset.Name = "offset in " + Ctx.Exprs.spell(Where);
  Offset.Kind = SymbolKind::InnerLoop;
  Offset.CoveredByAccess = true;
  Offset.Min = SymExpr::constant(0);
  Offset.Max = SymExpr::binary(ExprKind::Sub, Count, SymExpr::constant(1));
  SymbolId Id = State.R.addSymbol(std::move(Offset));
  T->Index.back() =
      SymExpr::binary(ExprKind::Add, T->Index.back(), SymExpr::symbol(Id));
  Ctx.Walker.record(*T, Kind, Where);
}

bool CallFollower::visitKnownLibraryCall(const CallExpr *Call) {
  const FunctionDecl *FD = Call->getDirectCallee();
  if (!FD || !FD->getIdentifier())
    return false;
  StringRef Spelled = stripBuiltin(FD->getName());
  KnownName Name = knownName(Spelled);
  unsigned N = Call->getNumArgs();
  auto Arg = [&](unsigned K) { return Call->getArg(K); };
  if ((Name == KnownName::Memset && N == 3) ||
      (Name == KnownName::Bzero && N == 2)) {
    recordRange(Arg(0), Arg(N - 1), AccessKind::Write, Call, true);
    return true;
  }
  if ((Name == KnownName::Memcpy || Name == KnownName::Memmove ||
       Name == KnownName::Strncpy) &&
      N == 3) {
    recordRange(Arg(1), Arg(2), AccessKind::Read, Call, true);
    recordRange(Arg(0), Arg(2), AccessKind::Write, Call, true);
    return true;
  }
  if (Name == KnownName::Strcpy && N == 2) {
    recordRange(Arg(1), nullptr, AccessKind::Read, Call, false);
    recordRange(Arg(0), nullptr, AccessKind::Write, Call, false);
    return true;
  }
  bool Std = FD->isInStdNamespace();
  if (Std && Name == KnownName::Fill && N == 3) {
    recordRange(Arg(0), nullptr, AccessKind::Write, Call, false);
    Ctx.Walker.visitExpr(Arg(1), AccessKind::Read, true);
    Ctx.Walker.visitExpr(Arg(2), AccessKind::Read, true);
    return true;
  }
  if (Std && Name == KnownName::FillN && N == 3) {
    recordRange(Arg(0), Arg(1), AccessKind::Write, Call, false);
    Ctx.Walker.visitExpr(Arg(2), AccessKind::Read, true);
    return true;
  }
  if (Std && Name == KnownName::Copy && N == 3) {
    recordRange(Arg(0), nullptr, AccessKind::Read, Call, false);
    Ctx.Walker.visitExpr(Arg(1), AccessKind::Read, true);
    recordRange(Arg(2), nullptr, AccessKind::Write, Call, false);
    return true;
  }
  if (Std && Name == KnownName::CopyN && N == 3) {
    recordRange(Arg(0), Arg(1), AccessKind::Read, Call, false);
    recordRange(Arg(2), Arg(1), AccessKind::Write, Call, false);
    return true;
  }
  // Atomic builtins and C11/C++ atomic free functions are synchronized.
  if (nameFamilies(Spelled) & family::AtomicBuiltin) {
    return true;
  }
  return false;
}

bool CallFollower::visitCall(const CallExpr *Call, bool ValueUsed) {
  if (isThreadIdCall(Call) || lockEffect(Call, State.AST))
    return true;
  // A call that is one of the model's constructs (a nested TBB algorithm).
  if (State.Semantics.visitNested(Call, Ctx.Sync))
    return true;
  unsigned Callee = nameFamilies(stripBuiltin(calleeName(Call)));
  // `std::move(v)` and `std::swap(v, w)` hand v's storage elsewhere: an
  // allocation that escapes the work item.
  if ((Callee & family::HandsOverStorage) && Call->getDirectCallee() &&
      Call->getDirectCallee()->isInStdNamespace())
    for (const Expr *Arg : Call->arguments())
      Ctx.Allocations.noteEscape(Arg);
  if (isKnown(Call, Free) && Call->getNumArgs() == 1) {
    Ctx.Allocations.noteFree(Call->getArg(0));
    Ctx.Walker.visitExpr(Call->getArg(0), AccessKind::Read, true);
    return true;
  }
  if (visitKnownLibraryCall(Call))
    return true;
  const FunctionDecl *FD = Call->getDirectCallee();
  if (FD) {
    const FunctionDecl *Def = nullptr;
    // (A static method is a function; other methods are followed with
    // their object, followMethod.)
    const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Def);
    if (FD->hasBody(Def) && Def &&
        !isSystemFunction(Def, State.AST.getSourceManager()) &&
        (!Method || Method->isStatic())) {
      inlineCall(Call, Def);
      return true;
    }
    noteUnseen(FD);
  } else {
    // A function pointer: what it runs is not known.
    noteIndirect(Call->getCallee());
    Ctx.Walker.visitExpr(Call->getCallee(), AccessKind::Read, true);
  }
  for (const Expr *Arg : Call->arguments()) {
    Ctx.Walker.visitExpr(Arg, AccessKind::Read, true);
    noteOpaqueCallRead(Arg);
  }
  // (Its arguments are evaluated before any barrier it holds.)
  Ctx.Sync.notePossibleBarrier(Call);
  return false;
}

void CallFollower::noteUnseen(const FunctionDecl *FD) {
  // Library functions (system headers) touch only what they are handed,
  // which the walk records; the program's own code elsewhere may do
  // anything.
  const SourceManager &SM = State.AST.getSourceManager();
  if (!FD || isSystemFunction(FD, SM) || FD->isInStdNamespace() ||
      FD->getBuiltinID())
    return;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      MD && (MD->getParent()->isInStdNamespace() ||
             SM.isInSystemHeader(SM.getExpansionLoc(MD->getLocation()))))
    return;
  std::string Name = FD->getQualifiedNameAsString();
  // A body the unit has, not followed: a virtual call (which override
  // runs is not known), or a call too deep or recursive.
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (FD->hasBody())
    Name += MD && MD->isVirtual() ? " (a virtual call)" : " (not followed)";
  if (!llvm::is_contained(State.R.UnseenCallees, Name))
    State.R.UnseenCallees.push_back(std::move(Name));
}

void CallFollower::noteIndirect(const Expr *Callee) {
  std::string Name = Ctx.Exprs.spell(Callee);
  if (!llvm::is_contained(State.R.IndirectCalls, Name))
    State.R.IndirectCalls.push_back(std::move(Name));
}

void CallFollower::noteOpaqueCallRead(const Expr *Arg) {
  // A function the analysis cannot see may read a scalar it is given the
  // address of: `pbex(&rho[i], &iflag)` reads iflag, and iflag written
  // before it in the iteration is the iteration's scratch. Whether it also
  // writes it is not known, and no write is assumed.
  const auto *UO = dyn_cast<UnaryOperator>(Arg->IgnoreParenImpCasts());
  if (!UO || UO->getOpcode() != UO_AddrOf)
    return;
  const auto *DRE = dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParens());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V)
    return;
  // So may it read a standard container it is given the address of
  // (`parser->parse(line, &features)` after `features.clear()`): the
  // container is then the work item's scratch, filled by the call.
  const CXXRecordDecl *RD = V->getType()->getAsCXXRecordDecl();
  if (V->getType()->isScalarType() || (RD && RD->isInStdNamespace()))
    Ctx.Walker.visitLValue(DRE, AccessKind::Read, ReductionOp::None, true);
}

namespace {
/// Whether \p MD, a method of the program's own class with a visible body,
/// takes a lock before anything else and keeps it to its end (a guard
/// object declared first).
bool locksWholeBody(const CXXMethodDecl *MD) {
  const FunctionDecl *Def = nullptr;
  if (!MD || MD->getParent()->isInStdNamespace() || !MD->hasBody(Def))
    return false;
  const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
  if (!Body || Body->body_empty())
    return false;
  const auto *DS = dyn_cast<DeclStmt>(Body->body_front());
  const auto *V = DS && DS->isSingleDecl()
                      ? dyn_cast<VarDecl>(DS->getSingleDecl())
                      : nullptr;
  return V && isLockGuardType(V->getType());
}
} // namespace

namespace {
/// Whether \p S reads nothing but members of `*this`, its own locals and
/// parameters, and constants: no call, no global, no memory through a
/// pointer (a member pointer's target included).
bool onlyOwnMembers(const Stmt *S) {
  if (!S)
    return true;
  if (isa<CallExpr>(S) || isa<CXXNewExpr>(S) || isa<CXXDeleteExpr>(S) ||
      isa<CXXThrowExpr>(S) || isa<AsmStmt>(S) || isa<ArraySubscriptExpr>(S))
    return false;
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && UO->getOpcode() == UO_Deref)
    return false;
  // (A constructor the class writes itself runs code too.)
  if (const auto *CE = dyn_cast<CXXConstructExpr>(S);
      CE && !CE->getConstructor()->isTrivial())
    return false;
  if (const auto *ME = dyn_cast<MemberExpr>(S);
      ME && ME->isArrow() && !isa<CXXThisExpr>(ME->getBase()->IgnoreImpCasts()))
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
        V && V->hasGlobalStorage() && !V->getType().isConstQualified())
      return false;
  for (const Stmt *Child : S->children())
    if (!onlyOwnMembers(Child))
      return false;
  return true;
}
} // namespace

bool CallFollower::readsOnlyItsObject(const CXXMethodDecl *MD,
                                      const FunctionDecl *Def) {
  return MD->isConst() && !MD->isVirtual() && Def && Def->getBody() &&
         onlyOwnMembers(Def->getBody());
}

bool CallFollower::followMethod(const CXXMemberCallExpr *Call) {
  const CXXMethodDecl *MD = Call->getMethodDecl();
  const Expr *Obj = Call->getImplicitObjectArgument();
  const FunctionDecl *Def = nullptr;
  // The program's own method, whose body the unit has, called on an
  // object whose dynamic type is its static one (no virtual dispatch the
  // walk cannot follow).
  if (!MD || !Obj || MD->getParent()->isInStdNamespace() ||
      MD->getParent()->isLambda() || !MD->hasBody(Def) || !Def ||
      isSystemFunction(Def, State.AST.getSourceManager()) ||
      (MD->isVirtual() && !MD->hasAttr<FinalAttr>() &&
       !MD->getParent()->hasAttr<FinalAttr>()) ||
      isAtomicType(Obj->getType()) || lockEffect(Call, State.AST) ||
      locksWholeBody(MD))
    return false;
  RegionState::ThisObject This;
  if (isa<CXXThisExpr>(Obj->IgnoreParenImpCasts())) {
    // The object a TBB or std::execution body runs on is the body (split
    // or copied per task), not an object of the program the work items
    // share: its methods are not followed.
    if (State.ThisObjects.empty() &&
        State.R.Model != ProgrammingModelKind::OpenMP)
      return false;
    This = State.ThisObjects.empty() ? RegionState::ThisObject{true, {}}
                                     : State.ThisObjects.back();
  } else
    This.Object = Obj->getType()->isPointerType()
                      ? Ctx.Targets.resolvePointer(Obj)
                      : Ctx.Targets.resolveLValue(Obj);
  // An object of the work item's (or its thread's) own: its members race
  // with nothing, and what its pointer members point to is not known
  // here. Not followed: only objects the work items may share are.
  if (!This.Enclosing) {
    const auto *V =
        This.Object ? dyn_cast_or_null<VarDecl>(This.Object->Decl) : nullptr;
    if (!V || (This.Object->Level == 0 &&
               (State.ItemLocals.count(V) || State.ThreadLocals.count(V)))) {
      // A const accessor of that object (`T begin() const { return b_; }`)
      // reads its own members and nothing else: nothing to follow, and
      // nothing the analysis does not see.
      if (!This.Object || !V || !readsOnlyItsObject(MD, Def))
        return false;
      for (const Expr *Arg : Call->arguments())
        Ctx.Walker.visitExpr(Arg, AccessKind::Read, true);
      return true;
    }
  }
  if (!This.Enclosing) {
    if (Obj->getType()->isPointerType())
      Ctx.Walker.visitPointerOperand(Obj);
    else
      Ctx.Walker.visitIndices(Obj);
  }
  State.ThisObjects.push_back(std::move(This));
  inlineCall(Call, Def);
  State.ThisObjects.pop_back();
  return true;
}

void CallFollower::visitMemberCall(const CXXMemberCallExpr *Call) {
  const CXXMethodDecl *MD = Call->getMethodDecl();
  const Expr *Obj = Call->getImplicitObjectArgument();
  if (State.Semantics.visitNested(Call, Ctx.Sync))
    return;
  if (followMethod(Call))
    return;
  // A method is never followed into (unlike a function): what it does with
  // an address it is given is unseen.
  bool Unseen = MD && !MD->getParent()->isInStdNamespace();
  if (Unseen && !isAtomicType(Obj ? Obj->getType() : QualType()) &&
      !lockEffect(Call, State.AST))
    noteUnseen(MD);
  for (const Expr *Arg : Call->arguments()) {
    Ctx.Walker.visitExpr(Arg, AccessKind::Read, true);
    if (Unseen)
      noteOpaqueCallRead(Arg);
  }
  Ctx.Sync.notePossibleBarrier(Call);
  if (!MD || !Obj)
    return;
  if (isAtomicType(Obj->getType()) || lockEffect(Call, State.AST))
    return;
  StringRef Name = MD->getIdentifier() ? MD->getName() : StringRef();
  KnownName Known = knownName(Name);
  if (Known == KnownName::Swap)
    for (const Expr *Arg : Call->arguments())
      Ctx.Allocations.noteEscape(Arg);
  if (nameFamilies(Name) & family::ElementRef) {
    // Element access used as a value.
    Ctx.Walker.visitLValue(Call, AccessKind::Read, ReductionOp::None, true);
    return;
  }
  bool Arrow = Obj->getType()->isPointerType();
  // A method of the program's own class that holds a lock for its whole
  // body (`std::lock_guard<std::mutex> lk(mutex_);` first) changes the
  // object under that lock.
  unsigned SavedLock = State.LockDepth;
  if (locksWholeBody(MD))
    ++State.LockDepth;
  llvm::scope_exit Release([&] { State.LockDepth = SavedLock; });
  if (isMutatingMethod(Name) && !MD->isConst()) {
    // push_back and friends change the container itself (size, storage).
    // A mutation of the container itself, or of one element of an outer
    // container (`rows[i].push_back(x)` changes rows[i] only).
    auto T = Arrow ? Ctx.Targets.resolvePointer(Obj)
                   : Ctx.Targets.resolveLValue(Obj);
    size_t Before = State.R.Accesses.size();
    if (T)
      Ctx.Walker.record(*T, AccessKind::Write, Call, ReductionOp::None, false,
                        /*Whole=*/T->Index.empty());
    if (State.R.Accesses.size() == Before + 1 &&
        (nameFamilies(Name) & family::Appends) &&
        MD->getParent()->isInStdNamespace())
      State.R.Accesses.back().Append = true;
    // What becomes of the old contents (a work item that clears a
    // container first does not depend on what another left).
    if (State.R.Accesses.size() == Before + 1 &&
        State.R.Accesses.back().WholeBuffer) {
      Expr::EvalResult Size;
      bool ToZero = Known == KnownName::Resize && Call->getNumArgs() >= 1 &&
                    Call->getArg(0)->EvaluateAsInt(Size, State.AST) &&
                    Size.Val.getInt().isZero();
      State.R.Accesses.back().Old =
          ToZero ? Access::OldContents::Discarded
          : nameFamilies(Name) & family::DiscardsContents
              ? Access::OldContents::Discarded
          : Known == KnownName::Fill   ? Access::OldContents::Overwritten
          : Known == KnownName::Resize ? Access::OldContents::ElementsKept
                                       : Access::OldContents::Kept;
    }
  }
  if (Arrow)
    Ctx.Walker.visitPointerOperand(Obj);
  else
    Ctx.Walker.visitIndices(Obj);
}

bool CallFollower::followLambdaCall(const CXXOperatorCallExpr *OC) {
  if (OC->getOperator() != OO_Call || OC->getNumArgs() == 0)
    return false;
  const auto *MD = dyn_cast_or_null<CXXMethodDecl>(OC->getCalleeDecl());
  const FunctionDecl *Def = nullptr;
  if (!MD || !MD->getParent()->isLambda() || !MD->hasBody(Def) || !Def ||
      isSystemFunction(Def, State.AST.getSourceManager()))
    return false;
  llvm::SmallVector<const VarDecl *, 4> Copies;
  for (const LambdaCapture &C : MD->getParent()->captures())
    if (C.capturesVariable() && C.getCaptureKind() == LCK_ByCopy)
      if (const auto *V = dyn_cast<VarDecl>(C.getCapturedVar());
          V && State.CopiedCaptures.insert(V).second)
        Copies.push_back(V);
  // A lambda made in the work item's code (or in a function it calls)
  // captures what that code names; one made before the construct refers
  // to the variables themselves, whatever copies the construct makes.
  bool Outside = !madeInWorkItem(MD->getParent()->getLocation());
  State.OutsideClosureDepth += Outside;
  // Its accesses are reported where the lambda makes them: the user's
  // code, not the call in a wrapper.
  const Expr *SavedSite = State.CallSite, *SavedCall = State.LambdaCall;
  if (State.InlineStack.empty())
    State.CallSite = nullptr;
  if (!State.LambdaCall)
    State.LambdaCall = OC;
  inlineCall(OC, Def, /*FirstArg=*/1, /*ReportAtCall=*/false);
  State.CallSite = SavedSite;
  State.LambdaCall = SavedCall;
  State.OutsideClosureDepth -= Outside;
  for (const VarDecl *V : Copies)
    State.CopiedCaptures.erase(V);
  return true;
}

bool CallFollower::madeInWorkItem(SourceLocation Loc) const {
  const SourceManager &SM = State.AST.getSourceManager();
  auto Within = [&](const Stmt *S) {
    return S && SM.isPointWithin(Loc, S->getBeginLoc(), S->getEndLoc());
  };
  if (Within(State.Body))
    return true;
  for (const Stmt *S : State.Sections)
    if (Within(S))
      return true;
  for (const FunctionDecl *FD : State.InlineStack)
    if (Within(FD->getBody()))
      return true;
  return false;
}

void CallFollower::inlineCall(const CallExpr *Call, const FunctionDecl *FD,
                              unsigned FirstArg, bool ReportAtCall) {
  // Calls are followed a few levels deep, never recursively; beyond that a
  // call's effects are unknown and nothing is reported about them. A call
  // of the function the construct is in (a task of fib calling fib) is
  // recursive too: its locals are other objects than the construct's,
  // though they are the same declarations.
  bool Recursive =
      llvm::is_contained(State.InlineStack, FD) ||
      (State.Spec.Function &&
       FD->getCanonicalDecl() == State.Spec.Function->getCanonicalDecl());
  if (Recursive || State.InlineStack.size() >= 3 || !FD->getBody() ||
      FD->getNumParams() + FirstArg != Call->getNumArgs()) {
    for (const Expr *Arg : Call->arguments())
      Ctx.Walker.visitExpr(Arg, AccessKind::Read, true);
    Ctx.Sync.notePossibleBarrier(Call);
    return;
  }
  for (unsigned K = 0; K < FD->getNumParams(); ++K) {
    const ParmVarDecl *P = FD->getParamDecl(K);
    const Expr *Arg = Call->getArg(K + FirstArg);
    State.ItemLocals.insert(P);
    QualType T = P->getType();
    if (T->isReferenceType()) {
      State.Aliases[P] = Ctx.Targets.resolveLValue(Arg);
      Ctx.Walker.visitIndices(Arg);
    } else if (T->isPointerType() || T->isArrayType()) {
      State.Aliases[P] = Ctx.Targets.resolvePointer(Arg);
      State.PointerParams.insert(P);
      Ctx.Walker.visitPointerOperand(Arg);
      const Expr *Value = Arg->IgnoreParenImpCasts();
      if (!Value->isValueDependent() &&
          Value->isNullPointerConstant(State.AST,
                                       Expr::NPC_ValueDependentIsNotNull))
        State.NullPointerParams[P] = true;
      else if (const auto *UO = dyn_cast<UnaryOperator>(Value);
               UO && UO->getOpcode() == UO_AddrOf)
        State.NullPointerParams[P] = false;
      else
        State.NullPointerParams.erase(P);
    } else {
      Ctx.Walker.visitExpr(Arg, AccessKind::Read, true);
      if (T->isIntegerType())
        State.ParamValues[P] = Ctx.Exprs.translate(Arg);
    }
  }
  Ctx.Assembler.collectDeclsIn(FD->getBody(), State.ItemLocals);
  Ctx.Assembler.collectModified(FD->getBody());
  const Expr *SavedSite = State.CallSite;
  if (!State.CallSite && ReportAtCall)
    State.CallSite = Call;
  State.InlineStack.push_back(FD);
  State.FunctionBranchDepth.push_back(State.BranchPath.size());
  bool SavedAfterReturn = State.AfterReturn;
  State.AfterReturn = false;
  Ctx.Walker.visitStmt(FD->getBody());
  State.AfterReturn = SavedAfterReturn;
  State.FunctionBranchDepth.pop_back();
  State.InlineStack.pop_back();
  State.CallSite = SavedSite;
}

void CallFollower::stepPointerParam(const UnaryOperator *UO) {
  const auto *DRE =
      dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts());
  const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  if (!P || !State.PointerParams.count(P) || State.InlineStack.empty() ||
      P->getDeclContext() != State.InlineStack.back())
    return;
  std::optional<Target> Stepped;
  bool TopLevel = !State.FunctionBranchDepth.empty() &&
                  State.BranchPath.size() == State.FunctionBranchDepth.back() &&
                  !State.AfterReturn;
  if (TopLevel)
    Stepped = Ctx.Targets.pointerVariable(P);
  if (Stepped && !Stepped->Scalar && !Stepped->Index.empty())
    Stepped->Index.back() =
        SymExpr::binary(UO->isIncrementOp() ? ExprKind::Add : ExprKind::Sub,
                        Stepped->Index.back(), SymExpr::constant(1));
  else
    Stepped.reset();
  State.Aliases[P] = Stepped;
}

const VarDecl *CallFollower::reboundPointerParam(const BinaryOperator *BO) {
  if (BO->getOpcode() != BO_Assign && BO->getOpcode() != BO_AddAssign &&
      BO->getOpcode() != BO_SubAssign)
    return nullptr;
  const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
  const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  if (!P || !State.PointerParams.count(P) || State.InlineStack.empty() ||
      P->getDeclContext() != State.InlineStack.back())
    return nullptr;
  // Only where every later statement of the function sees the new value:
  // an assignment in a branch or a loop leaves the binding as it was.
  if (State.FunctionBranchDepth.empty() ||
      State.BranchPath.size() != State.FunctionBranchDepth.back() ||
      State.AfterReturn)
    return nullptr;
  return P;
}

std::optional<Target>
CallFollower::resolveReturnedPointer(const CallExpr *Call) {
  const FunctionDecl *FD = Call->getDirectCallee(), *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def || isa<CXXMethodDecl>(Def) ||
      isSystemFunction(Def, State.AST.getSourceManager()) ||
      Def->getNumParams() != Call->getNumArgs() ||
      llvm::is_contained(State.InlineStack, Def) ||
      State.InlineStack.size() >= 3)
    return std::nullopt;
  const auto *Body = dyn_cast<CompoundStmt>(Def->getBody());
  const auto *Ret = Body && Body->size() == 1
                        ? dyn_cast<ReturnStmt>(Body->body_front())
                        : nullptr;
  if (!Ret || !Ret->getRetValue())
    return std::nullopt;
  // Bind the parameters to the arguments for the return expression only,
  // and restore whatever an inlined call of the same function had bound.
  using AliasEntry = std::optional<std::optional<Target>>;
  std::vector<std::pair<const VarDecl *, AliasEntry>> SavedAliases;
  std::vector<std::pair<const VarDecl *, ExprRef>> SavedValues;
  for (unsigned K = 0; K < Def->getNumParams(); ++K) {
    const ParmVarDecl *P = Def->getParamDecl(K);
    const Expr *Arg = Call->getArg(K);
    QualType T = P->getType();
    if (T->isReferenceType() || T->isPointerType()) {
      auto It = State.Aliases.find(P);
      SavedAliases.push_back({P, It == State.Aliases.end()
                                     ? AliasEntry()
                                     : AliasEntry(It->second)});
      State.Aliases[P] = T->isReferenceType() ? Ctx.Targets.resolveLValue(Arg)
                                              : Ctx.Targets.resolvePointer(Arg);
    } else if (T->isIntegerType()) {
      auto It = State.ParamValues.find(P);
      SavedValues.push_back(
          {P, It == State.ParamValues.end() ? ExprRef() : It->second});
      State.ParamValues[P] = Ctx.Exprs.translate(Arg);
    }
  }
  State.InlineStack.push_back(Def);
  auto T = Ctx.Targets.resolvePointer(Ret->getRetValue());
  State.InlineStack.pop_back();
  for (auto &[P, Old] : SavedAliases)
    if (Old)
      State.Aliases[P] = *Old;
    else
      State.Aliases.erase(P);
  for (auto &[P, Old] : SavedValues)
    if (Old)
      State.ParamValues[P] = Old;
    else
      State.ParamValues.erase(P);
  return T;
}

std::optional<bool> CallFollower::knownNull(const Expr *Pointer) const {
  const auto *DRE = dyn_cast<DeclRefExpr>(Pointer->IgnoreParenImpCasts());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  auto It = V ? State.NullPointerParams.find(V) : State.NullPointerParams.end();
  if (It == State.NullPointerParams.end())
    return std::nullopt;
  return It->second;
}

} // namespace clangfe
} // namespace privateer
