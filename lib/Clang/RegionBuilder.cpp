//===- RegionBuilder.cpp - Work items and data sharing --------------------===//
//
// Part of privateer. Sets up the model of one unit of OpenMP work: what one
// work item executes, the work-item variables (associated loops with
// collapse, the thread id, the loops that generate tasks) and the
// data-sharing attribute of each variable under OpenMP 5.2's rules.
//
//===----------------------------------------------------------------------===//

#include "RegionBuilder.h"

#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/OpenMPKinds.h"

using namespace clang;

namespace privateer {
namespace clangfe {

namespace {

bool createsTeam(OpenMPDirectiveKind K) {
  return isOpenMPParallelDirective(K) || isOpenMPTeamsDirective(K);
}

} // namespace

/// The variable an item of a data-sharing clause names (`x`, `a[0:n]`, a
/// field of `this`).
const ValueDecl *clauseVariable(const Expr *E) {
  while (E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      return dyn_cast<VarDecl>(DRE->getDecl());
    if (const auto *ME = dyn_cast<MemberExpr>(E);
        ME && isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
      return dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (const auto *AS = dyn_cast<ArraySectionExpr>(E))
      E = AS->getBase();
    else if (const auto *AE = dyn_cast<ArraySubscriptExpr>(E))
      E = AE->getBase();
    else if (const auto *UO = dyn_cast<UnaryOperator>(E))
      E = UO->getSubExpr();
    else
      return nullptr;
  }
  return nullptr;
}

bool namedInClause(const OMPExecutableDirective *D, const ValueDecl *V) {
  for (const OMPClause *C : D->clauses())
    for (const Stmt *Child : const_cast<OMPClause *>(C)->children())
      if (const auto *E = dyn_cast_or_null<Expr>(Child);
          E && clauseVariable(E) == V)
        return true;
  return false;
}

const VarDecl *releasedVariable(const Stmt *S) {
  const Expr *Freed = nullptr;
  if (const auto *Call = dyn_cast_or_null<CallExpr>(S);
      Call && Call->getNumArgs() == 1 && calleeName(Call) == "free")
    Freed = Call->getArg(0);
  else if (const auto *Del = dyn_cast_or_null<CXXDeleteExpr>(S))
    Freed = Del->getArgument();
  const auto *DRE =
      Freed ? dyn_cast<DeclRefExpr>(Freed->IgnoreParenImpCasts()) : nullptr;
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

namespace {

template <typename ClauseT>
bool addVarList(const OMPClause *C, Sharing S,
                llvm::DenseMap<const ValueDecl *, Sharing> &Out) {
  const auto *VC = dyn_cast<ClauseT>(C);
  if (!VC)
    return false;
  for (const Expr *E : VC->varlist())
    if (const ValueDecl *V = clauseVariable(E))
      Out.try_emplace(V, S); // the innermost directive's clause wins
  return true;
}

} // namespace

const Stmt *associatedBody(const OMPExecutableDirective *D) {
  if (!D->hasAssociatedStmt())
    return nullptr;
  const Stmt *S = D->getAssociatedStmt();
  while (const auto *CS = dyn_cast_or_null<CapturedStmt>(S))
    S = CS->getCapturedStmt();
  return S;
}

StringRef calleeName(const CallExpr *Call) {
  if (const FunctionDecl *FD = Call->getDirectCallee())
    if (const IdentifierInfo *II = FD->getIdentifier()) {
      StringRef Name = II->getName();
      Name.consume_front("__builtin_");
      return Name;
    }
  return {};
}

RegionBuilder::RegionBuilder(ASTContext &Ctx, const UnitSpec &Spec)
    : Ctx(Ctx), Spec(Spec) {}

const Stmt *RegionBuilder::teamBody() const {
  return Team ? associatedBody(Team) : nullptr;
}

std::optional<ParallelRegion> RegionBuilder::build() {
  const OMPExecutableDirective *D = Spec.Directive;
  R.Kind = Spec.Kind;
  R.Model = ProgrammingModelKind::OpenMP;
  if (isOpenMPTaskLoopDirective(D->getDirectiveKind()))
    R.Construction = ConstructKind::TaskLoop;
  R.Construct = std::string("omp ") +
                llvm::omp::getOpenMPDirectiveName(D->getDirectiveKind(),
                                                  Ctx.getLangOpts().OpenMP)
                    .str();
  R.Directive = toLoc(D->getBeginLoc());
  R.InterleavedWork = Spec.Kind == RegionKind::Tasks;

  // The team: the unit itself or the nearest enclosing parallel/teams.
  if (createsTeam(D->getDirectiveKind()))
    Team = D;
  else
    for (const OMPExecutableDirective *E : Spec.Enclosing)
      if (createsTeam(E->getDirectiveKind())) {
        Team = E;
        break;
      }

  for (const OMPClause *C : D->clauses()) {
    // `ordered(n)`: iterations synchronize through doacross dependences.
    if (const auto *OC = dyn_cast_or_null<OMPOrderedClause>(C);
        OC && OC->getNumForLoops())
      return std::nullopt;
    // `if(0)`: the region runs on one thread.
    if (const auto *IC = dyn_cast_or_null<OMPIfClause>(C)) {
      bool Value = true;
      if (IC->getCondition() && !IC->getCondition()->isValueDependent() &&
          IC->getCondition()->EvaluateAsBooleanCondition(Value, Ctx) && !Value)
        return std::nullopt;
    }
  }
  R.CreatesTeam = Team == D;
  collectClauses();
  if (!setUpWorkItems() || !Body)
    return std::nullopt;

  collectDeclsIn(Body, ItemLocals);
  if (const Stmt *TB = teamBody(); TB && Team != D) {
    collectDeclsIn(TB, ThreadLocals);
    collectModified(TB);
  }
  collectModified(Body);

  if (R.Kind == RegionKind::Sections) {
    for (unsigned K = 0; K < Sections.size(); ++K) {
      CurrentSection = K + 1;
      visitStmt(Sections[K]);
    }
  } else {
    visitStmt(Body);
  }
  noteSlotAllocations();
  return std::move(R);
}

bool RegionBuilder::setUpWorkItems() {
  const OMPExecutableDirective *D = Spec.Directive;
  switch (Spec.Kind) {
  case RegionKind::Loop: {
    const auto *LD = dyn_cast<OMPLoopDirective>(D);
    if (!LD)
      return false;
    const Stmt *S = associatedBody(D);
    for (unsigned Level = 0, N = LD->getLoopsNumber(); Level < N; ++Level) {
      if (Level > 0)
        S = OMPLoopBasedDirective::tryToFindNextInnerLoop(S, true);
      if (!S)
        return false;
      while (const auto *AS = dyn_cast<AttributedStmt>(S))
        S = AS->getSubStmt();
      if (const auto *F = dyn_cast<ForStmt>(S)) {
        auto Shape = matchForLoop(F, Ctx);
        if (Shape) {
          SymbolId Sym = symbolForLoop(*Shape, SymbolKind::Induction);
          Symbols[Shape->Var] = Sym;
          ItemLocals.insert(Shape->Var);
          R.WorkItemVars.push_back(Sym);
        } else if (auto It = bindIterator(F, SymbolKind::Induction)) {
          // A random-access iterator or pointer loop (OpenMP allows both).
          const auto *DS = cast<DeclStmt>(F->getInit());
          ItemLocals.insert(cast<VarDecl>(DS->getSingleDecl()));
          R.WorkItemVars.push_back(*It);
        } else {
          return false;
        }
        S = F->getBody();
      } else if (const auto *RF = dyn_cast<CXXForRangeStmt>(S)) {
        Symbol Sym;
        Sym.Name = RF->getLoopVariable()->getNameAsString();
        Sym.Kind = SymbolKind::Induction;
        Sym.Min = SymExpr::constant(0);
        SymbolId Id = R.addSymbol(Sym);
        R.WorkItemVars.push_back(Id);
        // The loop variable is the element of the range for this iteration.
        const VarDecl *LV = RF->getLoopVariable();
        ItemLocals.insert(LV);
        if (auto T = resolveLValue(RF->getRangeInit())) {
          pushDim(*T, SymExpr::symbol(Id), sizeOf(Ctx, LV->getType()));
          if (LV->getType()->isReferenceType())
            Aliases[LV] = T;
        }
        S = RF->getBody();
      } else {
        return false;
      }
    }
    Body = S;
    return true;
  }
  case RegionKind::Replicated: {
    Body = associatedBody(D);
    if (auto Id = threadIdSymbol())
      R.WorkItemVars.push_back(*Id);
    return true;
  }
  case RegionKind::Sections: {
    Body = associatedBody(D);
    const auto *CS = dyn_cast_or_null<CompoundStmt>(Body);
    if (!CS)
      return false;
    for (const Stmt *Child : CS->body()) {
      if (const auto *Sec = dyn_cast<OMPSectionDirective>(Child))
        Sections.push_back(associatedBody(Sec));
      else if (Sections.empty())
        Sections.push_back(Child); // the first section's pragma is optional
      else
        return false;
    }
    return Sections.size() > 1;
  }
  case RegionKind::Tasks: {
    Body = associatedBody(D);
    // Outermost generating loop first, so that witnesses read naturally.
    for (auto It = Spec.GeneratingLoops.rbegin();
         It != Spec.GeneratingLoops.rend(); ++It) {
      const auto *F = dyn_cast<ForStmt>(*It);
      if (auto Shape = F ? matchForLoop(F, Ctx) : std::nullopt) {
        SymbolId Sym = symbolForLoop(*Shape, SymbolKind::Induction);
        Symbols[Shape->Var] = Sym;
        R.WorkItemVars.push_back(Sym);
        continue;
      }
      // A loop that chases pointers (`for (p = head; p; p = p->next)`) or a
      // while loop still makes one task per iteration; its iterations have
      // no values to show.
      Symbol S;
      S.Name = "iteration";
      S.Kind = SymbolKind::Induction;
      R.WorkItemVars.push_back(R.addSymbol(std::move(S)));
    }
    // A task outside a loop has no work-item variables; the checks that
    // compare task instances skip it, the thread-id check does not.
    return true;
  }
  }
  return false;
}

void RegionBuilder::collectClauses() {
  auto Collect = [&](const OMPExecutableDirective *D, bool IsUnit) {
    for (const OMPClause *C : D->clauses()) {
      if (!C)
        continue;
      if (addVarList<OMPPrivateClause>(C, Sharing::Private, Explicit) ||
          addVarList<OMPFirstprivateClause>(C, Sharing::FirstPrivate,
                                            Explicit) ||
          addVarList<OMPLastprivateClause>(C, Sharing::LastPrivate, Explicit) ||
          addVarList<OMPLinearClause>(C, Sharing::Linear, Explicit) ||
          addVarList<OMPReductionClause>(C, Sharing::Reduction, Explicit) ||
          addVarList<OMPTaskReductionClause>(C, Sharing::Reduction, Explicit) ||
          addVarList<OMPInReductionClause>(C, Sharing::Reduction, Explicit) ||
          addVarList<OMPSharedClause>(C, Sharing::Shared, Explicit))
        continue;
      if (const auto *DC = dyn_cast<OMPDefaultClause>(C)) {
        if (!DefaultSharing) {
          auto K = DC->getDefaultKind();
          DefaultSharing = (K == llvm::omp::OMP_DEFAULT_private ||
                            K == llvm::omp::OMP_DEFAULT_firstprivate)
                               ? Sharing::Private
                               : Sharing::Shared;
        }
      } else if (const auto *Dep = dyn_cast<OMPDependClause>(C)) {
        // Tasks that name a buffer in depend clauses are ordered on it.
        if (IsUnit)
          for (const Expr *E : Dep->varlist())
            if (const ValueDecl *V = clauseVariable(E))
              Ordered.insert(V);
      } else if (isa<OMPUntiedClause>(C)) {
        if (IsUnit)
          R.Untied = true;
      } else if (const auto *SC = dyn_cast<OMPScheduleClause>(C)) {
        if (!IsUnit)
          continue;
        R.ScheduleClause = toLoc(SC->getBeginLoc());
        switch (SC->getScheduleKind()) {
        case OMPC_SCHEDULE_static:
          R.Schedule = ScheduleKind::Static;
          break;
        case OMPC_SCHEDULE_dynamic:
          R.Schedule = ScheduleKind::Dynamic;
          break;
        case OMPC_SCHEDULE_guided:
          R.Schedule = ScheduleKind::Guided;
          break;
        case OMPC_SCHEDULE_auto:
          R.Schedule = ScheduleKind::Auto;
          break;
        case OMPC_SCHEDULE_runtime:
          R.Schedule = ScheduleKind::Runtime;
          break;
        default:
          break;
        }
        if (const Expr *Chunk = SC->getChunkSize()) {
          R.ChunkBegin = toLoc(Chunk->getBeginLoc());
          R.ChunkEnd = toLoc(Chunk->getEndLoc());
          Expr::EvalResult Res;
          if (Chunk->EvaluateAsInt(Res, Ctx))
            R.Chunk = SymExpr::constant(Res.Val.getInt().getExtValue());
        }
      } else if (const auto *NT = dyn_cast<OMPNumThreadsClause>(C)) {
        R.NumThreadsClause = true;
        Expr::EvalResult Res;
        if (NT->getNumThreads() && NT->getNumThreads()->EvaluateAsInt(Res, Ctx))
          R.NumThreads = SymExpr::constant(Res.Val.getInt().getExtValue());
      }
    }
  };
  Collect(Spec.Directive, true);
  if (Team == Spec.Directive)
    return;
  // Clauses of the directives up to the team's: a variable private to each
  // thread of the team is private to the unit's work items on that thread.
  for (const OMPExecutableDirective *E : Spec.Enclosing) {
    Collect(E, false);
    if (E == Team)
      break;
  }
}

Sharing RegionBuilder::sharingOf(const VarDecl *V) const {
  if (V->hasAttr<OMPThreadPrivateDeclAttr>())
    return Sharing::ThreadPrivate;
  if (Ordered.count(V) || NestedPrivate.count(V))
    return Sharing::Private; // ordered by depend clauses, or privatized
  if (auto It = Explicit.find(V); It != Explicit.end())
    return It->second;
  // Static locals and globals are shared wherever they are declared.
  if (V->hasGlobalStorage() || V->isStaticLocal())
    return Sharing::Shared;
  if (ItemLocals.count(V))
    return Sharing::Private;
  if (ThreadLocals.count(V))
    return Sharing::Private; // one copy per thread (firstprivate in tasks)
  // An orphaned construct runs inside some parallel region: the locals of
  // the function it is in belong to each thread.
  if (!Team && V->isLocalVarDeclOrParm())
    return Sharing::Private;
  if (DefaultSharing && *DefaultSharing == Sharing::Private)
    return Sharing::Private;
  return Sharing::Shared;
}

uint64_t sizeOf(const ASTContext &Ctx, QualType T) {
  T = T.getNonReferenceType();
  if (T.isNull() || T->isIncompleteType() || T->isDependentType() ||
      T->isFunctionType() || T->isVoidType() || T->isSizelessType())
    return 0;
  return Ctx.getTypeSizeInChars(T).getQuantity();
}

void forEachChild(const Stmt *S, llvm::function_ref<void(const Stmt *)> F) {
  // A captured statement's children are its captures, not its body.
  if (const auto *CS = dyn_cast<CapturedStmt>(S)) {
    F(CS->getCapturedStmt());
    return;
  }
  if (const auto *D = dyn_cast<OMPExecutableDirective>(S)) {
    if (D->hasAssociatedStmt())
      F(D->getAssociatedStmt());
    return;
  }
  for (const Stmt *C : S->children())
    if (C)
      F(C);
}

void RegionBuilder::collectDeclsIn(
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

void RegionBuilder::collectModified(
    const Stmt *S, llvm::SmallPtrSetImpl<const VarDecl *> &Out) {
  if (!S)
    return;
  auto Mark = [&](const Expr *E) {
    if (const VarDecl *V = baseVar(E, /*ThroughPointers=*/false))
      Out.insert(V);
    if (&Out == &Modified)
      if (const VarDecl *V = baseVar(E, /*ThroughPointers=*/true))
        Stored.insert(V);
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

bool RegionBuilder::isDeclaredInUnit(const VarDecl *V) const {
  return ItemLocals.count(V);
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

std::optional<unsigned> RegionBuilder::bufferFor(const Target &T) {
  auto Key = std::make_pair(T.Decl, T.Level);
  // `private(g)` privatizes the name g in the construct's own code; a
  // function it calls still uses the one shared global.
  const auto *GV = dyn_cast<VarDecl>(T.Decl);
  bool CalleeGlobal = GV && GV->hasGlobalStorage() && !InlineStack.empty() &&
                      Explicit.count(GV) && T.Level == 0;
  if (CalleeGlobal)
    Key.second = 0x100;
  if (auto It = BufferIds.find(Key); It != BufferIds.end())
    return It->second;
  Buffer B;
  B.Name = T.Decl->getNameAsString();
  B.Decl = toLoc(T.Decl->getLocation());
  QualType Ty = T.Decl->getType().getNonReferenceType();
  B.ElementSize = elementSize(Ctx, Ty);
  const auto *V = dyn_cast<VarDecl>(T.Decl);
  if (T.Level > 0) {
    B.Kind = BufferKind::Pointee;
    B.Attr = T.Private ? Sharing::Private : Sharing::Shared;
  } else {
    if (const auto *CAT = Ctx.getAsConstantArrayType(Ty)) {
      B.Kind = BufferKind::Array;
      B.Extent = CAT->getSize().getZExtValue();
    } else if (Ty->isArrayType()) {
      B.Kind = BufferKind::Array;
    } else if (isContainerType(Ty)) {
      B.Kind = BufferKind::Container;
    } else if (Ty->isRecordType()) {
      B.Kind = BufferKind::Record;
    }
    if (T.Private)
      B.Attr = Sharing::Private;
    else if (CalleeGlobal)
      B.Attr = Sharing::Shared;
    else if (V)
      B.Attr = sharingOf(V);
    else if (isa<FieldDecl>(T.Decl)) {
      // A field of `this`: the object is shared unless a clause names it.
      auto It = Explicit.find(T.Decl);
      B.Attr = NestedPrivate.count(T.Decl) ? Sharing::Private
               : It != Explicit.end()      ? It->second
                                           : Sharing::Shared;
    } else
      B.Attr = Sharing::Private;
  }
  if (V && T.Level == 0)
    B.Alignment = Ctx.getDeclAlign(V).getQuantity();
  if (V && T.Level <= 1 && V->getInit())
    noteExtent(B, V, T.Level);
  // A static local of a called function cannot appear in a clause here.
  if (V && V->isStaticLocal() &&
      V->getParentFunctionOrMethod() != Spec.Function)
    B.VisibleAtConstruct = false;
  R.Buffers.push_back(std::move(B));
  BufferIds[Key] = R.Buffers.size() - 1;
  return R.Buffers.size() - 1;
}

} // namespace clangfe
} // namespace privateer
