//===- RegionAssembler.cpp - Work items and buffers -----------------------===//
//
// Part of privateer. Sets up the model of one unit of parallel work: what
// one work item executes, the work-item variables (distributed loops with
// collapse, the thread id, the loops that generate tasks), and one buffer
// per memory object it touches, with the sharing attribute the programming
// model gives it.
//
//===----------------------------------------------------------------------===//

#include "LoopShape.h"
#include "RegionContext.h"
#include "TypeValues.h"
#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/StmtWalk.h"

#include "privateer/Clang/Handles.h"
#include "privateer/Clang/SourceLoc.h"
#include "clang/Basic/SourceManager.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace privateer {
namespace clangfe {

std::optional<ParallelRegion> RegionAssembler::build(ParallelRegion Seed) {
  State.R = std::move(Seed);
  State.R.Kind = State.Spec.Kind;
  State.R.Handle = handleOf(State.Spec.Construct);
  if (const FunctionDecl *FD = State.Spec.Function;
      FD && FD->isTemplateInstantiation() && FD->getIdentifier()) {
    State.R.Instance = FD->getNameAsString();
    State.R.InstanceCall = toLoc(FD->getPointOfInstantiation());
  }
  if (!setUpWorkItems() || !State.Body)
    return std::nullopt;
  // The work-item loop is in the lambda the template hands each chunk to:
  // its accesses are made in that lambda, called there.
  if (State.Spec.HandedOnAt) {
    State.LambdaCall = State.Spec.HandedOnAt;
    State.R.ChunksHandedOn = true;
  }

  collectDeclsIn(State.Body, State.ItemLocals);
  if (State.Spec.ThreadBody) {
    collectDeclsIn(State.Spec.ThreadBody, State.ThreadLocals);
    collectModified(State.Spec.ThreadBody);
  }
  collectModified(State.Body);

  if (!State.Sections.empty()) {
    for (unsigned K = 0; K < State.Sections.size(); ++K) {
      State.CurrentSection = K + 1;
      Ctx.Walker.visitStmt(State.Sections[K]);
    }
  } else {
    Ctx.Walker.visitStmt(State.Body);
  }
  State.R.CallerContextUnseen =
      State.R.InstanceCall.valid() &&
      llvm::any_of(State.R.Accesses,
                   [](const Access &A) { return A.CalledAt.valid(); });
  // Any call (constructors and overloaded operators aside) keeps the
  // compiler from holding memory in registers across it.
  auto FindCall = [&](const Stmt *S) {
    State.R.MakesCalls =
        State.R.MakesCalls || walkStmts(S, [](const Stmt *X) {
          return isa<CallExpr>(X) && !isa<CXXOperatorCallExpr>(X)
                     ? WalkStep::Interrupt
                     : WalkStep::Advance;
        });
  };
  for (const Stmt *S : State.Sections)
    FindCall(S);
  FindCall(State.Body);
  Ctx.Allocations.noteSlotAllocations();
  Ctx.Facts.addStatedFacts();
  return std::move(State.R);
}

bool RegionAssembler::setUpWorkItems() {
  switch (State.Spec.Kind) {
  case RegionKind::Loop:
    return setUpLoopItems();
  case RegionKind::Replicated: {
    State.Body = State.Spec.Body;
    if (auto Id = Ctx.Exprs.threadIdSymbol())
      State.R.WorkItemVars.push_back(*Id);
    return true;
  }
  case RegionKind::Sections:
    return setUpSectionItems();
  case RegionKind::Tasks:
    return setUpTaskItems();
  }
  return false;
}

bool RegionAssembler::setUpLoopItems() {
  if (State.Spec.ItemParam)
    return setUpItemParameter();
  if (State.Spec.WorkItemLoops.empty())
    return false;
  const Stmt *S = nullptr;
  for (unsigned K = 0; K < State.Spec.WorkItemLoops.size(); ++K) {
    S = State.Spec.WorkItemLoops[K];
    auto [First, Last] = K < State.Spec.ItemRanges.size()
                             ? State.Spec.ItemRanges[K]
                             : std::pair<const Expr *, const Expr *>();
    if (!S)
      return false;
    while (const auto *AS = dyn_cast<AttributedStmt>(S))
      S = AS->getSubStmt();
    S = bindItemLoop(S, First, Last);
    if (!S)
      return false;
  }
  State.Body = S;
  return true;
}

const Stmt *RegionAssembler::bindItemLoop(const Stmt *S, const Expr *First,
                                          const Expr *Last) {
  if (const auto *F = dyn_cast<ForStmt>(S)) {
    auto Shape = matchForLoop(F, State.AST, /*RuntimeStep=*/true);
    // A step known at run time (`j += tile`) must be one value for the
    // whole loop that the model can name.
    ExprRef RuntimeStep;
    if (Shape && Shape->StepExpr) {
      llvm::SmallPtrSet<const VarDecl *, 8> InBody;
      collectModified(F->getBody(), InBody);
      RuntimeStep = Ctx.Exprs.translate(Shape->StepExpr);
      if (InBody.count(Shape->Var) || First || Last ||
          RuntimeStep->mentions([&](SymbolId Id) {
            const Symbol &Sym = State.R.symbol(Id);
            return Sym.Kind == SymbolKind::Opaque && Sym.IterationDependent;
          }))
        Shape.reset();
    }
    if (Shape && First && Last && Shape->Step > 0) {
      // The header bounds one chunk; all chunks cover the whole range.
      Shape->Init = First;
      Shape->Bound = Last;
      Shape->Cmp = BO_LT;
    }
    if (Shape) {
      SymbolId Sym = Ctx.Exprs.symbolForLoop(*Shape, SymbolKind::Induction);
      State.Symbols[Shape->Var] = Sym;
      State.SymbolScope[Shape->Var] = F;
      State.ItemLocals.insert(Shape->Var);
      State.R.WorkItemVars.push_back(Sym);
      // (The lattice of its values holds on every access of the body.)
      if (RuntimeStep)
        Ctx.Walker.runtimeStepConditions(*Shape, Sym, RuntimeStep);
    } else if (auto It = Ctx.Walker.bindIterator(F, SymbolKind::Induction)) {
      // A random-access iterator or pointer loop.
      const auto *DS = cast<DeclStmt>(F->getInit());
      State.ItemLocals.insert(cast<VarDecl>(DS->getSingleDecl()));
      State.R.WorkItemVars.push_back(*It);
    } else {
      return nullptr;
    }
    return F->getBody();
  }
  if (const auto *RF = dyn_cast<CXXForRangeStmt>(S)) {
    Symbol Sym;
    Sym.Name = RF->getLoopVariable()->getNameAsString();
    Sym.Kind = SymbolKind::Induction;
    Sym.Min = SymExpr::constant(0);
    SymbolId Id = State.R.addSymbol(Sym);
    State.R.WorkItemVars.push_back(Id);
    // The loop variable is the element of the range for this iteration.
    const VarDecl *LV = RF->getLoopVariable();
    State.ItemLocals.insert(LV);
    if (auto T = Ctx.Targets.resolveLValue(RF->getRangeInit())) {
      pushDim(*T, SymExpr::symbol(Id), sizeOf(State.AST, LV->getType()));
      if (LV->getType()->isReferenceType())
        State.Aliases[LV] = T;
    }
    return RF->getBody();
  }
  return nullptr;
}

bool RegionAssembler::setUpSectionItems() {
  State.Body = State.Spec.Body;
  State.Sections.append(State.Spec.Sections.begin(), State.Spec.Sections.end());
  if (!State.Spec.StageItems.empty()) {
    // One item through all stages: the same work item in each.
    Symbol Sym;
    Sym.Name = "item";
    Sym.Kind = SymbolKind::Induction;
    SymbolId Id = State.R.addSymbol(std::move(Sym));
    for (const VarDecl *P : State.Spec.StageItems) {
      State.Symbols[P] = Id;
      State.ItemLocals.insert(P);
    }
    State.R.WorkItemVars.push_back(Id);
    State.R.SectionsAreStages = true;
  }
  return State.Sections.size() > 1;
}

bool RegionAssembler::setUpTaskItems() {
  State.Body = State.Spec.Body;
  // Code modelled with a task's sharing, statement by statement.
  State.Sections.append(State.Spec.Sections.begin(), State.Spec.Sections.end());
  // Outermost generating loop first, so that witnesses read naturally.
  for (auto It = State.Spec.GeneratingLoops.rbegin();
       It != State.Spec.GeneratingLoops.rend(); ++It) {
    const auto *F = dyn_cast<ForStmt>(*It);
    if (auto Shape = F ? matchGeneratingLoop(F, State.AST) : std::nullopt) {
      SymbolId Sym = Ctx.Exprs.symbolForLoop(*Shape, SymbolKind::Induction);
      State.Symbols[Shape->Var] = Sym;
      State.SymbolScope[Shape->Var] = F;
      State.R.WorkItemVars.push_back(Sym);
      continue;
    }
    // A loop that chases pointers (`for (p = head; p; p = p->next)`) or a
    // while loop still makes one task per iteration; its iterations have
    // no values to show.
    Symbol S;
    S.Name = "iteration";
    S.Kind = SymbolKind::Induction;
    State.R.WorkItemVars.push_back(State.R.addSymbol(std::move(S)));
  }
  // A task outside a loop has no work-item variables; the checks that
  // compare task instances skip it, the thread-id check does not.
  return true;
}

bool RegionAssembler::setUpItemParameter() {
  const VarDecl *P = State.Spec.ItemParam;
  State.Body = State.Spec.Body;
  State.ItemLocals.insert(P);
  if (State.Spec.HandedItem) {
    // Each work item takes its own item; what it refers to is not known
    // here, so a reference parameter stays unbound.
    Symbol Sym;
    Sym.Name = P->getNameAsString();
    Sym.Kind = SymbolKind::Induction;
    SymbolId Id = State.R.addSymbol(std::move(Sym));
    State.Symbols[P] = Id;
    State.R.WorkItemVars.push_back(Id);
    return true;
  }
  if (!State.Spec.Elements) {
    // The index form: the parameter takes [first, last) by the step.
    if (State.Spec.ItemRanges.empty() || !State.Spec.ItemRanges[0].first ||
        !State.Spec.ItemRanges[0].second || State.Spec.ItemStep <= 0)
      return false;
    LoopShape L;
    L.Var = P;
    L.Init = State.Spec.ItemRanges[0].first;
    L.Bound = State.Spec.ItemRanges[0].second;
    L.Cmp = BO_LT;
    L.Step = State.Spec.ItemStep;
    SymbolId Sym = Ctx.Exprs.symbolForLoop(L, SymbolKind::Induction);
    State.Symbols[P] = Sym;
    State.R.WorkItemVars.push_back(Sym);
    return true;
  }
  // The element form: one element of a sequence per work item.
  Symbol Sym;
  Sym.Name = P->getNameAsString();
  Sym.Kind = SymbolKind::Induction;
  Sym.Min = SymExpr::constant(0);
  SymbolId Id = State.R.addSymbol(std::move(Sym));
  State.R.WorkItemVars.push_back(Id);
  if (!P->getType()->isReferenceType())
    return true; // a copy of the element: a local of the work item
  const Expr *Elements = State.Spec.Elements->IgnoreParenImpCasts();
  const CXXRecordDecl *RD = Elements->getType()->getAsCXXRecordDecl();
  bool Container = RD && RD->hasDefinition() &&
                   !RD->lookup(&State.AST.Idents.get("begin")).empty();
  std::optional<Target> T;
  if (Container) {
    T = Ctx.Targets.resolveLValue(Elements);
    if (T)
      pushDim(*T, SymExpr::symbol(Id), sizeOf(State.AST, P->getType()));
  } else {
    const Expr *Start = Elements->IgnoreImplicit();
    if (const auto *CE = dyn_cast<CXXConstructExpr>(Start);
        CE && CE->getNumArgs() == 1)
      Start = CE->getArg(0)->IgnoreImplicit();
    T = Ctx.Targets.resolvePointer(Start);
    if (T && !T->Scalar && !T->Index.empty())
      T->Index.back() =
          SymExpr::binary(ExprKind::Add, T->Index.back(), SymExpr::symbol(Id));
    else
      T.reset();
  }
  // Unresolved: a reference we cannot follow records nothing.
  State.Aliases[P] = T;
  return true;
}

Sharing RegionAssembler::sharingOf(const VarDecl *V) const {
  DeclScope Where = State.ItemLocals.count(V)     ? DeclScope::WorkItem
                    : State.ThreadLocals.count(V) ? DeclScope::Thread
                                                  : DeclScope::Outside;
  return State.Semantics.sharingOf(V, Where);
}

void RegionAssembler::collectDeclsIn(
    const Stmt *S, llvm::SmallPtrSetImpl<const VarDecl *> &Out) {
  if (!S)
    return;
  if (const auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        Out.insert(V);
  if (const auto *RF = dyn_cast<CXXForRangeStmt>(S))
    Out.insert(RF->getLoopVariable());
  forEachChild(S, [&](const Stmt *C) { collectDeclsIn(C, Out); });
}

namespace {
/// The variable an assignment to \p E changes. With \p ThroughPointers,
/// also the pointer through which memory is written (`p` of `p[i] = x`).
const VarDecl *baseVar(const Expr *E, bool ThroughPointers) {
  while (E) {
    E = E->IgnoreParenCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(DRE->getDecl());
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
      const Expr *Base = AS->getBase()->IgnoreParens();
      const auto *IC = dyn_cast<ImplicitCastExpr>(Base);
      bool ArrayBase = IC && IC->getCastKind() == CK_ArrayToPointerDecay;
      if (!ArrayBase && !ThroughPointers)
        return nullptr; // an element of a pointer's pointee
      E = Base;
    } else if (const auto *ME = dyn_cast<MemberExpr>(E)) {
      if (ME->isArrow() && !ThroughPointers)
        return nullptr;
      E = ME->getBase();
    } else if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
      if (UO->getOpcode() == UO_Deref && !ThroughPointers)
        return nullptr;
      E = UO->getSubExpr();
    } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
      // `*it` and `it->f` of an iterator or smart pointer write through it.
      if ((OC->getOperator() == OO_Star || OC->getOperator() == OO_Arrow) &&
          !ThroughPointers)
        return nullptr;
      E = OC->getNumArgs() ? OC->getArg(0) : nullptr;
    } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
      E = MC->getImplicitObjectArgument();
    else
      return nullptr;
  }
  return nullptr;
}
} // namespace

void RegionAssembler::collectModified(
    const Stmt *S, llvm::SmallPtrSetImpl<const VarDecl *> &Out) {
  if (!S)
    return;
  auto Mark = [&](const Expr *E) {
    if (const VarDecl *V = baseVar(E, /*ThroughPointers=*/false))
      Out.insert(V);
    if (&Out == &State.Modified)
      if (const VarDecl *V = baseVar(E, /*ThroughPointers=*/true))
        State.Stored.insert(V);
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
    if (BO->isAssignmentOp())
      Mark(BO->getLHS());
  } else if (const auto *UO = dyn_cast<UnaryOperator>(S)) {
    if (UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf)
      Mark(UO->getSubExpr());
  } else if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S)) {
    if (OC->isAssignmentOp() && OC->getNumArgs())
      Mark(OC->getArg(0));
  } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S)) {
    if (const auto *MD = MC->getMethodDecl(); MD && !MD->isConst())
      Mark(MC->getImplicitObjectArgument());
  } else if (const auto *Call = dyn_cast<CallExpr>(S)) {
    // An argument bound to a non-const reference can be changed.
    if (const FunctionDecl *FD = Call->getDirectCallee())
      for (unsigned K = 0; K < Call->getNumArgs() && K < FD->getNumParams();
           ++K) {
        QualType T = FD->getParamDecl(K)->getType();
        if (T->isReferenceType() && !T.getNonReferenceType().isConstQualified())
          Mark(Call->getArg(K));
      }
  } else if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        if (V->getType()->isReferenceType() && V->getInit() &&
            !V->getType().getNonReferenceType().isConstQualified())
          Mark(V->getInit());
  }
  forEachChild(S, [&](const Stmt *C) { collectModified(C, Out); });
}

namespace {
bool isContainerType(QualType T) {
  const auto *RD = T->getAsCXXRecordDecl();
  if (!RD)
    return false;
  if (RD->isInStdNamespace())
    return true; // vector, array, string, deque, unique_ptr<T[]>, span...
  // A user class with a subscript operator behaves like one.
  for (const auto *M : RD->methods())
    if (M->getOverloadedOperator() == OO_Subscript)
      return true;
  return false;
}

uint64_t elementSize(ASTContext &Ctx, QualType T) {
  T = T.getNonReferenceType();
  while (true) {
    if (const ArrayType *AT = Ctx.getAsArrayType(T))
      T = AT->getElementType();
    else if (const auto *PT = T->getAs<PointerType>())
      T = PT->getPointeeType();
    else
      break;
  }
  if (T->isIncompleteType() || T->isDependentType() || T->isFunctionType() ||
      T->isVoidType())
    return 0;
  return Ctx.getTypeSizeInChars(T).getQuantity();
}
} // namespace

namespace {
/// The element type of \p T, \p Level pointers down, as type-based alias
/// analysis tells types apart; empty for character types (they alias
/// anything), records, enums and anything else not a plain scalar.
std::string aliasTypeName(ASTContext &Ctx, QualType T, unsigned Level) {
  for (unsigned K = 0; K < Level; ++K) {
    if (const auto *PT = T->getAs<PointerType>())
      T = PT->getPointeeType();
    else if (const ArrayType *AT = Ctx.getAsArrayType(T))
      T = AT->getElementType();
    else
      return "";
  }
  while (const ArrayType *AT = Ctx.getAsArrayType(T))
    T = AT->getElementType();
  T = T.getCanonicalType().getUnqualifiedType();
  if (T->isAnyCharacterType() || T->isEnumeralType() || T->isStdByteType())
    return "";
  if (T->isUnsignedIntegerType())
    T = Ctx.getCorrespondingSignedType(T);
  if (!T->isIntegerType() && !T->isRealFloatingType() && !T->isPointerType())
    return "";
  return T.getAsString();
}
} // namespace

bool RegionAssembler::readByTeamAfterConstruct(const VarDecl *V) const {
  if (!State.Spec.ThreadBody || State.Spec.Kind != RegionKind::Loop ||
      !State.Spec.Construct)
    return false;
  const SourceManager &SM = State.AST.getSourceManager();
  SourceLocation End = State.Spec.Construct->getEndLoc();
  // Code every thread runs where it stands: not a 'single', a task, or
  // another construct's share of work.
  return walkStmts(State.Spec.ThreadBody, [&](const Stmt *S) {
    if (S == State.Spec.Construct || !State.Semantics.runsInPlace(S))
      return WalkStep::Skip;
    const auto *DRE = dyn_cast<DeclRefExpr>(S);
    if (DRE && DRE->getDecl() == V &&
        SM.isBeforeInTranslationUnit(End, DRE->getLocation()))
      return WalkStep::Interrupt;
    return WalkStep::Advance;
  });
}

void RegionAssembler::describePointee(Buffer &B, const Target &T) {
  B.Kind = BufferKind::Pointee;
  const auto *P = dyn_cast<ParmVarDecl>(T.Decl);
  // `long hist[256]` as a parameter: a pointer that says how much.
  if (const auto *CAT = P && T.Level == 1 ? State.AST.getAsConstantArrayType(
                                                P->getOriginalType())
                                          : nullptr)
    B.DeclaredExtent = CAT->getSize().getZExtValue();
  // A parameter of the construct's own function: its callers decide.
  ParameterBinding Binding =
      P && T.Level == 1 && P->getDeclContext() == State.Spec.Function
          ? State.Semantics.pointeeSharing(P)
          : ParameterBinding();
  B.Attr = T.Private || Binding.Sharing == PointeeSharing::ThreadOwn
               ? Sharing::Private
               : Sharing::Shared;
  B.SharingUnproven = Binding.Sharing == PointeeSharing::Unproven;
  if (const Expr *Arg = Binding.SharedArgument) {
    B.SharedThrough = toLoc(Arg->getBeginLoc());
    B.SharedThroughName = Ctx.Exprs.spell(Arg);
  }
}

void RegionAssembler::describeObject(Buffer &B, const Target &T, QualType Ty,
                                     bool NestedCopy, bool CalleeGlobal) {
  const auto *V = dyn_cast<VarDecl>(T.Decl);
  if (const auto *CAT = State.AST.getAsConstantArrayType(Ty)) {
    B.Kind = BufferKind::Array;
    B.Extent = CAT->getSize().getZExtValue();
  } else if (Ty->isArrayType()) {
    B.Kind = BufferKind::Array;
  } else if (isContainerType(Ty)) {
    B.Kind = BufferKind::Container;
  } else if (Ty->isRecordType()) {
    B.Kind = BufferKind::Record;
  }
  if (T.Private || NestedCopy)
    B.Attr = Sharing::Private;
  else if (CalleeGlobal)
    B.Attr = Sharing::Shared;
  else if (V) {
    B.Attr = sharingOf(V);
    B.SharingUnproven =
        B.Attr == Sharing::Shared && State.Semantics.sharingUnproven(V);
    B.ReducedAround = State.Semantics.reducedAround(V);
  } else if (isa<FieldDecl>(T.Decl)) {
    B.SharingUnproven = State.Semantics.sharingUnproven(T.Decl);
    // A field of `this`: the object is shared unless a clause names it.
    B.Attr = State.Semantics.sharingOfField(cast<FieldDecl>(T.Decl));
  } else
    B.Attr = Sharing::Private;
}

std::optional<unsigned> RegionAssembler::bufferFor(const Target &T) {
  auto Key = std::make_pair(T.Decl, T.Level);
  // `private(g)` privatizes the name g in the construct's own code; a
  // function it calls still uses the one shared global.
  const auto *GV = dyn_cast<VarDecl>(T.Decl);
  bool CalleeGlobal = GV && GV->hasGlobalStorage() &&
                      !State.InlineStack.empty() &&
                      State.Semantics.namedByConstruct(GV) && T.Level == 0;
  if (CalleeGlobal)
    Key.second = 0x100;
  // The copy a nested construct's clause gives its body (`task private(t)`)
  // is another object than the t the rest of the work item uses (but a
  // function it calls uses the global).
  bool NestedCopy = GV && T.Level == 0 &&
                    !(GV->hasGlobalStorage() && !State.InlineStack.empty()) &&
                    State.Semantics.privatizedByNestedConstruct(GV);
  if (NestedCopy)
    Key.second = 0x200;
  if (auto It = State.BufferIds.find(Key); It != State.BufferIds.end())
    return It->second;
  Buffer B;
  B.Name = T.Decl->getNameAsString();
  B.Handle = handleOf(T.Decl);
  B.Decl = toLoc(T.Decl->getLocation());
  QualType Ty = T.Decl->getType().getNonReferenceType();
  B.ElementSize = elementSize(State.AST, Ty);
  const auto *V = dyn_cast<VarDecl>(T.Decl);
  if (T.Level > 0)
    describePointee(B, T);
  else
    describeObject(B, T, Ty, NestedCopy, CalleeGlobal);
  B.ElementType = aliasTypeName(
      State.AST, T.Decl->getType().getNonReferenceType(), T.Level);
  B.FloatingPoint = B.ElementType == "float" || B.ElementType == "double" ||
                    B.ElementType == "long double";
  if (V && T.Level == 0 && !V->getType()->isDependentType() &&
      !V->getType()->isIncompleteType())
    B.Alignment = State.AST.getDeclAlign(V).getQuantity();
  if (V && T.Level <= 1 && V->getInit())
    Ctx.Allocations.noteExtent(B, V, T.Level);
  if (V && T.Level == 0 && B.Kind == BufferKind::Scalar)
    B.ReadByTeamAfterConstruct = readByTeamAfterConstruct(V);
  // A static local of a called function cannot appear in a clause here,
  // nor can a static data member (OpenMP keeps it shared): their updates
  // are made atomic, as a global's would be where no clause can name it.
  if (V && ((V->isStaticLocal() &&
             V->getParentFunctionOrMethod() != State.Spec.Function) ||
            V->isStaticDataMember()))
    B.VisibleAtConstruct = false;
  State.R.Buffers.push_back(std::move(B));
  State.BufferIds[Key] = State.R.Buffers.size() - 1;
  return State.R.Buffers.size() - 1;
}

} // namespace clangfe
} // namespace privateer
