//===- ValueTracking.cpp - Values of locals through their definitions -----===//
//
// Part of privateer. An index is often held in a local assigned after its
// declaration (`k = i * cols + j;`, `id = omp_get_thread_num();`,
// `width = iend - istart + 1;`), or advanced with a loop (`++off` beside
// `++a`). The reaching definitions of the function (ReachingDefinitions)
// say which assignments can give a use its value; when one does, the use
// stands for the value that assignment computed, read where it was made.
// A value the definitions do not determine stays unknown: it can make a
// report "may", never give it a witness the program cannot reach.
// (ValueFacts; also the initializers of locals never reassigned, whether
// code uses the thread number, and whether a value bounds the team's size.)
//
//===----------------------------------------------------------------------===//

#include "LoopShape.h"
#include "RegionContext.h"
#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/StmtWalk.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtVisitor.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace privateer {
namespace clangfe {

namespace {

/// How deep definitions are followed through other definitions.
constexpr unsigned MaxDefinitionDepth = 12;

/// The part of loop \p L that runs in every iteration (all but a for
/// loop's init statement).
bool inRepeatedPart(const Stmt *S, const Stmt *L,
                    const ReachingDefinitions &RD) {
  if (const auto *F = dyn_cast<ForStmt>(L))
    return !(F->getInit() && RD.isWithin(S, F->getInit()));
  if (const auto *RF = dyn_cast<CXXForRangeStmt>(L))
    return RD.isWithin(S, RF->getBody()) ||
           (RF->getInc() && RD.isWithin(S, RF->getInc()));
  return true;
}

/// Whether \p S is a statement of loop \p L's body that every iteration
/// runs exactly once (or part of the increment expression): no branch
/// around it, and no `continue` or `goto` that could skip it.
bool runsOncePerIteration(const Stmt *S, const ForStmt *L,
                          const ReachingDefinitions &RD) {
  if (L->getInc() && RD.isWithin(S, L->getInc()))
    return true;
  const Stmt *Body = L->getBody();
  if (!Body || !RD.isWithin(S, Body))
    return false;
  bool Skips = walkStmts(Body, [](const Stmt *X) {
    return isa<ContinueStmt>(X) || isa<GotoStmt>(X) || isa<LabelStmt>(X) ||
                   isa<IndirectGotoStmt>(X) || isa<SwitchCase>(X)
               ? WalkStep::Interrupt
               : WalkStep::Advance;
  });
  if (Skips)
    return false;
  // Up from the statement: only expression wrappers, a comma, and then the
  // body block itself.
  const Stmt *Top = S;
  for (const Stmt *P : RD.enclosingStatements(S)) {
    if (P == Body)
      return isa<CompoundStmt>(Body) || Top == Body;
    if (isa<ExprWithCleanups>(P) || isa<ParenExpr>(P) ||
        isa<ImplicitCastExpr>(P) ||
        (isa<BinaryOperator>(P) &&
         cast<BinaryOperator>(P)->getOpcode() == BO_Comma)) {
      Top = P;
      continue;
    }
    return false;
  }
  return false;
}

} // namespace

const ReachingDefinitions *ValueFacts::dataflowFor(const DeclRefExpr *Use) {
  llvm::SmallVector<const FunctionDecl *, 4> Candidates(
      State.InlineStack.rbegin(), State.InlineStack.rend());
  if (State.Spec.Function)
    Candidates.push_back(State.Spec.Function);
  for (const FunctionDecl *FD : Candidates) {
    const Stmt *FnBody = FD ? FD->getBody() : nullptr;
    if (!FnBody)
      continue;
    auto [It, New] = State.Dataflow.try_emplace(FD);
    if (New)
      It->second = ReachingDefinitions::build(FD, FnBody, State.AST);
    if (It->second && It->second->contains(Use))
      return It->second.get();
  }
  return nullptr;
}

bool ValueFacts::inUnitCode(const Stmt *S,
                            const ReachingDefinitions &RD) const {
  if (!State.InlineStack.empty() && !RD.contains(State.Spec.Construct))
    return true; // a called function's code runs in the work item
  // The construct's own code: its header (loop bounds) and its body.
  if (RD.isWithin(S, State.Spec.Construct) ||
      (State.Body && RD.isWithin(S, State.Body)))
    return true;
  for (const Stmt *Section : State.Sections)
    if (RD.isWithin(S, Section))
      return true;
  return State.Spec.ThreadBody && RD.isWithin(S, State.Spec.ThreadBody);
}

bool ValueFacts::definitionsFlowIn(const VarDecl *V) const {
  if (State.ItemLocals.count(V) || State.ThreadLocals.count(V))
    return true; // declared inside: its definitions are there too
  switch (Ctx.Assembler.sharingOf(V)) {
  case Sharing::Shared:
    // Another work item may change it meanwhile, unless one thread wrote
    // it before a barrier the use comes after: every thread then reads
    // that thread's value (`master: n = omp_get_num_threads(); barrier`).
    return !State.Modified.count(V) || publishedBeforeBarrier(V);
  case Sharing::FirstPrivate:
    return true;
  case Sharing::Private:
  case Sharing::LastPrivate:
    // A private copy starts undefined: only what the unit assigns counts
    // (checked where the definition is).
    return true;
  case Sharing::Linear:
  case Sharing::Reduction:
  case Sharing::ThreadPrivate:
    return false; // steps, copies or per-thread storage of its own
  }
  return false;
}

bool ValueFacts::publishedBeforeBarrier(const VarDecl *V) const {
  auto It = State.SharedWrites.find(V);
  return It != State.SharedWrites.end() && It->second.OneThread &&
         It->second.LastPhase < State.Phase;
}

bool ValueFacts::reachesUse(const Definition &D, const DeclRefExpr *Use,
                            const ReachingDefinitions &RD) const {
  const auto *V = dyn_cast_or_null<VarDecl>(Use->getDecl());
  bool Published = V && State.Modified.count(V) && publishedBeforeBarrier(V);
  // Up from the definition to the first statement around the use too:
  // a loop on the way repeats the definition after the use's value was
  // made; a construct on the way runs it elsewhere.
  for (const Stmt *P : RD.enclosingStatements(D.At)) {
    if (RD.isWithin(Use, P))
      return true;
    if ((isa<ForStmt>(P) || isa<WhileStmt>(P) || isa<DoStmt>(P) ||
         isa<CXXForRangeStmt>(P)) &&
        inRepeatedPart(D.At, P, RD))
      return false;
    // (One thread's write the barrier publishes runs elsewhere by design.)
    if (!State.Semantics.runsInPlace(P) && !Published)
      return false;
  }
  return true;
}

ExprRef ValueFacts::valueOfDefinition(const Definition &D) {
  switch (D.K) {
  case Definition::Kind::Entry:
    return nullptr; // a parameter: the caller's value, handled elsewhere
  case Definition::Kind::Declaration:
  case Definition::Kind::Assignment:
    return D.Value ? Ctx.Exprs.translate(D.Value) : nullptr;
  case Definition::Kind::Update: {
    const auto *V = cast<VarDecl>(D.UpdatedUse->getDecl());
    ExprRef Old = valueFromDefinitions(D.UpdatedUse, V);
    if (!Old)
      return nullptr;
    ExprRef Operand =
        D.Value ? Ctx.Exprs.translate(D.Value) : SymExpr::constant(1);
    switch (D.Op) {
    case BO_Add:
      return SymExpr::binary(ExprKind::Add, Old, Operand);
    case BO_Sub:
      return SymExpr::binary(ExprKind::Sub, Old, Operand);
    case BO_Mul:
      return SymExpr::binary(ExprKind::Mul, Old, Operand);
    case BO_Div:
      return SymExpr::binary(ExprKind::Div, Old, Operand);
    case BO_Rem:
      return SymExpr::binary(ExprKind::Mod, Old, Operand);
    case BO_Shl:
      return SymExpr::binary(ExprKind::Shl, Old, Operand);
    case BO_Shr:
      return SymExpr::binary(ExprKind::Shr, Old, Operand);
    default:
      return nullptr;
    }
  }
  }
  return nullptr;
}

ExprRef ValueFacts::valueFromDefinitions(const DeclRefExpr *Use,
                                         const VarDecl *V) {
  if (State.DefinitionsInProgress.size() >= MaxDefinitionDepth ||
      State.Semantics.privatizedByNestedConstruct(V))
    return nullptr;
  const ReachingDefinitions *RD = dataflowFor(Use);
  if (!RD || !RD->tracks(V))
    return nullptr;
  bool UseInUnit = inUnitCode(Use, *RD);
  if (UseInUnit && RD->contains(State.Spec.Construct) && !definitionsFlowIn(V))
    return nullptr;
  std::optional<llvm::SmallVector<const Definition *, 4>> Defs =
      RD->reaching(Use);
  if (!Defs || Defs->empty())
    return nullptr;
  if (Defs->size() > 1)
    return inductionValue(*Defs, Use, *RD);
  const Definition &D = *Defs->front();
  if (State.DefinitionsInProgress.count(&D) || !reachesUse(D, Use, *RD))
    return nullptr;
  bool DefInUnit = inUnitCode(D.At, *RD);
  // A copy a clause makes (private, lastprivate) starts undefined: what was
  // assigned before the construct is not its value. (The locals of the
  // function around an orphaned construct are each thread's own variables,
  // not copies: their values flow in.)
  if (UseInUnit && !DefInUnit && !State.ItemLocals.count(V) &&
      !State.ThreadLocals.count(V) && State.Semantics.namedByConstruct(V)) {
    Sharing S = Ctx.Assembler.sharingOf(V);
    if (S == Sharing::Private || S == Sharing::LastPrivate)
      return nullptr;
  }
  State.DefinitionsInProgress.insert(&D);
  bool Outside = !DefInUnit;
  State.OutsideDefinitions += Outside;
  ExprRef Value = valueOfDefinition(D);
  State.OutsideDefinitions -= Outside;
  State.DefinitionsInProgress.erase(&D);
  // What code before the construct computed is the same for every work
  // item; a thread number or a loop value there is another context's.
  if (Value && Outside && UseInUnit && !Ctx.Exprs.isWorkItemInvariant(Value))
    return nullptr;
  // An unknown value computed before the construct reads best by the
  // variable's name (`n`, not `static_cast<int>(a.size())`).
  if (Value && Value->kind() == ExprKind::Symbol && Outside &&
      State.R.symbol(Value->symbol()).Kind == SymbolKind::Opaque &&
      !State.R.symbol(Value->symbol()).IterationDependent)
    State.R.Symbols[Value->symbol()].Name = V->getNameAsString();
  return Value;
}

ExprRef ValueFacts::inductionValue(llvm::ArrayRef<const Definition *> Defs,
                                   const DeclRefExpr *Use,
                                   const ReachingDefinitions &RD) {
  // The innermost loop around the use that holds one of the definitions.
  const ForStmt *Loop = nullptr;
  for (const Stmt *L : RD.enclosingLoops(Use)) {
    for (const Definition *D : Defs)
      if (D->At && RD.isWithin(D->At, L) && inRepeatedPart(D->At, L, RD))
        Loop = dyn_cast<ForStmt>(L);
    if (Loop)
      break;
  }
  if (!Loop || Defs.size() != 2)
    return nullptr;
  const Definition *Step = nullptr, *Start = nullptr;
  for (const Definition *D : Defs) {
    bool Inside =
        D->At && RD.isWithin(D->At, Loop) && inRepeatedPart(D->At, Loop, RD);
    (Inside ? Step : Start) = D;
  }
  if (!Step || !Start || Step->K != Definition::Kind::Update ||
      (Step->Op != BO_Add && Step->Op != BO_Sub) ||
      !runsOncePerIteration(Step->At, Loop, RD))
    return nullptr;
  // The loop's own counter, bound while its body is walked: an inner loop,
  // not a distributed one (whose iterations are not one thread's sequence).
  auto Shape = matchForLoop(Loop, State.AST);
  if (!Shape)
    return nullptr;
  auto It = State.Symbols.find(Shape->Var);
  if (It == State.Symbols.end() || State.SymbolScope.lookup(Shape->Var) != Loop)
    return nullptr;
  // Copies: translating below adds symbols to the table.
  const Symbol Counter = State.R.symbol(It->second);
  const ExprRef First = Counter.Descending ? Counter.Max : Counter.Min;
  if (Counter.Kind != SymbolKind::InnerLoop || !First)
    return nullptr;
  if (State.DefinitionsInProgress.count(Start) ||
      State.DefinitionsInProgress.count(Step))
    return nullptr;
  State.DefinitionsInProgress.insert(Step);
  ExprRef Increment =
      Step->Value ? Ctx.Exprs.translate(Step->Value) : SymExpr::constant(1);
  State.DefinitionsInProgress.erase(Step);
  if (!Increment || !Ctx.Exprs.isWorkItemInvariant(Increment) ||
      Increment->mentions([&](SymbolId S) { return S == It->second; }))
    return nullptr;
  // The start is the value the loop begins with: the one definition
  // before it, followed as a single reaching definition would be.
  if (!reachesUse(*Start, Use, RD))
    return nullptr;
  State.DefinitionsInProgress.insert(Start);
  bool Outside = !inUnitCode(Start->At ? Start->At : Use, RD);
  State.OutsideDefinitions += Outside;
  ExprRef Initial = valueOfDefinition(*Start);
  State.OutsideDefinitions -= Outside;
  State.DefinitionsInProgress.erase(Start);
  if (!Initial || (Outside && !Ctx.Exprs.isWorkItemInvariant(Initial)))
    return nullptr;
  // Iterations done before this one: (a - first) / step of the counter.
  ExprRef Count = SymExpr::symbol(It->second);
  bool FromZero = First->kind() == ExprKind::Constant && First->value() == 0;
  ExprRef Done = Counter.Descending
                     ? SymExpr::binary(ExprKind::Sub, First, Count)
                 : FromZero ? Count
                            : SymExpr::binary(ExprKind::Sub, Count, First);
  if (Counter.Step > 1)
    Done =
        SymExpr::binary(ExprKind::Div, Done, SymExpr::constant(Counter.Step));
  bool Unit =
      Increment->kind() == ExprKind::Constant && Increment->value() == 1;
  ExprRef Advance =
      Unit ? Done : SymExpr::binary(ExprKind::Mul, Increment, Done);

  return SymExpr::binary(Step->Op == BO_Add ? ExprKind::Add : ExprKind::Sub,
                         Initial, Advance);
}

bool ValueFacts::symbolInScope(const VarDecl *V, const DeclRefExpr *Use) {
  const Stmt *Scope = State.SymbolScope.lookup(V);
  if (!Scope)
    return true;
  const ReachingDefinitions *RD = dataflowFor(Use);
  if (!RD || !RD->contains(Scope))
    return true;
  return RD->isWithin(Use, Scope);
}

ExprRef ValueFacts::outerDefinition(const VarDecl *V) {
  if (!V->isLocalVarDecl() || !V->getInit() || !V->getType()->isIntegerType() ||
      V->getType().isVolatileQualified() || !State.Spec.Function ||
      !State.Spec.Function->getBody() || State.LetInProgress.count(V))
    return nullptr;
  if (modifiedInFunction(V))
    return nullptr;
  // Everything the initializer reads must hold the same value now: never
  // reassigned, or the variable of a loop that encloses the declaration.
  const SourceManager &SM = State.AST.getSourceManager();
  bool Unstable = walkStmts(
      V->getInit(),
      [&](const Stmt *S) {
        if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
          if (const auto *X = dyn_cast<VarDecl>(DRE->getDecl())) {
            bool LoopVar = false;
            for (const ForStmt *F : State.Spec.EnclosingLoops)
              if (auto Shape = matchForLoop(F, State.AST);
                  Shape && Shape->Var == X)
                LoopVar = SM.isPointWithin(V->getLocation(), F->getBeginLoc(),
                                           F->getEndLoc());
            if (!LoopVar && (modifiedInFunction(X) || X->hasGlobalStorage()))
              return WalkStep::Interrupt;
          }
        // (A call, omp_get_thread_num() included: another thread's value.)
        return isa<CallExpr>(S) ? WalkStep::Interrupt : WalkStep::Advance;
      },
      CapturedChildren::Captures);
  if (Unstable)
    return nullptr;
  State.LetInProgress.insert(V);
  ExprRef Value = Ctx.Exprs.translate(V->getInit());
  State.LetInProgress.erase(V);
  State.LetBound[V] = Value;
  return Value;
}

bool ValueFacts::modifiedInFunction(const VarDecl *V) {
  if (!State.Spec.Function || !State.Spec.Function->getBody())
    return true;
  if (!State.FunctionModified) {
    State.FunctionModified.emplace();
    Ctx.Assembler.collectModified(State.Spec.Function->getBody(),
                                  *State.FunctionModified);
  }
  return State.FunctionModified->count(V);
}

bool ValueFacts::writtenOnlyByInitializer(const VarDecl *V) {
  if (!V || !V->isLocalVarDecl() || !V->hasLocalStorage() || !V->hasInit() ||
      !State.AST.getAsConstantArrayType(V->getType()) || !State.Spec.Function ||
      !State.Spec.Function->getBody())
    return false;
  if (auto It = State.InitializerOnly.find(V);
      It != State.InitializerOnly.end())
    return It->second;
  // Each use of V must be the base of a subscript whose element is read
  // (an lvalue-to-rvalue conversion of `V[k]`) or sit in an unevaluated
  // operand (`sizeof V`).
  unsigned Uses = 0, Reads = 0;
  forEachStmt(
      State.Spec.Function->getBody(),
      [&](const Stmt *S) {
        if (const auto *DRE = dyn_cast<DeclRefExpr>(S);
            DRE && DRE->getDecl() == V)
          ++Uses;
        if (const auto *U = dyn_cast<UnaryExprOrTypeTraitExpr>(S)) {
          forEachStmt(U, [&](const Stmt *X) {
            if (const auto *DRE = dyn_cast<DeclRefExpr>(X);
                DRE && DRE->getDecl() == V)
              ++Reads;
          });
          return;
        }
        const auto *Cast = dyn_cast<ImplicitCastExpr>(S);
        if (!Cast || Cast->getCastKind() != CK_LValueToRValue)
          return;
        const auto *AS =
            dyn_cast<ArraySubscriptExpr>(Cast->getSubExpr()->IgnoreParens());
        if (!AS)
          return;
        const auto *Base =
            dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
        if (Base && Base->getDecl() == V)
          ++Reads;
      },
      CapturedChildren::Body);
  bool Only = Uses == Reads;
  State.InitializerOnly[V] = Only;
  return Only;
}

bool ValueFacts::isMaxThreadsValue(const Expr *E) const {
  // omp_get_max_threads(), omp_get_num_procs(), or a variable initialized
  // from one, anywhere inside E.
  if (!E)
    return false;
  E = E->IgnoreParenCasts();
  if (const auto *Call = dyn_cast<CallExpr>(E);
      Call && isKnown(Call, TeamBound))
    return true;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      return V->getInit() && V->getType()->isIntegerType() &&
             isMaxThreadsValue(V->getInit());
  for (const Stmt *C : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(C))
      if (isMaxThreadsValue(CE))
        return true;
  return false;
}

bool ValueFacts::mayUseThreadId(const Stmt *S, unsigned Depth, bool Unseen) {
  if (!S)
    return false;
  if (const auto *E = dyn_cast<Expr>(S); E && Ctx.Exprs.isThreadIdValue(E))
    return true;
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    // Code we cannot see may take a slot: an indirect or virtual call, or a
    // function defined elsewhere (but not the C and OpenMP libraries).
    const FunctionDecl *Callee = Call->getDirectCallee();
    const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee);
    if (!Callee || (Method && Method->isVirtual()))
      return Unseen;
    if (!Callee->getBody() && !Callee->getBuiltinID() &&
        !State.AST.getSourceManager().isInSystemHeader(Callee->getLocation()))
      return Unseen;
  }
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *FD = Call->getDirectCallee(); FD && FD->getBody()) {
      // A callee deeper than we look (or recursion, which is deeper
      // still) may; visibly, a recursive call uses what the function's
      // body does, walked once.
      if (Depth >= 3)
        return Unseen;
      if (Unseen && llvm::is_contained(State.InlineStack, FD))
        return true;
      if (Unseen || State.ThreadIdWalked.insert(FD).second) {
        State.InlineStack.push_back(FD);
        bool Uses = mayUseThreadId(FD->getBody(), Depth + 1, Unseen);
        State.InlineStack.pop_back();
        if (Uses)
          return true;
      }
    }
  bool Uses = false;
  forEachChild(S, [&](const Stmt *C) {
    Uses = Uses || mayUseThreadId(C, Depth, Unseen);
  });
  return Uses;
}

namespace {
/// Whether a load expression reads only values that no work item changes
/// (so it is the same in every work item), with no calls.
class InvariantLoadChecker
    : public ConstStmtVisitor<InvariantLoadChecker, bool> {
public:
  explicit InvariantLoadChecker(
      llvm::function_ref<bool(const VarDecl *)> VariesPerItem)
      : VariesPerItem(VariesPerItem) {}

  bool VisitDeclRefExpr(const DeclRefExpr *E) {
    const auto *V = dyn_cast<VarDecl>(E->getDecl());
    return !V || !VariesPerItem(V);
  }
  bool VisitCallExpr(const CallExpr *) { return false; }
  bool VisitStmt(const Stmt *S) {
    for (const Stmt *C : S->children())
      if (C && !Visit(C))
        return false;
    return true;
  }

private:
  llvm::function_ref<bool(const VarDecl *)> VariesPerItem;
};
} // namespace

namespace {
/// Whether \p E computes its value from names and constants alone: no
/// memory it reads through a subscript, a pointer or a member of a pointed-to
/// object, no operator call of a class.
bool computedWithoutLoads(const Stmt *S) {
  if (!S)
    return true;
  if (isa<ArraySubscriptExpr>(S) || isa<CXXOperatorCallExpr>(S) ||
      isa<CXXMemberCallExpr>(S))
    return false;
  if (const auto *UO = dyn_cast<UnaryOperator>(S);
      UO && UO->getOpcode() == UO_Deref)
    return false;
  if (const auto *ME = dyn_cast<MemberExpr>(S); ME && ME->isArrow())
    return false;
  for (const Stmt *Child : S->children())
    if (!computedWithoutLoads(Child))
      return false;
  return true;
}
} // namespace

bool ValueFacts::loadSameInEveryWorkItem(const Expr *E) {
  // The checker keeps a function_ref: the lambda must outlive it.
  auto VariesPerItem = [this](const VarDecl *V) -> bool {
    if (auto It = State.Symbols.find(V); It != State.Symbols.end())
      return State.R.symbol(It->second).Kind != SymbolKind::Invariant;
    return State.Stored.count(V) || State.ItemLocals.count(V) ||
           State.ThreadLocals.count(V) || State.ParamValues.count(V);
  };
  InvariantLoadChecker Checker(VariesPerItem);
  return Checker.Visit(E);
}

bool ValueFacts::computedFromNamesAlone(const Expr *E) const {
  return computedWithoutLoads(E);
}

} // namespace clangfe
} // namespace privateer
