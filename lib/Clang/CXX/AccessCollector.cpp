//===- AccessCollector.cpp - Accesses of one work item --------------------===//
//
// Part of privateer. Walks what one work item executes and records every
// access to memory: through subscripts, pointers, fields, references,
// container element and mutation calls, library routines (memset, memcpy,
// std::fill) and the bodies of the functions it calls. Each access carries
// its symbolic index and what protects it (atomic, critical, ordered,
// single/masked, lock spans, lock guards, atomic objects).
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/CXX/ReferenceWrapper.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/StmtWalk.h"

#include "privateer/Model/Polynomial.h"

#include "privateer/Clang/CXX/KnownFunctions.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/ScopeExit.h"

using namespace clang;

namespace privateer {
namespace clangfe {

namespace {

StringRef stripBuiltin(StringRef Name) {
  Name.consume_front("__builtin_");
  return Name;
}

/// The name of a record type, without template arguments.
StringRef recordName(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *PT = T->getAs<PointerType>())
    T = PT->getPointeeType();
  if (const auto *RD = T->getAsRecordDecl())
    if (const IdentifierInfo *II = RD->getIdentifier())
      return II->getName();
  return {};
}

bool isAtomicType(QualType T) {
  T = T.getNonReferenceType();
  if (T->isAtomicType())
    return true;
  StringRef Name = recordName(T);
  // Thread-safe containers (oneTBB's concurrent_vector, concurrent_queue,
  // concurrent_hash_map...) synchronize their own operations like an
  // atomic; their elements, once reached, are plain memory.
  return Name == "atomic" || Name == "atomic_ref" || Name == "atomic_flag" ||
         Name.starts_with("concurrent_");
}

bool isLockGuardType(QualType T) {
  StringRef Name = recordName(T);
  // TBB's mutexes name theirs `M::scoped_lock`, an alias of these.
  return Name == "lock_guard" || Name == "unique_lock" ||
         Name == "scoped_lock" || Name == "shared_lock" ||
         Name == "unique_scoped_lock" || Name == "rw_scoped_lock";
}

/// A lock object: OpenMP's, POSIX's and C11's lock types, or a class with
/// lock() and unlock() (std::mutex, tbb::spin_mutex).
bool isLockType(QualType T) {
  while (!T.isNull()) {
    if (const auto *TT = T->getAs<TypedefType>()) {
      StringRef N = TT->getDecl()->getName();
      if (N == "omp_lock_t" || N == "omp_nest_lock_t" ||
          N == "pthread_mutex_t" || N == "pthread_spinlock_t" || N == "mtx_t")
        return true;
      T = TT->desugar();
      continue;
    }
    const auto *RD = T->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition())
      return false;
    bool Lock = false, Unlock = false;
    for (const CXXMethodDecl *M : RD->methods())
      if (M->getIdentifier()) {
        Lock |= knownName(M) == KnownName::LockMethod;
        Unlock |= knownName(M) == KnownName::UnlockMethod;
      }
    return Lock && Unlock;
  }
  return false;
}

/// A condition that tests whether a pointer to a lock is null (`!lk`,
/// `lk == NULL`, `lk`, `lk != nullptr`): the pointer, and whether the
/// condition holds when it is null. Code that runs without a lock only when
/// there is none is the serial path (a caller passes no lock when it runs
/// on one thread).
struct LockPointerTest {
  const Expr *Pointer = nullptr;
  bool HoldsWhenNull = false;
};

std::optional<LockPointerTest> testsLockPointer(const Expr *Cond,
                                                ASTContext &Ctx) {
  Cond = Cond->IgnoreParenImpCasts();
  auto IsLockPointer = [](const Expr *E) {
    E = E->IgnoreParenImpCasts();
    return (isa<DeclRefExpr>(E) || isa<MemberExpr>(E)) &&
           E->getType()->isPointerType() &&
           isLockType(E->getType()->getPointeeType());
  };
  if (IsLockPointer(Cond))
    return LockPointerTest{Cond, false}; // `if (lk)`
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond);
      UO && UO->getOpcode() == UO_LNot && IsLockPointer(UO->getSubExpr()))
    return LockPointerTest{UO->getSubExpr()->IgnoreParenImpCasts(), true};
  const auto *BO = dyn_cast<BinaryOperator>(Cond);
  if (!BO || !BO->isEqualityOp())
    return std::nullopt;
  auto IsNull = [&](const Expr *E) {
    return !E->isValueDependent() &&
           E->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull) !=
               Expr::NPCK_NotNull;
  };
  bool Equal = BO->getOpcode() == BO_EQ;
  const Expr *L = BO->getLHS(), *Rt = BO->getRHS();
  if (IsLockPointer(L) && IsNull(Rt))
    return LockPointerTest{L->IgnoreParenImpCasts(), Equal};
  if (IsLockPointer(Rt) && IsNull(L))
    return LockPointerTest{Rt->IgnoreParenImpCasts(), Equal};
  return std::nullopt;
}

/// +1 for a call that takes a lock, -1 for one that releases it; also
/// under a test that the lock pointer is not null (`if (lk)
/// omp_set_lock(lk);`): without one, the code runs on one thread.
int lockEffect(const Stmt *S, ASTContext &Ctx, unsigned Depth = 0) {
  if (const auto *If = dyn_cast_or_null<IfStmt>(S)) {
    auto Test = If->getCond() && !If->getElse() && !If->getInit()
                    ? testsLockPointer(If->getCond(), Ctx)
                    : std::nullopt;
    const Stmt *Then = If->getThen();
    if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Then);
        CS && CS->size() == 1)
      Then = CS->body_front();
    return Test && !Test->HoldsWhenNull ? lockEffect(Then, Ctx, Depth) : 0;
  }
  const auto *E = dyn_cast_or_null<Expr>(S);
  if (!E)
    return 0;
  E = E->IgnoreParenImpCasts();
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    const auto *MD = MC->getMethodDecl();
    if (!MD || !MD->getIdentifier())
      return 0;
    KnownName N = knownName(MD);
    if (N == KnownName::LockMethod)
      return 1;
    if (N == KnownName::UnlockMethod)
      return -1;
    // A lock class of the program's own (`kMaxLock.set()` around
    // omp_set_lock): its body's effect, below. A library's methods are
    // not followed.
    if (MD->getParent()->isInStdNamespace())
      return 0;
  }
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    unsigned Roles = knownRoles(Call);
    if (Roles & (Lock | Unlock))
      return Roles & Lock ? 1 : -1;
    // A helper that takes or releases a lock (`take(); ... give();` around
    // omp_set_lock/omp_unset_lock): the net effect of its body's
    // statements, a few calls deep.
    const FunctionDecl *FD = Call->getDirectCallee();
    const FunctionDecl *Def = nullptr;
    if (Depth >= 3 || !FD || !FD->hasBody(Def))
      return 0;
    const auto *Body = dyn_cast_or_null<CompoundStmt>(Def->getBody());
    if (!Body)
      return 0;
    int Net = 0;
    for (const Stmt *Child : Body->body())
      Net += lockEffect(Child, Ctx, Depth + 1);
    return Net > 0 ? 1 : Net < 0 ? -1 : 0;
  }
  return 0;
}

bool isMutatingMethod(StringRef Name) {
  return nameFamilies(Name) & family::ContainerMutation;
}

ReductionOp opFor(BinaryOperatorKind K) {
  switch (K) {
  case BO_Add:
  case BO_AddAssign:
    return ReductionOp::Add;
  case BO_Sub:
  case BO_SubAssign:
    return ReductionOp::Sub;
  case BO_Mul:
  case BO_MulAssign:
    return ReductionOp::Mul;
  case BO_And:
  case BO_AndAssign:
    return ReductionOp::And;
  case BO_Or:
  case BO_OrAssign:
    return ReductionOp::Or;
  case BO_Xor:
  case BO_XorAssign:
    return ReductionOp::Xor;
  default:
    return ReductionOp::Other;
  }
}

/// `std::get<K>(t)`: member K of a std::tuple or std::pair t, or element K
/// of a std::array.
struct TupleElement {
  const Expr *Object = nullptr;
  int64_t K = 0;
  bool Member = true;
};

std::optional<TupleElement> tupleElement(const Expr *E) {
  const auto *Call = dyn_cast<CallExpr>(E->IgnoreParens());
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD || !FD->isInStdNamespace() || knownName(FD) != KnownName::Get ||
      Call->getNumArgs() != 1)
    return std::nullopt;
  const TemplateArgumentList *Args = FD->getTemplateSpecializationArgs();
  if (!Args || Args->size() == 0 ||
      Args->get(0).getKind() != TemplateArgument::Integral)
    return std::nullopt; // std::get<T> by type, std::get of a variant...
  StringRef Name = recordName(Call->getArg(0)->getType());
  if (Name != "tuple" && Name != "pair" && Name != "array")
    return std::nullopt;
  TupleElement T;
  T.Object = Call->getArg(0);
  T.K = Args->get(0).getAsIntegral().getExtValue();
  T.Member = Name != "array";
  return T;
}

bool isSystemFunction(const FunctionDecl *FD, const SourceManager &SM) {
  return SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation()));
}

} // namespace

void RegionBuilder::record(const Target &T, AccessKind Kind, const Expr *Where,
                           ReductionOp Op, bool ResultUsed, bool Whole,
                           ExprRef Range) {
  auto Id = bufferFor(T);
  if (!Id)
    return;
  if (Kind != AccessKind::Read && T.Level == 0 && T.Index.empty())
    if (const auto *V = dyn_cast_or_null<VarDecl>(T.Decl)) {
      ScalarWrites &W = SharedWrites[V];
      W.LastPhase = std::max(W.LastPhase, Phase);
      W.OneThread &=
          CurrentGuard == Guard::Single && !InNestedTask && InlineStack.empty();
    }
  // Private memory never races, but the allocation checks need its uses.
  Access A;
  A.BufferIndex = *Id;
  A.Kind = Kind;
  A.Index = T.Index;
  A.Fields = T.Fields;
  A.Strides = T.Strides;
  A.LoopDepth = LoopDepth;
  A.WholeBuffer = Whole;
  A.RangeLength = std::move(Range);
  A.Op = Op;
  A.ResultUsed = ResultUsed;
  if (CurrentGuard != Guard::None)
    A.Protection = CurrentGuard;
  else if (LockDepth > 0)
    A.Protection = Guard::Lock;
  else if (Where && isAtomicType(Where->getType()))
    A.Protection = Guard::AtomicObject;
  if (Kind == AccessKind::Write && Where && StoreTarget &&
      Where->IgnoreParenImpCasts() == StoreTarget)
    A.StoredValue = StoreValue;
  A.Conditional = InConditional || AfterReturn;
  A.OnEveryPath = !A.Conditional && BranchPath.empty() && LabelEpoch == 0 &&
                  !LeftWorkItem && LoopDepth == 0 && !InNestedTask &&
                  !InSingleItem;
  A.Branch = BranchPath;
  A.Epoch = LabelEpoch;
  A.SingleWorkItem = InSingleItem;
  A.Conditions = PathConditions;
  if (InSingleItem)
    A.PinnedItem = PinnedItem;
  else if (GuardThread && R.Kind == RegionKind::Replicated)
    A.PinnedItem = SymExpr::constant(*GuardThread);
  A.Section = CurrentSection;
  A.InNestedTask = InNestedTask;
  A.Phase = Phase;
  A.PossibleBarriers = PossibleBarriers;
  A.Order = NextOrder++;
  const Expr *At = CallSite ? CallSite : Where;
  A.Where = toLoc(At ? At->getBeginLoc() : SourceLocation());
  A.Spelling = Where ? spell(Where) : R.Buffers[*Id].Name;
  if (CallSite && !InlineStack.empty())
    A.Via = InlineStack.back()->getNameAsString();
  R.Accesses.push_back(std::move(A));
}

namespace {
/// What a smart pointer or a heap container hands out lives apart from the
/// object: slots of `vector<unique_ptr<T[]>>` are 8 bytes apart, the blocks
/// they own are not, so the byte distance between slots says nothing about
/// the elements. (std::array keeps its elements inside.)
bool elementsApart(QualType T) {
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!RD || !RD->isInStdNamespace())
    return false;
  return llvm::is_contained({"vector", "deque", "basic_string", "valarray",
                             "unique_ptr", "shared_ptr"},
                            RD->getName());
}
} // namespace

//===-- Statements --------------------------------------------------------===//

void RegionBuilder::visitStmt(const Stmt *S) {
  if (!S)
    return;
  if (const auto *E = dyn_cast<Expr>(S)) {
    visitExpr(E, AccessKind::Read, /*ValueUsed=*/false);
    return;
  }
  if (const auto *CS = dyn_cast<CompoundStmt>(S))
    return visitCompound(CS);
  if (const auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        visitDecl(V);
    return;
  }
  if (const auto *If = dyn_cast<IfStmt>(S))
    return visitIf(If);
  if (const auto *F = dyn_cast<ForStmt>(S))
    return visitFor(F);
  if (const auto *F = dyn_cast<CXXForRangeStmt>(S))
    return visitRangeFor(F);
  // A directive, a guard, a barrier: what it means is the model's.
  if (Semantics.visitNested(S, *this))
    return;
  if (const auto *W = dyn_cast<WhileStmt>(S)) {
    if (const VarDecl *CV = W->getConditionVariable())
      visitDecl(CV);
    visitExpr(W->getCond(), AccessKind::Read, true);
    bool Saved = InConditional;
    InConditional = true;
    LoopBodies.insert(NextBranch);
    BranchPath.push_back(NextBranch++);
    ++LoopDepth;
    PhaseMark Before = phaseMark();
    visitStmt(W->getBody());
    noteBranchEnd(W->getBody());
    joinPhases({Before, phaseMark()}); // (it may run zero times)
    --LoopDepth;
    BranchPath.pop_back();
    InConditional = Saved;
    return;
  }
  if (const auto *Sw = dyn_cast<SwitchStmt>(S)) {
    visitStmt(Sw->getInit());
    visitExpr(Sw->getCond(), AccessKind::Read, true);
    bool Saved = InConditional;
    InConditional = true;
    SwitchBodies.insert(NextBranch);
    BranchPath.push_back(NextBranch++);
    PhaseMark Before = phaseMark();
    visitStmt(Sw->getBody());
    joinPhases({Before, phaseMark()}); // (a case may skip any of it)
    BranchPath.pop_back();
    InConditional = Saved;
    return;
  }
  if (const auto *Ret = dyn_cast<ReturnStmt>(S)) {
    if (Ret->getRetValue())
      visitExpr(Ret->getRetValue(), AccessKind::Read, true);
    // What follows a return in the function runs only on paths that did not
    // take it.
    AfterReturn = true;
    noteExit(FunctionBranchDepth.empty() ? 0 : FunctionBranchDepth.back());
    return;
  }
  if (isa<BreakStmt>(S) || isa<ContinueStmt>(S)) {
    // Out of the branches up to the innermost loop's body (or switch's).
    size_t Depth = BranchPath.size();
    while (Depth > 0 && !LoopBodies.count(BranchPath[Depth - 1]) &&
           !(isa<BreakStmt>(S) && SwitchBodies.count(BranchPath[Depth - 1])))
      --Depth;
    noteExit(Depth ? Depth - 1 : 0);
    return;
  }
  if (isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S)) {
    noteExit(0);
    return;
  }
  if (const auto *CS = dyn_cast<CapturedStmt>(S))
    return visitStmt(CS->getCapturedStmt());
  if (const auto *Do = dyn_cast<DoStmt>(S)) {
    ++LoopDepth;
    LoopBodies.insert(NextBranch);
    BranchPath.push_back(NextBranch++); // (a loop body is a branch too)
    visitStmt(Do->getBody());
    BranchPath.pop_back();
    visitExpr(Do->getCond(), AccessKind::Read, true);
    --LoopDepth;
    return;
  }
  // Control can reach a label or a case without what came before it on its
  // path: a new epoch.
  if (isa<SwitchCase>(S) || isa<LabelStmt>(S))
    ++LabelEpoch;
  // labels, case, attributed statements, try blocks...
  for (const Stmt *Child : S->children())
    visitStmt(Child);
}

void RegionBuilder::visitCompound(const CompoundStmt *CS) {
  unsigned SavedLock = LockDepth;
  for (const Stmt *Child : CS->body()) {
    if (int Effect = lockEffect(Child, Ctx)) {
      // (`if (lk) omp_set_lock(lk);` takes no lock where the caller passes
      // none.)
      const auto *If = dyn_cast<IfStmt>(Child);
      auto Test = If ? testsLockPointer(If->getCond(), Ctx) : std::nullopt;
      if (Test && knownNull(Test->Pointer).value_or(false))
        continue;
      if (Effect > 0)
        ++LockDepth;
      else if (LockDepth > SavedLock)
        --LockDepth;
      continue;
    }
    visitStmt(Child);
  }
  // Guards declared in this block are released at its end.
  LockDepth = SavedLock;
}

void RegionBuilder::visitDecl(const VarDecl *V) {
  if (isLockGuardType(V->getType())) {
    ++LockDepth; // released when the enclosing block ends
    return;
  }
  const Expr *Init = V->getInit();
  if (!Init)
    return;
  if (V->getType()->isReferenceType()) {
    // `double &r = a[i];` names that element from now on; `auto &m =
    // outer[k];` of a map inserts k first.
    Aliases[V] = resolveLValue(Init);
    if (mapSubscript(Init))
      MapElementRefs.insert(V);
    visitIndices(Init);
    return;
  }
  visitExpr(Init, AccessKind::Read, true);
  noteAllocation(V, Init);
}

std::optional<bool> RegionBuilder::knownNull(const Expr *Pointer) const {
  const auto *DRE = dyn_cast<DeclRefExpr>(Pointer->IgnoreParenImpCasts());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  auto It = V ? NullPointerParams.find(V) : NullPointerParams.end();
  if (It == NullPointerParams.end())
    return std::nullopt;
  return It->second;
}

bool RegionBuilder::teamOfOneTest(const Expr *Cond) {
  const auto *BO = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  if (!BO || BO->getOpcode() != BO_EQ)
    return false;
  // The team size, as a call or a local that holds one.
  auto IsTeamCount = [&](const Expr *E) {
    E = E->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
          V && V->getInit() && !Modified.count(V))
        E = V->getInit()->IgnoreParenImpCasts();
    const auto *Call = dyn_cast<CallExpr>(E);
    return Call && isKnown(Call, TeamCount);
  };
  auto IsOne = [&](const Expr *E) {
    Expr::EvalResult V;
    return !E->isValueDependent() && E->EvaluateAsInt(V, Ctx) &&
           V.Val.getInt() == 1;
  };
  const Expr *L = BO->getLHS(), *Rt = BO->getRHS();
  return (IsTeamCount(L) && IsOne(Rt)) || (IsTeamCount(Rt) && IsOne(L));
}

bool RegionBuilder::oneThreadOnly(const Expr *Cond) {
  Cond = Cond->IgnoreParenImpCasts();
  const auto *BO = dyn_cast<BinaryOperator>(Cond);
  if (!BO)
    return false;
  if (BO->getOpcode() == BO_LAnd)
    return oneThreadOnly(BO->getLHS()) || oneThreadOnly(BO->getRHS());
  // `tid == 1 || nthreads == 1`: in a team of one its only thread, in a
  // larger team the one thread the other side selects.
  if (BO->getOpcode() == BO_LOr)
    return (teamOfOneTest(BO->getLHS()) && oneThreadOnly(BO->getRHS())) ||
           (teamOfOneTest(BO->getRHS()) && oneThreadOnly(BO->getLHS()));
  if (BO->getOpcode() != BO_EQ)
    return false;
  // `omp_get_num_threads() == 1`: the serial path of a team of one.
  if (teamOfOneTest(BO))
    return true;
  const Expr *L = BO->getLHS(), *Rt = BO->getRHS();
  // `tid == k`, `tid == nthreads - 1`: one thread of the team.
  return (isThreadIdValue(L) && isWorkItemInvariant(translate(Rt))) ||
         (isThreadIdValue(Rt) && isWorkItemInvariant(translate(L)));
}

void RegionBuilder::conditionsOf(const Expr *Cond, bool Holds,
                                 std::vector<Condition> &Out) {
  if (!Cond || Cond->isValueDependent() || Cond->isTypeDependent())
    return;
  Cond = Cond->IgnoreParenImpCasts();
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond);
      UO && UO->getOpcode() == UO_LNot)
    return conditionsOf(UO->getSubExpr(), !Holds, Out);
  const auto *BO = dyn_cast<BinaryOperator>(Cond);
  // a && b holds: both do; a || b fails: neither holds.
  if (BO && ((Holds && BO->getOpcode() == BO_LAnd) ||
             (!Holds && BO->getOpcode() == BO_LOr))) {
    conditionsOf(BO->getLHS(), Holds, Out);
    conditionsOf(BO->getRHS(), Holds, Out);
    return;
  }
  const Expr *L = Cond, *Rt = nullptr;
  Comparison Op = Comparison::NE; // `if (x)`: x != 0
  if (BO && BO->isComparisonOp() && BO->getOpcode() != BO_Cmp) {
    L = BO->getLHS();
    Rt = BO->getRHS();
    switch (BO->getOpcode()) {
    case BO_EQ:
      Op = Comparison::EQ;
      break;
    case BO_NE:
      Op = Comparison::NE;
      break;
    case BO_LT:
      Op = Comparison::LT;
      break;
    case BO_LE:
      Op = Comparison::LE;
      break;
    case BO_GT:
      Op = Comparison::GT;
      break;
    default:
      Op = Comparison::GE;
      break;
    }
  } else if (BO) {
    return; // && that may fail, || that may hold, arithmetic as a truth
  }
  auto IsInteger = [](const Expr *E) {
    return E &&
           E->IgnoreParenImpCasts()->getType()->isIntegralOrEnumerationType();
  };
  if (!IsInteger(L) || (Rt && !IsInteger(Rt)))
    return;
  if (!Holds)
    Op = negated(Op);
  Out.push_back({translate(L), Op, Rt ? translate(Rt) : SymExpr::constant(0)});
}

ExprRef RegionBuilder::singleWorkItemValue(const Expr *Cond) {
  Cond = Cond->IgnoreParenImpCasts();
  auto IsItem = [&](const ExprRef &E) {
    return E->kind() == ExprKind::Symbol && R.isWorkItemVar(E->symbol()) &&
           R.WorkItemVars.size() == 1;
  };
  if (const auto *BO = dyn_cast<BinaryOperator>(Cond)) {
    if (BO->getOpcode() == BO_LAnd) {
      if (ExprRef V = singleWorkItemValue(BO->getLHS()))
        return V;
      return singleWorkItemValue(BO->getRHS());
    }
    if (BO->getOpcode() != BO_EQ)
      return nullptr;
    ExprRef L = translate(BO->getLHS()), Rt = translate(BO->getRHS());
    if (IsItem(L) && isWorkItemInvariant(Rt))
      return Rt;
    if (IsItem(Rt) && isWorkItemInvariant(L))
      return L;
    return nullptr;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(Cond))
    if (UO->getOpcode() == UO_LNot && IsItem(translate(UO->getSubExpr())))
      return SymExpr::constant(0);
  return nullptr;
}

bool RegionBuilder::mayUseThreadId(const Stmt *S, unsigned Depth, bool Unseen) {
  if (!S)
    return false;
  if (const auto *E = dyn_cast<Expr>(S); E && isThreadIdValue(E))
    return true;
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    // Code we cannot see may take a slot: an indirect or virtual call, or a
    // function defined elsewhere (but not the C and OpenMP libraries).
    const FunctionDecl *Callee = Call->getDirectCallee();
    const auto *Method = dyn_cast_or_null<CXXMethodDecl>(Callee);
    if (!Callee || (Method && Method->isVirtual()))
      return Unseen;
    if (!Callee->getBody() && !Callee->getBuiltinID() &&
        !Ctx.getSourceManager().isInSystemHeader(Callee->getLocation()))
      return Unseen;
  }
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *FD = Call->getDirectCallee(); FD && FD->getBody()) {
      // A callee deeper than we look (or recursion, which is deeper
      // still) may; visibly, a recursive call uses what the function's
      // body does, walked once.
      if (Depth >= 3)
        return Unseen;
      if (Unseen && llvm::is_contained(InlineStack, FD))
        return true;
      if (Unseen || ThreadIdWalked.insert(FD).second) {
        InlineStack.push_back(FD);
        bool Uses = mayUseThreadId(FD->getBody(), Depth + 1, Unseen);
        InlineStack.pop_back();
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

void RegionBuilder::visitIf(const IfStmt *If) {
  visitStmt(If->getInit());
  if (const VarDecl *CV = If->getConditionVariable())
    visitDecl(CV);
  const Expr *Cond = If->getCond();
  visitExpr(Cond, AccessKind::Read, true);
  // A test of a lock pointer: the branch taken without a lock is the serial
  // path (nothing runs beside it), the other one is what runs in parallel;
  // unless the caller's argument says which one runs (a null lock passed
  // in parallel code: every thread takes the unlocked path).
  if (auto Test = testsLockPointer(Cond, Ctx)) {
    bool Null = knownNull(Test->Pointer).value_or(false);
    visitStmt(Test->HoldsWhenNull == Null ? If->getThen() : If->getElse());
    return;
  }

  bool SavedCond = InConditional, SavedSingle = InSingleItem;
  bool ConditionalHere = InConditional || AfterReturn;
  ExprRef SavedPinned = PinnedItem;
  Guard SavedGuard = CurrentGuard;
  if (ExprRef Pinned = singleWorkItemValue(Cond)) {
    InSingleItem = true;
    if (!PinnedItem)
      PinnedItem = Pinned;
  } else {
    InConditional = true;
    // Code only one thread of the team runs (`if (omp_get_thread_num() ==
    // 1)` in a worksharing loop) runs its work items one after the other:
    // among themselves they cannot race. (Tasks on one thread can
    // interleave, so not for tasks.)
    if (CurrentGuard == Guard::None && R.Kind != RegionKind::Tasks &&
        !InNestedTask && oneThreadOnly(Cond))
      CurrentGuard = Guard::Single;
  }

  // `if (v > m) m = v;` is a max update of m (and `<` a min update).
  const Stmt *Then = If->getThen();
  if (const auto *C = dyn_cast_or_null<CompoundStmt>(Then))
    if (C->size() == 1)
      Then = C->body_front();
  const auto *Cmp = dyn_cast<BinaryOperator>(Cond->IgnoreParenImpCasts());
  const auto *Assign =
      dyn_cast_or_null<BinaryOperator>(dyn_cast_or_null<Expr>(Then));
  if (Cmp && Assign && Assign->getOpcode() == BO_Assign &&
      Cmp->isRelationalOp() && !If->getElse()) {
    const Expr *L = Cmp->getLHS(), *Rt = Cmp->getRHS();
    bool Greater = Cmp->getOpcode() == BO_GT || Cmp->getOpcode() == BO_GE;
    std::string LHS = spell(Assign->getLHS()), RHS = spell(Assign->getRHS());
    // v > m, m = v  => max;  v < m, m = v  => min;  and mirrored.
    if (LHS == spell(Rt) && RHS == spell(L))
      PendingConditionalOp = Greater ? ReductionOp::Max : ReductionOp::Min;
    else if (LHS == spell(L) && RHS == spell(Rt))
      PendingConditionalOp = Greater ? ReductionOp::Min : ReductionOp::Max;
    if (PendingConditionalOp != ReductionOp::None)
      PendingConditionalLHS = Assign->getLHS();
  }
  size_t ThenBegin = R.Accesses.size();
  BranchPath.push_back(NextBranch++);
  size_t SavedConditions = PathConditions.size();
  conditionsOf(Cond, true, PathConditions);
  PhaseMark Before = phaseMark();
  visitStmt(If->getThen());
  noteBranchEnd(If->getThen());
  PhaseMark ThenEnd = phaseMark();
  resetPhase(Before);
  PathConditions.resize(SavedConditions);
  BranchPath.back() = NextBranch++;
  size_t ElseBegin = R.Accesses.size();
  if (If->getElse())
    conditionsOf(Cond, false, PathConditions);
  PendingConditionalOp = ReductionOp::None;
  PendingConditionalLHS = nullptr;
  InSingleItem = SavedSingle;
  PinnedItem = SavedPinned;
  CurrentGuard = SavedGuard;
  InConditional = true;
  visitStmt(If->getElse());
  PathConditions.resize(SavedConditions);
  if (If->getElse())
    noteBranchEnd(If->getElse());
  joinPhases({ThenEnd, phaseMark()});
  BranchPath.pop_back();
  InConditional = SavedCond;
  // A write made on both paths (`if (c) t = 1; else t = 2;`) is made
  // where the `if` is: as unconditionally as the `if` itself runs, on its
  // branch path and under its conditions. Only one made by the arm itself:
  // a write under a further branch of an arm (`if (c) { if (d) t = 1; }
  // else t = 2;`) leaves a path without it.
  auto InArm = [&](const Access &A) {
    return A.Branch.size() == BranchPath.size() + 1;
  };
  if (If->getElse())
    for (size_t T = ThenBegin; T < ElseBegin; ++T)
      for (size_t E = ElseBegin; E < R.Accesses.size(); ++E) {
        Access &X = R.Accesses[T], &Y = R.Accesses[E];
        if (X.Kind == AccessKind::Write && Y.Kind == AccessKind::Write &&
            X.BufferIndex == Y.BufferIndex && !X.SingleWorkItem &&
            !Y.SingleWorkItem && InArm(X) && InArm(Y) &&
            equalIndex(X.Index, Y.Index)) {
          X.Conditional = Y.Conditional = ConditionalHere;
          X.Branch = Y.Branch = BranchPath;
          X.Conditions = Y.Conditions = PathConditions;
        }
      }
}

namespace {
/// The loop body \p S can end its loop before the loop variable has run
/// through its range, or skip the rest of an iteration: a break or continue
/// of this loop, a return, goto or throw. (A break of a nested loop or
/// switch, and anything inside a lambda, stays local.)
bool mayLeaveEarly(const Stmt *S, bool InNestedLoop = false,
                   bool InSwitch = false) {
  if (!S)
    return false;
  if (isa<ReturnStmt>(S) || isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) ||
      isa<CXXThrowExpr>(S) || isa<CoreturnStmt>(S))
    return true;
  if (isa<BreakStmt>(S))
    return !InNestedLoop && !InSwitch;
  if (isa<ContinueStmt>(S))
    return !InNestedLoop;
  if (isa<LambdaExpr>(S) || isa<BlockExpr>(S))
    return false;
  bool Loop = isa<ForStmt>(S) || isa<WhileStmt>(S) || isa<DoStmt>(S) ||
              isa<CXXForRangeStmt>(S);
  bool Switch = isa<SwitchStmt>(S);
  for (const Stmt *Child : S->children())
    if (mayLeaveEarly(Child, InNestedLoop || Loop, InSwitch || Switch))
      return true;
  return false;
}
} // namespace

namespace {
/// The loop's header says it runs its body at least once (constant bounds).
bool runsAtLeastOnce(const LoopShape &L, const ASTContext &Ctx) {
  Expr::EvalResult First, Bound;
  if (!L.Init || !L.Bound || L.Init->isValueDependent() ||
      L.Bound->isValueDependent() || !L.Init->EvaluateAsInt(First, Ctx) ||
      !L.Bound->EvaluateAsInt(Bound, Ctx))
    return false;
  llvm::APSInt A = First.Val.getInt(), B = Bound.Val.getInt();
  if (A.getBitWidth() != B.getBitWidth() || A.isSigned() != B.isSigned())
    return false;
  switch (L.Cmp) {
  case BO_LT:
    return A < B;
  case BO_LE:
    return A <= B;
  case BO_GT:
    return A > B;
  case BO_GE:
    return A >= B;
  case BO_NE:
    return A != B;
  default:
    return false;
  }
}
} // namespace

namespace {
/// \p S can leave by a jump the walk does not follow (goto, throw).
bool jumpsAway(const Stmt *S) {
  if (!S || isa<LambdaExpr>(S) || isa<BlockExpr>(S))
    return false;
  if (isa<GotoStmt>(S) || isa<IndirectGotoStmt>(S) || isa<CXXThrowExpr>(S) ||
      isa<CoreturnStmt>(S))
    return true;
  return llvm::any_of(S->children(), jumpsAway);
}
} // namespace

void RegionBuilder::noteExit(size_t Depth) {
  // (A return of a called function leaves that function only.)
  if (Depth == 0 && InlineStack.empty())
    LeftWorkItem = true;
  for (size_t K = Depth; K < BranchPath.size(); ++K) {
    auto [It, New] = ExitPhases.try_emplace(BranchPath[K], Phase);
    if (!New)
      It->second = std::min(It->second, Phase);
  }
}

void RegionBuilder::noteBranchEnd(const Stmt *Branch) {
  if (BranchPath.empty() || !Branch || jumpsAway(Branch))
    return;
  // The fewest barriers passed on a way out: its end, a break, a continue
  // or a return.
  unsigned Id = BranchPath.back(), Fewest = Phase;
  if (auto It = ExitPhases.find(Id); It != ExitPhases.end())
    Fewest = std::min(Fewest, It->second);
  R.BranchEndPhase[Id] = Fewest;
}

void RegionBuilder::joinPhases(std::initializer_list<PhaseMark> Ends) {
  unsigned Fewest = ~0u, Most = 0;
  for (const PhaseMark &M : Ends) {
    Fewest = std::min(Fewest, M.Phase);
    Most = std::max(Most, M.Possible);
  }
  bool Same = llvm::all_of(
      Ends, [&](const PhaseMark &M) { return M == *Ends.begin(); });
  Phase = Fewest;
  // A count no path through the arms reached: what follows may or may not
  // be past a barrier of some arm.
  PossibleBarriers = Same ? Most : Most + 1;
}

void RegionBuilder::barrier() {
  // After a return in a called function, only paths that did not take it
  // reach the barrier.
  if (AfterReturn)
    ++PossibleBarriers;
  else
    ++Phase;
}

void RegionBuilder::notePossibleBarrier(const CallExpr *Call) {
  // Only a team's replicated code meets the team's barriers; none may be in
  // a task, a critical section or code one thread runs.
  if (Spec.Kind != RegionKind::Replicated || InNestedTask ||
      CurrentGuard != Guard::None)
    return;
  if (Semantics.callMayHoldBarrier(Call))
    ++PossibleBarriers;
}

namespace {
/// Whether \p S names one of the variables in \p Vars.
bool mentionsAny(const Stmt *S,
                 const llvm::SmallPtrSetImpl<const VarDecl *> &Vars) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()); V && Vars.count(V))
      return true;
  for (const Stmt *Child : S->children())
    if (mentionsAny(Child, Vars))
      return true;
  return false;
}
} // namespace

void RegionBuilder::runtimeStepConditions(const LoopShape &L, SymbolId Var,
                                          const ExprRef &Step) {
  // i = start + Step * k for a count k >= 0 of steps taken, and Step >= 1
  // (a loop `i < n; i += s` entered with s < 1 never ends). The symbol of
  // i keeps the step-1 range around those values for the analyses that
  // read ranges; the conditions give the solver the lattice.
  R.Symbols[Var].RuntimeStep = Step;
  Symbol K;
  K.Name = "steps of " + L.Var->getNameAsString();
  K.Kind = SymbolKind::InnerLoop;
  K.Min = SymExpr::constant(0);
  ExprRef Steps = SymExpr::symbol(R.addSymbol(std::move(K)));
  ExprRef Start = R.symbol(Var).Min;
  if (!Start)
    return;
  PathConditions.push_back({Step, Comparison::GE, SymExpr::constant(1)});
  PathConditions.push_back(
      {SymExpr::symbol(Var), Comparison::EQ,
       SymExpr::binary(ExprKind::Add, Start,
                       SymExpr::binary(ExprKind::Mul, Step, Steps))});
}

void RegionBuilder::visitFor(const ForStmt *F) {
  visitStmt(F->getInit());
  auto Shape = matchForLoop(F, Ctx, /*RuntimeStep=*/true);
  if (Shape) {
    // A variable the body changes (`j++` inside) leaves its header's
    // range: it is an unknown value, not a loop variable. So does one
    // whose step the body changes.
    llvm::SmallPtrSet<const VarDecl *, 8> InBody;
    collectModified(F->getBody(), InBody);
    if (InBody.count(Shape->Var) ||
        (Shape->StepExpr && mentionsAny(Shape->StepExpr, InBody)))
      Shape.reset();
  }
  ExprRef RuntimeStep;
  if (Shape && Shape->StepExpr) {
    // The step must be one value for the whole loop that the model can
    // name (a size, the team's size); a value it cannot see per work item
    // leaves the variable unknown.
    RuntimeStep = translate(Shape->StepExpr);
    if (RuntimeStep->mentions([&](SymbolId S) {
          const Symbol &Sym = R.symbol(S);
          return Sym.Kind == SymbolKind::Opaque && Sym.IterationDependent;
        }))
      Shape.reset();
  }
  if (!Shape)
    bindIterator(F, SymbolKind::InnerLoop);
  std::optional<SymbolId> Previous;
  const Stmt *PreviousScope = nullptr;
  if (Shape) {
    if (auto It = Symbols.find(Shape->Var); It != Symbols.end())
      Previous = It->second;
    PreviousScope = SymbolScope.lookup(Shape->Var);
    Symbols[Shape->Var] = symbolForLoop(*Shape, SymbolKind::InnerLoop);
    SymbolScope[Shape->Var] = F;
  }
  size_t SavedConditions = PathConditions.size();
  if (Shape && Shape->StepExpr)
    runtimeStepConditions(*Shape, Symbols[Shape->Var], RuntimeStep);
  ++LoopDepth;
  if (F->getCond())
    visitExpr(F->getCond(), AccessKind::Read, true);
  if (Shape && !mayLeaveEarly(F->getBody()))
    R.CompleteLoops[NextBranch] = Symbols[Shape->Var];
  LoopBodies.insert(NextBranch);
  BranchPath.push_back(NextBranch++); // a body may run zero times
  PhaseMark Before = phaseMark();
  visitStmt(F->getBody());
  noteBranchEnd(F->getBody());
  if (!Shape || !runsAtLeastOnce(*Shape, Ctx))
    joinPhases({Before, phaseMark()});
  BranchPath.pop_back();
  if (F->getInc())
    visitExpr(F->getInc(), AccessKind::Read, false);
  --LoopDepth;
  PathConditions.resize(SavedConditions);
  if (Shape) {
    if (Previous)
      Symbols[Shape->Var] = *Previous;
    else
      Symbols.erase(Shape->Var);
    if (PreviousScope)
      SymbolScope[Shape->Var] = PreviousScope;
    else
      SymbolScope.erase(Shape->Var);
  }
}

std::optional<SymbolId> RegionBuilder::bindIterator(const ForStmt *F,
                                                    SymbolKind Kind) {
  // `for (auto it = v.begin(); ...; ++it)` or `for (T *p = a; ...; ++p)`:
  // the iterator walks the elements of one buffer.
  const auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit());
  const auto *V = DS && DS->isSingleDecl()
                      ? dyn_cast<VarDecl>(DS->getSingleDecl())
                      : nullptr;
  const Expr *Inc = F->getInc() ? F->getInc()->IgnoreParenImpCasts() : nullptr;
  bool Forward = false;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc))
    Forward = UO->isIncrementOp();
  else if (const auto *OC = dyn_cast_or_null<CXXOperatorCallExpr>(Inc))
    Forward = OC->getOperator() == OO_PlusPlus;
  if (!V || !V->getInit() || !Forward)
    return std::nullopt;
  llvm::SmallPtrSet<const VarDecl *, 8> InBody;
  collectModified(F->getBody(), InBody);
  if (InBody.count(V))
    return std::nullopt;
  const Expr *Init = V->getInit()->IgnoreImplicit();
  if (const auto *CE = dyn_cast<CXXConstructExpr>(Init);
      CE && CE->getNumArgs() == 1)
    Init = CE->getArg(0)->IgnoreImplicit();
  auto T = resolvePointer(Init);
  if (!T || T->Scalar || T->Index.empty())
    return std::nullopt;
  Symbol S;
  S.Name = V->getNameAsString();
  S.Kind = Kind;
  S.Min = SymExpr::constant(0);
  SymbolId Id = R.addSymbol(std::move(S));
  T->Index.back() =
      SymExpr::binary(ExprKind::Add, T->Index.back(), SymExpr::symbol(Id));
  Aliases[V] = T;
  return Id;
}

void RegionBuilder::visitRangeFor(const CXXForRangeStmt *F) {
  const VarDecl *LV = F->getLoopVariable();
  Symbol S;
  S.Name = LV->getNameAsString();
  S.Kind = SymbolKind::InnerLoop;
  S.Min = SymExpr::constant(0);
  SymbolId Id = R.addSymbol(std::move(S));
  if (auto T = resolveLValue(F->getRangeInit())) {
    pushDim(*T, SymExpr::symbol(Id), sizeOf(Ctx, LV->getType()));
    if (LV->getType()->isReferenceType())
      Aliases[LV] = T;
    else
      record(*T, AccessKind::Read, F->getRangeInit());
  } else {
    visitExpr(F->getRangeInit(), AccessKind::Read, true);
  }
  ++LoopDepth;
  LoopBodies.insert(NextBranch);
  BranchPath.push_back(NextBranch++); // a body may run zero times
  PhaseMark Before = phaseMark();
  visitStmt(F->getBody());
  noteBranchEnd(F->getBody());
  joinPhases({Before, phaseMark()});
  BranchPath.pop_back();
  --LoopDepth;
}

void RegionBuilder::visitGuarded(const Stmt *S, Guard G,
                                 std::optional<int64_t> Thread) {
  Guard Saved = CurrentGuard;
  std::optional<int64_t> SavedThread = GuardThread;
  if (G != Guard::None && CurrentGuard == Guard::None)
    CurrentGuard = G;
  if (Thread && !GuardThread)
    GuardThread = Thread;
  visitStmt(S);
  CurrentGuard = Saved;
  GuardThread = SavedThread;
}

void RegionBuilder::visitNestedTask(const Stmt *S) {
  bool Saved = InNestedTask;
  InNestedTask = true;
  visitStmt(S);
  InNestedTask = Saved;
}

void RegionBuilder::childTasks(const Stmt *TaskBody) {
  R.CreatesChildTasks = true;
  R.ChildTasksUseThreadId |= mayUseThreadId(TaskBody, 0);
  ThreadIdWalked.clear();
  R.ChildTasksSeenUsingThreadId |=
      mayUseThreadId(TaskBody, 0, /*Unseen=*/false);
}

void RegionBuilder::worksharingLoop(const Stmt *Body) {
  if (R.Kind != RegionKind::Replicated || !Body)
    return;
  // `ws[k] = ...`, `ws[k] += ...`, `*ws = ...`, `ws[k]++` on a variable
  // holding one of this work item's blocks.
  auto Block = [&](const Expr *Target) -> const VarDecl * {
    Target = Target->IgnoreParenImpCasts();
    const Expr *Base = nullptr;
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(Target))
      Base = AS->getBase();
    else if (const auto *UO = dyn_cast<UnaryOperator>(Target);
             UO && UO->getOpcode() == UO_Deref)
      Base = UO->getSubExpr();
    const auto *DRE =
        Base ? dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts()) : nullptr;
    return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  };
  auto Written = [&](const Stmt *S) -> const Expr * {
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp())
      return BO->getLHS();
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && UO->isIncrementDecrementOp())
      return UO->getSubExpr();
    return nullptr;
  };
  // Whether \p S writes through the pointer \p P.
  auto WritesThrough = [&](const Stmt *S, const VarDecl *P) {
    return walkStmts(
        S,
        [&](const Stmt *X) {
          const Expr *Target = Written(X);
          return Target && Block(Target) == P ? WalkStep::Interrupt
                                              : WalkStep::Advance;
        },
        CapturedChildren::Captures);
  };
  auto Mark = [&](const VarDecl *V, SourceLocation At) {
    auto It = V ? AllocationsOf.find(V) : AllocationsOf.end();
    if (It == AllocationsOf.end())
      return;
    for (size_t K : It->second)
      if (R.Allocations[K].PerThread &&
          !R.Allocations[K].WrittenInNestedLoop.valid())
        R.Allocations[K].WrittenInNestedLoop = toLoc(At);
  };
  auto Visit = [&](const Stmt *S) {
    if (const Expr *Target = Written(S))
      Mark(Block(Target), Target->getBeginLoc());
    // A block handed to a function of the unit that writes through it
    // (`step(ws, x, i)`), one call deep.
    if (const auto *Call = dyn_cast<CallExpr>(S)) {
      const FunctionDecl *Def = nullptr;
      if (const FunctionDecl *FD = Call->getDirectCallee();
          FD && FD->hasBody(Def) && Def &&
          !isSystemFunction(Def, Ctx.getSourceManager()) &&
          Def->getNumParams() == Call->getNumArgs())
        for (unsigned K = 0; K < Call->getNumArgs(); ++K) {
          const auto *Arg =
              dyn_cast<DeclRefExpr>(Call->getArg(K)->IgnoreParenImpCasts());
          const auto *V = Arg ? dyn_cast<VarDecl>(Arg->getDecl()) : nullptr;
          if (V && AllocationsOf.count(V) &&
              WritesThrough(Def->getBody(), Def->getParamDecl(K)))
            Mark(V, Call->getBeginLoc());
        }
    }
  };
  forEachStmt(Body, Visit, CapturedChildren::Captures);
}

void RegionBuilder::schedulingPoint(SourceLocation Where, const char *What) {
  // Every unit runs in a task, explicit or implicit: what its thread may
  // run while it waits decides about its thread-indexed slots.
  SchedulingPoint P;
  P.Where = toLoc(Where);
  P.What = What;
  P.Order = NextOrder++;
  R.SchedulingPoints.push_back(std::move(P));
}

//===-- Expressions -------------------------------------------------------===//

bool RegionBuilder::sameTarget(const Expr *A, const Expr *B) {
  auto TA = resolveLValue(A), TB = resolveLValue(B);
  return TA && TB && TA->Decl == TB->Decl && TA->Level == TB->Level &&
         equalIndex(TA->Index, TB->Index);
}

ReductionOp RegionBuilder::selfUpdateOp(const Expr *LHS, const Expr *RHS) {
  // `x = x + e`, `x = e * x`, `x = max(x, e)`, `x = x < e ? e : x`.
  RHS = RHS->IgnoreParenImpCasts();
  if (const auto *BO = dyn_cast<BinaryOperator>(RHS)) {
    ReductionOp Op = opFor(BO->getOpcode());
    if (Op == ReductionOp::Other)
      return ReductionOp::None;
    if (sameTarget(LHS, BO->getLHS()->IgnoreParenImpCasts()))
      return Op;
    if (Op != ReductionOp::Sub &&
        sameTarget(LHS, BO->getRHS()->IgnoreParenImpCasts()))
      return Op;
    return ReductionOp::None;
  }
  if (const auto *Call = dyn_cast<CallExpr>(RHS)) {
    unsigned N = nameFamilies(calleeName(Call));
    bool Max = N & family::MaxFunction;
    bool Min = N & family::MinFunction;
    if ((Max || Min) && Call->getNumArgs() == 2 &&
        (sameTarget(LHS, Call->getArg(0)->IgnoreParenImpCasts()) ||
         sameTarget(LHS, Call->getArg(1)->IgnoreParenImpCasts())))
      return Max ? ReductionOp::Max : ReductionOp::Min;
  }
  return ReductionOp::None;
}

void RegionBuilder::visitLValue(const Expr *E, AccessKind Mode, ReductionOp Op,
                                bool ValueUsed) {
  // `m[k]` of a map inserts k when it is missing: a change of the
  // container that `omp atomic` on the element does not protect.
  if (const CXXOperatorCallExpr *OC = mapSubscript(E)) {
    // A map that is itself a map's element (`outer[i][k]`): taking it
    // inserts i into the outer map first, a change of the whole outer map.
    if (mapSubscript(OC->getArg(0)))
      visitLValue(OC->getArg(0), AccessKind::Write, ReductionOp::None, false);
    if (auto T = resolveLValue(OC->getArg(0))) {
      Guard Saved = CurrentGuard;
      if (CurrentGuard == Guard::Atomic)
        CurrentGuard = Guard::None;
      // Of a map that is one element of an outer container (`maps[i][k]`,
      // or through `auto &m = maps[i];`), that element; of one taken from
      // another map (`auto &m = outer[i]; m[k] = v;`), the whole outer map,
      // which taking it may have changed.
      const auto *Ref =
          dyn_cast<DeclRefExpr>(OC->getArg(0)->IgnoreParenImpCasts());
      bool FromMap =
          Ref && MapElementRefs.count(dyn_cast<VarDecl>(Ref->getDecl()));
      record(*T, AccessKind::Write, E, ReductionOp::None, false,
             /*Whole=*/T->Index.empty() || FromMap);
      CurrentGuard = Saved;
    }
    visitIndices(E);
    return;
  }
  if (auto T = resolveLValue(E))
    record(*T, Mode, E, Op, Mode == AccessKind::ReadModifyWrite && ValueUsed);
  visitIndices(E);
}

const CXXOperatorCallExpr *RegionBuilder::mapSubscript(const Expr *E) const {
  const auto *OC = dyn_cast<CXXOperatorCallExpr>(E->IgnoreParenImpCasts());
  if (!OC || OC->getOperator() != OO_Subscript || OC->getNumArgs() != 2)
    return nullptr;
  StringRef Container = recordName(OC->getArg(0)->getType());
  return Container == "map" || Container == "unordered_map" ? OC : nullptr;
}

void RegionBuilder::visitPointerOperand(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E))
    if (IC->getCastKind() == CK_ArrayToPointerDecay)
      return visitIndices(IC->getSubExpr());
  visitExpr(E, AccessKind::Read, true);
}

void RegionBuilder::visitIndices(const Expr *E) {
  E = E->IgnoreParens();
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
    if (IC->getCastKind() == CK_LValueToRValue)
      return visitExpr(E, AccessKind::Read, true);
    return visitIndices(IC->getSubExpr());
  }
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    visitPointerOperand(AS->getBase());
    visitExpr(AS->getIdx(), AccessKind::Read, true);
    return;
  }
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Deref)
      return visitPointerOperand(UO->getSubExpr());
    return visitExpr(E, AccessKind::Read, true);
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E)) {
    if (ME->isArrow())
      return visitPointerOperand(ME->getBase());
    return visitIndices(ME->getBase());
  }
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E)) {
    // Any number of indices: `v[i]`, C++23's `m[i, j]` and `m[]`.
    if (OC->getOperator() == OO_Subscript && OC->getNumArgs() >= 1) {
      visitIndices(OC->getArg(0));
      for (unsigned I = 1; I < OC->getNumArgs(); ++I)
        visitExpr(OC->getArg(I), AccessKind::Read, true);
      return;
    }
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E)) {
    if (const Expr *Obj = MC->getImplicitObjectArgument())
      visitIndices(Obj);
    for (const Expr *Arg : MC->arguments())
      visitExpr(Arg, AccessKind::Read, true);
    return;
  }
  if (auto TE = tupleElement(E))
    return visitIndices(TE->Object);
  if (isa<DeclRefExpr>(E))
    return;
  visitExpr(E, AccessKind::Read, true);
}

void RegionBuilder::visitExpr(const Expr *E, AccessKind Mode, bool ValueUsed) {
  if (!E)
    return;
  E = E->IgnoreParens();

  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
    switch (IC->getCastKind()) {
    case CK_LValueToRValue:
      return visitExpr(IC->getSubExpr(), AccessKind::Read, true);
    case CK_ArrayToPointerDecay:
      return visitIndices(IC->getSubExpr());
    default:
      return visitExpr(IC->getSubExpr(), Mode, ValueUsed);
    }
  }
  if (const auto *FE = dyn_cast<FullExpr>(E))
    return visitExpr(FE->getSubExpr(), Mode, ValueUsed);
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return visitExpr(MT->getSubExpr(), Mode, ValueUsed);
  if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
    return visitExpr(BT->getSubExpr(), Mode, ValueUsed);
  if (isa<LambdaExpr>(E) || isa<BlockExpr>(E))
    return; // lambdas run where they are called: a later TBB front end
  if (isa<UnaryExprOrTypeTraitExpr>(E) || isa<CXXTypeidExpr>(E) ||
      isa<CXXNoexceptExpr>(E))
    return; // sizeof, alignof, typeid, noexcept: unevaluated

  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return visitBinary(BO, Mode, ValueUsed);

  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->isIncrementDecrementOp()) {
      visitLValue(UO->getSubExpr(), AccessKind::ReadModifyWrite,
                  ReductionOp::Add, ValueUsed);
      return stepPointerParam(UO);
    }
    if (UO->getOpcode() == UO_AddrOf)
      return visitIndices(UO->getSubExpr());
    if (UO->getOpcode() == UO_Deref)
      return visitLValue(E, Mode, ReductionOp::None, ValueUsed);
    return visitExpr(UO->getSubExpr(), AccessKind::Read, true);
  }

  if (isa<DeclRefExpr>(E) || isa<ArraySubscriptExpr>(E) || isa<MemberExpr>(E) ||
      tupleElement(E))
    return visitLValue(E, Mode, ReductionOp::None, ValueUsed);

  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E))
    return visitOperatorCall(OC, Mode, ValueUsed);

  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    return visitMemberCall(MC);
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    visitCall(Call, ValueUsed);
    return;
  }

  if (const auto *CO = dyn_cast<AbstractConditionalOperator>(E)) {
    visitExpr(CO->getCond(), AccessKind::Read, true);
    visitExpr(CO->getTrueExpr(), AccessKind::Read, true);
    visitExpr(CO->getFalseExpr(), AccessKind::Read, true);
    return;
  }

  if (const auto *Del = dyn_cast<CXXDeleteExpr>(E))
    noteFree(Del->getArgument());

  for (const Stmt *Child : E->children())
    if (const auto *CE = dyn_cast_or_null<Expr>(Child))
      visitExpr(CE, AccessKind::Read, true);
}

void RegionBuilder::visitBinary(const BinaryOperator *BO, AccessKind Mode,
                                bool ValueUsed) {
  if (BO->getOpcode() == BO_Assign)
    return visitAssignment(BO, ValueUsed);
  if (BO->isCompoundAssignmentOp()) {
    // `dst += offset;` of a pointer parameter moves it as `dst = dst +
    // offset;` does.
    const VarDecl *Rebound = reboundPointerParam(BO);
    std::optional<Target> NewTarget;
    if (Rebound)
      NewTarget = resolvePointerArithmetic(BO);
    visitExpr(BO->getRHS(), AccessKind::Read, true);
    visitLValue(BO->getLHS(), AccessKind::ReadModifyWrite,
                opFor(BO->getOpcode()), ValueUsed);
    if (Rebound)
      Aliases[Rebound] = NewTarget;
    return;
  }
  if (BO->getOpcode() == BO_Comma) {
    visitExpr(BO->getLHS(), AccessKind::Read, false);
    visitExpr(BO->getRHS(), Mode, ValueUsed);
    return;
  }
  visitExpr(BO->getLHS(), AccessKind::Read, true);
  visitExpr(BO->getRHS(), AccessKind::Read, true);
}

void RegionBuilder::visitAssignment(const BinaryOperator *BO, bool ValueUsed) {
  // Where a rebound pointer parameter points from here on, resolved before
  // the assignment changes what the right-hand side's own use of it means.
  const VarDecl *Rebound = reboundPointerParam(BO);
  std::optional<Target> NewTarget;
  if (Rebound)
    NewTarget = resolvePointer(BO->getRHS());
  if (const auto *DRE =
          dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts()))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      noteAllocation(V, BO->getRHS());
  ReductionOp Op = selfUpdateOp(BO->getLHS(), BO->getRHS());
  if (Op == ReductionOp::None && PendingConditionalLHS == BO->getLHS())
    Op = PendingConditionalOp;
  if (Op != ReductionOp::None &&
      Op == selfUpdateOp(BO->getLHS(), BO->getRHS())) {
    // `x = x + e`: the read of x is the update's own, recorded with it
    // (as for `x += e`); only the other operands are read.
    const Expr *RHS = BO->getRHS()->IgnoreParenImpCasts();
    auto Other = [&](const Expr *Operand) {
      if (!sameTarget(BO->getLHS(), Operand->IgnoreParenImpCasts()))
        visitExpr(Operand, AccessKind::Read, true);
    };
    if (const auto *Bin = dyn_cast<BinaryOperator>(RHS)) {
      Other(Bin->getLHS());
      Other(Bin->getRHS());
    } else if (const auto *Call = dyn_cast<CallExpr>(RHS)) {
      for (const Expr *Arg : Call->arguments())
        Other(Arg);
    } else {
      visitExpr(BO->getRHS(), AccessKind::Read, true);
    }
  } else {
    visitExpr(BO->getRHS(), AccessKind::Read, true);
  }
  // The value a plain store of a variable or member writes (a same-value
  // store is harmless in practice).
  const Expr *Stored = BO->getLHS()->IgnoreParenImpCasts();
  const auto *Deref = dyn_cast<UnaryOperator>(Stored);
  bool Named = isa<DeclRefExpr>(Stored) || isa<MemberExpr>(Stored) ||
               (Deref && Deref->getOpcode() == UO_Deref);
  if (Op == ReductionOp::None && BO->getOpcode() == BO_Assign && Named &&
      BO->getType()->isScalarType()) {
    StoreTarget = Stored;
    StoreValue = translate(BO->getRHS());
  }
  visitLValue(BO->getLHS(),
              Op == ReductionOp::None ? AccessKind::Write
                                      : AccessKind::ReadModifyWrite,
              Op, ValueUsed);
  StoreTarget = nullptr;
  StoreValue = nullptr;
  if (Rebound)
    Aliases[Rebound] = NewTarget;
}

void RegionBuilder::visitOperatorCall(const CXXOperatorCallExpr *OC,
                                      AccessKind Mode, bool ValueUsed) {
  OverloadedOperatorKind OK = OC->getOperator();
  if (OK == OO_Subscript)
    return visitLValue(OC, Mode, ReductionOp::None, ValueUsed);
  if (OC->getNumArgs() == 2 &&
      (OK == OO_Equal || OK == OO_PlusEqual || OK == OO_MinusEqual ||
       OK == OO_StarEqual || OK == OO_PipeEqual || OK == OO_AmpEqual ||
       OK == OO_CaretEqual) &&
      !isAtomicType(OC->getArg(0)->getType())) {
    // Assignment to a whole object of class type (`s = t`, `v += w`).
    visitExpr(OC->getArg(1), AccessKind::Read, true);
    if (auto T = resolveLValue(OC->getArg(0))) {
      bool Element =
          OC->getArg(0)->getType()->isArithmeticType() || !T->Index.empty();
      size_t Before = R.Accesses.size();
      record(*T,
             OK == OO_Equal ? AccessKind::Write : AccessKind::ReadModifyWrite,
             OC->getArg(0),
             OK == OO_PlusEqual ? ReductionOp::Add : ReductionOp::Other,
             ValueUsed, /*Whole=*/!Element);
      // `v = w` makes the object anew, its size too.
      if (OK == OO_Equal && !Element && R.Accesses.size() == Before + 1)
        R.Accesses.back().Old = Access::OldContents::Discarded;
    }
    visitIndices(OC->getArg(0));
    return;
  }
  for (const Expr *Arg : OC->arguments())
    visitExpr(Arg, AccessKind::Read, true);
}

void RegionBuilder::recordRange(const Expr *Pointer, const Expr *Length,
                                AccessKind Kind, const Expr *Where,
                                bool LengthInBytes) {
  visitPointerOperand(Pointer);
  // memset and memcpy take `void *`: look through that conversion.
  while (const auto *IC = dyn_cast<ImplicitCastExpr>(Pointer->IgnoreParens())) {
    if ((IC->getCastKind() != CK_BitCast && IC->getCastKind() != CK_NoOp) ||
        !IC->getType()->isVoidPointerType())
      break;
    Pointer = IC->getSubExpr();
  }
  if (Length)
    visitExpr(Length, AccessKind::Read, true);
  auto T = resolvePointer(Pointer);
  if (!T)
    return;
  bool Dependent = false;
  for (const ExprRef &I : T->Index)
    Dependent |= !isWorkItemInvariant(I);
  if (!Dependent) {
    // The same range in every work item: treat it as the whole buffer.
    record(*T, Kind, Where, ReductionOp::None, false, /*Whole=*/true);
    return;
  }
  if (!Length || T->Index.empty())
    return; // a range per work item of unknown length: nothing to claim
  // The elements [start, start + count): an inner loop over the count.
  ExprRef Count = translate(Length);
  if (LengthInBytes) {
    QualType Elem = Pointer->getType()->isPointerType()
                        ? Pointer->getType()->getPointeeType()
                        : QualType();
    uint64_t Size = Elem.isNull() ? 0 : sizeOf(Ctx, Elem);
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
  Offset.Name = "offset in " + spell(Where);
  Offset.Kind = SymbolKind::InnerLoop;
  Offset.CoveredByAccess = true;
  Offset.Min = SymExpr::constant(0);
  Offset.Max = SymExpr::binary(ExprKind::Sub, Count, SymExpr::constant(1));
  SymbolId Id = R.addSymbol(std::move(Offset));
  T->Index.back() =
      SymExpr::binary(ExprKind::Add, T->Index.back(), SymExpr::symbol(Id));
  record(*T, Kind, Where);
}

bool RegionBuilder::visitKnownLibraryCall(const CallExpr *Call) {
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
    visitExpr(Arg(1), AccessKind::Read, true);
    visitExpr(Arg(2), AccessKind::Read, true);
    return true;
  }
  if (Std && Name == KnownName::FillN && N == 3) {
    recordRange(Arg(0), Arg(1), AccessKind::Write, Call, false);
    visitExpr(Arg(2), AccessKind::Read, true);
    return true;
  }
  if (Std && Name == KnownName::Copy && N == 3) {
    recordRange(Arg(0), nullptr, AccessKind::Read, Call, false);
    visitExpr(Arg(1), AccessKind::Read, true);
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

bool RegionBuilder::visitCall(const CallExpr *Call, bool ValueUsed) {
  if (isThreadIdCall(Call) || lockEffect(Call, Ctx))
    return true;
  // A call that is one of the model's constructs (a nested TBB algorithm).
  if (Semantics.visitNested(Call, *this))
    return true;
  unsigned Callee = nameFamilies(stripBuiltin(calleeName(Call)));
  // `std::move(v)` and `std::swap(v, w)` hand v's storage elsewhere: an
  // allocation that escapes the work item.
  if ((Callee & family::HandsOverStorage) && Call->getDirectCallee() &&
      Call->getDirectCallee()->isInStdNamespace())
    for (const Expr *Arg : Call->arguments())
      noteEscape(Arg);
  if (isKnown(Call, Free) && Call->getNumArgs() == 1) {
    noteFree(Call->getArg(0));
    visitExpr(Call->getArg(0), AccessKind::Read, true);
    return true;
  }
  if (visitKnownLibraryCall(Call))
    return true;
  const FunctionDecl *FD = Call->getDirectCallee();
  if (FD) {
    const FunctionDecl *Def = nullptr;
    if (FD->hasBody(Def) && Def &&
        !isSystemFunction(Def, Ctx.getSourceManager()) &&
        !isa<CXXMethodDecl>(Def)) {
      inlineCall(Call, Def);
      return true;
    }
  } else {
    visitExpr(Call->getCallee(), AccessKind::Read, true);
  }
  for (const Expr *Arg : Call->arguments()) {
    visitExpr(Arg, AccessKind::Read, true);
    noteOpaqueCallRead(Arg);
  }
  // (Its arguments are evaluated before any barrier it holds.)
  notePossibleBarrier(Call);
  return false;
}

void RegionBuilder::noteOpaqueCallRead(const Expr *Arg) {
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
    visitLValue(DRE, AccessKind::Read, ReductionOp::None, true);
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

void RegionBuilder::visitMemberCall(const CXXMemberCallExpr *Call) {
  const CXXMethodDecl *MD = Call->getMethodDecl();
  const Expr *Obj = Call->getImplicitObjectArgument();
  if (Semantics.visitNested(Call, *this))
    return;
  // A method is never followed into (unlike a function): what it does with
  // an address it is given is unseen.
  bool Unseen = MD && !MD->getParent()->isInStdNamespace();
  for (const Expr *Arg : Call->arguments()) {
    visitExpr(Arg, AccessKind::Read, true);
    if (Unseen)
      noteOpaqueCallRead(Arg);
  }
  notePossibleBarrier(Call);
  if (!MD || !Obj)
    return;
  if (isAtomicType(Obj->getType()) || lockEffect(Call, Ctx))
    return;
  StringRef Name = MD->getIdentifier() ? MD->getName() : StringRef();
  KnownName Known = knownName(Name);
  if (Known == KnownName::Swap)
    for (const Expr *Arg : Call->arguments())
      noteEscape(Arg);
  if (nameFamilies(Name) & family::ElementRef) {
    // Element access used as a value.
    visitLValue(Call, AccessKind::Read, ReductionOp::None, true);
    return;
  }
  bool Arrow = Obj->getType()->isPointerType();
  // A method of the program's own class that holds a lock for its whole
  // body (`std::lock_guard<std::mutex> lk(mutex_);` first) changes the
  // object under that lock.
  unsigned SavedLock = LockDepth;
  if (locksWholeBody(MD))
    ++LockDepth;
  llvm::scope_exit Release([&] { LockDepth = SavedLock; });
  if (isMutatingMethod(Name) && !MD->isConst()) {
    // push_back and friends change the container itself (size, storage).
    // A mutation of the container itself, or of one element of an outer
    // container (`rows[i].push_back(x)` changes rows[i] only).
    auto T = Arrow ? resolvePointer(Obj) : resolveLValue(Obj);
    size_t Before = R.Accesses.size();
    if (T)
      record(*T, AccessKind::Write, Call, ReductionOp::None, false,
             /*Whole=*/T->Index.empty());
    if (R.Accesses.size() == Before + 1 &&
        (nameFamilies(Name) & family::Appends) &&
        MD->getParent()->isInStdNamespace())
      R.Accesses.back().Append = true;
    // What becomes of the old contents (a work item that clears a
    // container first does not depend on what another left).
    if (R.Accesses.size() == Before + 1 && R.Accesses.back().WholeBuffer) {
      Expr::EvalResult Size;
      bool ToZero = Known == KnownName::Resize && Call->getNumArgs() >= 1 &&
                    Call->getArg(0)->EvaluateAsInt(Size, Ctx) &&
                    Size.Val.getInt().isZero();
      R.Accesses.back().Old =
          ToZero ? Access::OldContents::Discarded
          : nameFamilies(Name) & family::DiscardsContents
              ? Access::OldContents::Discarded
          : Known == KnownName::Fill   ? Access::OldContents::Overwritten
          : Known == KnownName::Resize ? Access::OldContents::ElementsKept
                                       : Access::OldContents::Kept;
    }
  }
  if (Arrow)
    visitPointerOperand(Obj);
  else
    visitIndices(Obj);
}

void RegionBuilder::inlineCall(const CallExpr *Call, const FunctionDecl *FD) {
  // Calls are followed a few levels deep, never recursively; beyond that a
  // call's effects are unknown and nothing is reported about them. A call
  // of the function the construct is in (a task of fib calling fib) is
  // recursive too: its locals are other objects than the construct's,
  // though they are the same declarations.
  bool Recursive = llvm::is_contained(InlineStack, FD) ||
                   (Spec.Function && FD->getCanonicalDecl() ==
                                         Spec.Function->getCanonicalDecl());
  if (Recursive || InlineStack.size() >= 3 || !FD->getBody() ||
      FD->getNumParams() != Call->getNumArgs()) {
    for (const Expr *Arg : Call->arguments())
      visitExpr(Arg, AccessKind::Read, true);
    notePossibleBarrier(Call);
    return;
  }
  for (unsigned K = 0; K < FD->getNumParams(); ++K) {
    const ParmVarDecl *P = FD->getParamDecl(K);
    const Expr *Arg = Call->getArg(K);
    ItemLocals.insert(P);
    QualType T = P->getType();
    if (T->isReferenceType()) {
      Aliases[P] = resolveLValue(Arg);
      visitIndices(Arg);
    } else if (T->isPointerType() || T->isArrayType()) {
      Aliases[P] = resolvePointer(Arg);
      PointerParams.insert(P);
      visitPointerOperand(Arg);
      const Expr *Value = Arg->IgnoreParenImpCasts();
      if (!Value->isValueDependent() &&
          Value->isNullPointerConstant(Ctx, Expr::NPC_ValueDependentIsNotNull))
        NullPointerParams[P] = true;
      else if (const auto *UO = dyn_cast<UnaryOperator>(Value);
               UO && UO->getOpcode() == UO_AddrOf)
        NullPointerParams[P] = false;
      else
        NullPointerParams.erase(P);
    } else {
      visitExpr(Arg, AccessKind::Read, true);
      if (T->isIntegerType())
        ParamValues[P] = translate(Arg);
    }
  }
  collectDeclsIn(FD->getBody(), ItemLocals);
  collectModified(FD->getBody());
  const Expr *SavedSite = CallSite;
  if (!CallSite)
    CallSite = Call;
  InlineStack.push_back(FD);
  FunctionBranchDepth.push_back(BranchPath.size());
  bool SavedAfterReturn = AfterReturn;
  AfterReturn = false;
  visitStmt(FD->getBody());
  AfterReturn = SavedAfterReturn;
  FunctionBranchDepth.pop_back();
  InlineStack.pop_back();
  CallSite = SavedSite;
}

void RegionBuilder::stepPointerParam(const UnaryOperator *UO) {
  const auto *DRE =
      dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts());
  const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  if (!P || !PointerParams.count(P) || InlineStack.empty() ||
      P->getDeclContext() != InlineStack.back())
    return;
  std::optional<Target> Stepped;
  bool TopLevel = !FunctionBranchDepth.empty() &&
                  BranchPath.size() == FunctionBranchDepth.back() &&
                  !AfterReturn;
  if (TopLevel)
    Stepped = pointerVariable(P);
  if (Stepped && !Stepped->Scalar && !Stepped->Index.empty())
    Stepped->Index.back() =
        SymExpr::binary(UO->isIncrementOp() ? ExprKind::Add : ExprKind::Sub,
                        Stepped->Index.back(), SymExpr::constant(1));
  else
    Stepped.reset();
  Aliases[P] = Stepped;
}

const VarDecl *RegionBuilder::reboundPointerParam(const BinaryOperator *BO) {
  if (BO->getOpcode() != BO_Assign && BO->getOpcode() != BO_AddAssign &&
      BO->getOpcode() != BO_SubAssign)
    return nullptr;
  const auto *DRE = dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
  const auto *P = DRE ? dyn_cast<ParmVarDecl>(DRE->getDecl()) : nullptr;
  if (!P || !PointerParams.count(P) || InlineStack.empty() ||
      P->getDeclContext() != InlineStack.back())
    return nullptr;
  // Only where every later statement of the function sees the new value:
  // an assignment in a branch or a loop leaves the binding as it was.
  if (FunctionBranchDepth.empty() ||
      BranchPath.size() != FunctionBranchDepth.back() || AfterReturn)
    return nullptr;
  return P;
}

std::optional<Target>
RegionBuilder::resolveReturnedPointer(const CallExpr *Call) {
  const FunctionDecl *FD = Call->getDirectCallee(), *Def = nullptr;
  if (!FD || !FD->hasBody(Def) || !Def || isa<CXXMethodDecl>(Def) ||
      isSystemFunction(Def, Ctx.getSourceManager()) ||
      Def->getNumParams() != Call->getNumArgs() ||
      llvm::is_contained(InlineStack, Def) || InlineStack.size() >= 3)
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
      auto It = Aliases.find(P);
      SavedAliases.push_back(
          {P, It == Aliases.end() ? AliasEntry() : AliasEntry(It->second)});
      Aliases[P] =
          T->isReferenceType() ? resolveLValue(Arg) : resolvePointer(Arg);
    } else if (T->isIntegerType()) {
      auto It = ParamValues.find(P);
      SavedValues.push_back(
          {P, It == ParamValues.end() ? ExprRef() : It->second});
      ParamValues[P] = translate(Arg);
    }
  }
  InlineStack.push_back(Def);
  auto T = resolvePointer(Ret->getRetValue());
  InlineStack.pop_back();
  for (auto &[P, Old] : SavedAliases)
    if (Old)
      Aliases[P] = *Old;
    else
      Aliases.erase(P);
  for (auto &[P, Old] : SavedValues)
    if (Old)
      ParamValues[P] = Old;
    else
      ParamValues.erase(P);
  return T;
}

//===-- Where lvalues and pointers land -----------------------------------===//

std::optional<Target> RegionBuilder::resolveLValue(const Expr *E) {
  if (!E)
    return std::nullopt;
  E = E->IgnoreParens();
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(E)) {
    CastKind CK = IC->getCastKind();
    if (CK == CK_NoOp || CK == CK_UncheckedDerivedToBase ||
        CK == CK_DerivedToBase || CK == CK_LValueBitCast)
      return resolveLValue(IC->getSubExpr());
    // `T &y = r;` of a std::reference_wrapper r.
    if (CK == CK_UserDefinedConversion)
      if (const Expr *W = unwrappedReference(IC->getSubExpr()))
        return resolveWrapped(W);
    return std::nullopt;
  }
  if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
    return resolveLValue(MT->getSubExpr());
  if (const Expr *W = unwrappedReference(E))
    return resolveWrapped(W); // `r.get()`

  if (const auto *DRE = dyn_cast<DeclRefExpr>(E))
    return resolveVariable(DRE);
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
    return resolveSubscript(AS);
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() == UO_Deref)
      return resolvePointer(UO->getSubExpr());
    return std::nullopt;
  }
  if (const auto *ME = dyn_cast<MemberExpr>(E))
    return resolveMember(ME);
  if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(E))
    return resolveOperatorCall(OC);

  if (auto TE = tupleElement(E)) {
    auto T = resolveLValue(TE->Object);
    if (!T)
      return std::nullopt;
    if (TE->Member)
      pushDim(*T, SymExpr::constant(TE->K), 0,
              "get<" + std::to_string(TE->K) + ">");
    else
      pushDim(*T, SymExpr::constant(TE->K), sizeOf(Ctx, E->getType()));
    return T;
  }

  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    return resolveElementAccessor(MC);
  return std::nullopt;
}

std::optional<Target> RegionBuilder::resolveVariable(const DeclRefExpr *DRE) {
  const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
  if (!V)
    return std::nullopt;
  if (auto It = Aliases.find(V); It != Aliases.end()) {
    if (V->getType()->isReferenceType())
      return It->second;
  }
  if (V->getType()->isReferenceType() &&
      (ItemLocals.count(V) || ThreadLocals.count(V)))
    return std::nullopt; // a reference we could not follow
  Target T;
  T.Decl = V;
  T.Scalar = !V->getType()->isArrayType();
  return T;
}

std::optional<Target>
RegionBuilder::resolveSubscript(const ArraySubscriptExpr *AS) {
  const Expr *Base = AS->getBase()->IgnoreParens();
  std::optional<Target> T;
  if (const auto *IC = dyn_cast<ImplicitCastExpr>(Base);
      IC && IC->getCastKind() == CK_ArrayToPointerDecay) {
    T = resolveLValue(IC->getSubExpr());
    if (!T)
      return std::nullopt;
    pushDim(*T, translate(AS->getIdx()), sizeOf(Ctx, AS->getType()));
    T->Scalar = false;
    return T;
  }
  T = resolvePointer(Base);
  if (!T)
    return std::nullopt;
  if (T->Scalar || T->Index.empty())
    return std::nullopt; // `(&x)[k]`: not an array
  T->Index.back() =
      SymExpr::binary(ExprKind::Add, T->Index.back(), translate(AS->getIdx()));
  return T;
}

std::optional<Target> RegionBuilder::resolveMember(const MemberExpr *ME) {
  const auto *FD = dyn_cast<FieldDecl>(ME->getMemberDecl());
  if (!FD)
    return std::nullopt;
  if (isa<CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts())) {
    // A field of the object a member function runs on: a buffer of its
    // own, shared like the object.
    Target T;
    T.Decl = FD;
    T.Scalar = !FD->getType()->isArrayType();
    return T;
  }
  auto T = ME->isArrow() ? resolvePointer(ME->getBase())
                         : resolveLValue(ME->getBase());
  if (!T)
    return std::nullopt;
  if (T->Scalar && !T->Index.empty())
    T->Index.pop_back(); // `p->f` of `p = &s` is `s.f`
  // Members of a union overlap: they all start at number 0.
  int64_t Member = FD->getParent()->isUnion() ? 0 : FD->getFieldIndex();
  pushDim(*T, SymExpr::constant(Member), 0, FD->getNameAsString());
  T->Scalar = false;
  return T;
}

std::optional<Target>
RegionBuilder::resolveOperatorCall(const CXXOperatorCallExpr *OC) {
  if (OC->getOperator() == OO_Star && OC->getNumArgs() == 1) {
    // `*it` of an iterator that walks a buffer.
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(OC->getArg(0)->IgnoreParenImpCasts()))
      if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
        if (auto It = Aliases.find(V); It != Aliases.end())
          return It->second;
    return std::nullopt;
  }
  if (OC->getOperator() == OO_Subscript && OC->getNumArgs() == 2) {
    auto T = resolveLValue(OC->getArg(0));
    if (!T)
      return std::nullopt;
    if (elementsApart(OC->getArg(0)->getType()))
      for (uint64_t &Stride : T->Strides)
        Stride = 0;
    pushDim(*T, translate(OC->getArg(1)), sizeOf(Ctx, OC->getType()));
    T->Scalar = false;
    return T;
  }
  if (OC->getOperator() == OO_Subscript) {
    // C++23's `m[i, j]` (one dimension per index, layout unknown) and
    // `m[]` (one element, the same for every work item).
    auto T = resolveLValue(OC->getArg(0));
    if (!T)
      return std::nullopt;
    for (uint64_t &Stride : T->Strides)
      Stride = 0;
    if (OC->getNumArgs() == 1)
      pushDim(*T, SymExpr::constant(0), 0);
    for (unsigned I = 1; I < OC->getNumArgs(); ++I)
      pushDim(*T, translate(OC->getArg(I)), 0);
    return T;
  }
  return std::nullopt;
}

std::optional<Target>
RegionBuilder::resolveElementAccessor(const CXXMemberCallExpr *MC) {
  const CXXMethodDecl *MD = MC->getMethodDecl();
  if (!MD || !MD->getIdentifier() || !MC->getImplicitObjectArgument())
    return std::nullopt;
  KnownName Name = knownName(MD);
  if (!(nameFamilies(MD->getName()) & family::ElementRef))
    return std::nullopt;
  const Expr *Obj = MC->getImplicitObjectArgument();
  auto T = Obj->getType()->isPointerType() ? resolvePointer(Obj)
                                           : resolveLValue(Obj);
  if (!T)
    return std::nullopt;
  uint64_t Stride = sizeOf(Ctx, MC->getType());
  if (Name == KnownName::At && MC->getNumArgs() == 1)
    pushDim(*T, translate(MC->getArg(0)), Stride);
  else if (Name == KnownName::Front)
    pushDim(*T, SymExpr::constant(0), Stride);
  else
    pushDim(*T, opaque(MC, false), Stride);
  T->Scalar = false;
  return T;
}

std::optional<Target> RegionBuilder::resolveWrapped(const Expr *Wrapper) {
  // The wrapper's copy (a by-copy capture) is the body's, but every copy
  // refers to the one object: what it refers to is shared like that object.
  const auto *DRE = dyn_cast<DeclRefExpr>(Wrapper->IgnoreParenImpCasts());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V || V->getType()->isReferenceType() || !V->getInit() ||
      !(V->isLocalVarDecl() || V->isInitCapture()) || V->isStaticLocal() ||
      !Spec.Function || !Spec.Function->getBody())
    return std::nullopt;
  // Every use in the function reads it (a const member: get(), the
  // conversion, a copy); anything else could rebind it (`r = std::ref(y)`,
  // a non-const reference to it), and which object it names is not known.
  unsigned Uses = 0, Reads = 0;
  forEachStmt(Spec.Function->getBody(), [&](const Stmt *S) {
    auto Names = [&](const Expr *E) {
      const auto *R = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
      return R && R->getDecl() == V;
    };
    if (const auto *R = dyn_cast<DeclRefExpr>(S); R && R->getDecl() == V)
      ++Uses;
    if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S))
      if (MC->getMethodDecl() && MC->getMethodDecl()->isConst() &&
          MC->getImplicitObjectArgument() &&
          Names(MC->getImplicitObjectArgument()))
        ++Reads;
    if (const auto *CE = dyn_cast<CXXConstructExpr>(S))
      if (CE->getNumArgs() == 1 && CE->getConstructor()->isCopyConstructor() &&
          Names(CE->getArg(0)))
        ++Reads;
    // A capture by reference names it; the lambda's own uses are scanned.
    if (const auto *L = dyn_cast<LambdaExpr>(S))
      for (const Expr *Init : L->capture_inits())
        if (Init && isa<DeclRefExpr>(Init) && Names(Init))
          ++Reads;
  });
  if (Uses != Reads)
    return std::nullopt;
  const Expr *Object = wrappedObject(V->getInit());
  return Object ? resolveLValue(Object) : std::nullopt;
}

uint64_t RegionBuilder::pointeeSize(const ValueDecl *V) const {
  QualType T = V->getType().getNonReferenceType();
  if (T->isPointerType())
    return sizeOf(Ctx, T->getPointeeType());
  if (const ArrayType *AT = Ctx.getAsArrayType(T))
    return sizeOf(Ctx, AT->getElementType());
  return 0;
}

bool RegionBuilder::isFreshAllocation(const Expr *E) const {
  E = E->IgnoreParenCasts();
  if (isa<CXXNewExpr>(E))
    return true;
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return isKnown(Call, Allocator);
  return false;
}

namespace {
/// The variable and the fields `d.a.b` names (innermost last), through `.`
/// only; null for anything else.
const VarDecl *memberPath(const Expr *E,
                          llvm::SmallVectorImpl<const FieldDecl *> &Path) {
  Path.clear();
  E = E->IgnoreParenImpCasts();
  while (const auto *ME = dyn_cast<MemberExpr>(E)) {
    const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
    if (!F || ME->isArrow())
      return nullptr;
    Path.push_back(F);
    E = ME->getBase()->IgnoreParenImpCasts();
  }
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  std::reverse(Path.begin(), Path.end());
  return DRE && !Path.empty() ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}
} // namespace

bool RegionBuilder::memberHoldsFreshAllocation(const MemberExpr *ME) {
  llvm::SmallVector<const FieldDecl *, 4> Path;
  const VarDecl *V = memberPath(ME, Path);
  if (!V || V->getType()->isReferenceType() || !ItemLocals.count(V))
    return false;
  // Its value at the declaration: none (or a value-initialized object,
  // whose pointers are null).
  if (const Expr *Init = V->getInit();
      Init && !isa<ImplicitValueInitExpr>(Init) &&
      !(isa<CXXConstructExpr>(Init) &&
        cast<CXXConstructExpr>(Init)->getConstructor()->isTrivial()))
    return false;
  // Every value the member gets in the work item is a fresh block; the
  // object is never assigned whole, nor its address taken (code elsewhere
  // could then store into it).
  unsigned Fresh = 0;
  bool Other = false;
  forEachStmt(Body, [&](const Stmt *S) {
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && UO->getOpcode() == UO_AddrOf) {
      llvm::SmallVector<const FieldDecl *, 4> Taken;
      const Expr *Of = UO->getSubExpr()->IgnoreParenImpCasts();
      if (const auto *DRE = dyn_cast<DeclRefExpr>(Of))
        Other |= DRE->getDecl() == V;
      else
        Other |= memberPath(Of, Taken) == V;
    }
    const auto *BO = dyn_cast<BinaryOperator>(S);
    if (!BO || !BO->isAssignmentOp())
      return;
    const Expr *LHS = BO->getLHS()->IgnoreParenImpCasts();
    if (const auto *DRE = dyn_cast<DeclRefExpr>(LHS)) {
      Other |= DRE->getDecl() == V;
      return;
    }
    llvm::SmallVector<const FieldDecl *, 4> Assigned;
    if (memberPath(LHS, Assigned) != V || Assigned != Path)
      return;
    if (BO->getOpcode() == BO_Assign && isFreshAllocation(BO->getRHS()))
      ++Fresh;
    else
      Other = true;
  });
  return Fresh > 0 && !Other;
}

std::optional<Target> RegionBuilder::provenance(const VarDecl *V) {
  if (auto It = Aliases.find(V); It != Aliases.end())
    return It->second;
  Aliases[V] = std::nullopt; // a cycle resolves to unknown
  // Every value the pointer gets in the unit (or the team's region).
  llvm::SmallVector<const Expr *, 4> Sources;
  if (V->getInit())
    Sources.push_back(V->getInit());
  forEachStmt(
      ThreadLocals.count(V) ? Spec.ThreadBody : Body, [&](const Stmt *S) {
        if (const auto *BO = dyn_cast<BinaryOperator>(S);
            BO && BO->getOpcode() == BO_Assign)
          if (const auto *DRE =
                  dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
              DRE && DRE->getDecl() == V)
            Sources.push_back(BO->getRHS());
      });

  unsigned Fresh = 0;
  std::optional<Target> Alias;
  for (const Expr *Src : Sources) {
    if (isFreshAllocation(Src)) {
      ++Fresh;
      continue;
    }
    auto T = resolvePointer(Src);
    if (!T || Alias)
      return std::nullopt; // unknown, or several different origins
    Alias = T;
  }
  std::optional<Target> Result;
  if (Fresh && !Alias) {
    Target T;
    T.Decl = V;
    T.Level = 1;
    pushDim(T, SymExpr::constant(0), pointeeSize(V));
    T.Private = true;
    Result = T;
  } else if (Alias && !Fresh) {
    Result = Alias;
  }
  Aliases[V] = Result;
  return Result;
}

std::optional<Target> RegionBuilder::pointerVariable(const VarDecl *V) {
  if (auto It = Aliases.find(V); It != Aliases.end())
    return It->second;
  auto S = sharingOf(V);
  if (Semantics.orderedOn(V))
    return std::nullopt; // tasks ordered on it by depend clauses
  // `reduction(+: p[:n])` privatizes the section p points to, on the
  // construct or on a nested one.
  if (S == Sharing::Reduction ||
      Semantics.pointeePrivatizedByNestedConstruct(V)) {
    Target T;
    T.Decl = V;
    T.Level = 1;
    pushDim(T, SymExpr::constant(0), pointeeSize(V));
    T.Private = true;
    return T;
  }
  bool OwnCopy = ItemLocals.count(V) || ThreadLocals.count(V) ||
                 ((S == Sharing::Private || S == Sharing::LastPrivate) &&
                  Semantics.namedByConstruct(V));
  if (OwnCopy)
    return provenance(V);
  // `double *p = &total;` before the construct and never reassigned in the
  // function: p is another name for total.
  if (V->isLocalVarDecl() && V->getInit() && Spec.Function &&
      Spec.Function->getBody()) {
    if (!FunctionModified) {
      FunctionModified.emplace();
      collectModified(Spec.Function->getBody(), *FunctionModified);
    }
    const Expr *Value =
        !FunctionModified->count(V) ? V->getInit() : valueAtConstruct(V);
    if (Value) {
      Aliases[V] = std::nullopt; // guards against cycles
      auto T = resolvePointer(Value);
      Aliases.erase(V);
      if (T && !T->Private)
        return T;
    }
  }
  // A pointer from outside (shared or firstprivate): its memory is shared.
  Target T;
  T.Decl = V;
  T.Level = 1;
  pushDim(T, SymExpr::constant(0), pointeeSize(V));
  return T;
}

const Expr *RegionBuilder::valueAtConstruct(const VarDecl *V) {
  // The block that holds the construct, and the construct's statement in it.
  const Stmt *At = Spec.Construct;
  const CompoundStmt *Block = nullptr;
  for (int Up = 0; At && !Block && Up < 4; ++Up) {
    auto Parents = Ctx.getParents(*At);
    if (Parents.size() != 1)
      return nullptr;
    if (const auto *CS = Parents[0].get<CompoundStmt>())
      Block = CS;
    else if (const auto *AS = Parents[0].get<AttributedStmt>())
      At = AS;
    else
      return nullptr;
  }
  if (!Block)
    return nullptr;
  const Expr *Value = nullptr;
  bool Declared = false;
  for (const Stmt *S : Block->body()) {
    if (S == At) {
      llvm::SmallPtrSet<const VarDecl *, 32> Inside;
      collectModified(S, Inside);
      return Declared && !Inside.count(V) ? Value : nullptr;
    }
    if (const auto *DS = dyn_cast<DeclStmt>(S);
        DS && llvm::is_contained(DS->decls(), V)) {
      Declared = true;
      Value = V->getInit();
      continue;
    }
    if (!Declared)
      continue;
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->getOpcode() == BO_Assign)
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
          DRE && DRE->getDecl() == V) {
        Value = BO->getRHS();
        continue;
      }
    llvm::SmallPtrSet<const VarDecl *, 32> Here;
    collectModified(S, Here);
    if (Here.count(V))
      return nullptr; // set in a branch, a loop or through its address
  }
  return nullptr;
}

std::optional<Target> RegionBuilder::resolvePointer(const Expr *E) {
  if (!E)
    return std::nullopt;
  E = E->IgnoreParens();
  if (const auto *CE = dyn_cast<CastExpr>(E))
    return resolvePointerCast(CE);
  if (const auto *BO = dyn_cast<BinaryOperator>(E))
    return resolvePointerArithmetic(BO);
  if (const auto *UO = dyn_cast<UnaryOperator>(E)) {
    if (UO->getOpcode() != UO_AddrOf)
      return std::nullopt;
    auto T = resolveLValue(UO->getSubExpr());
    if (T && T->Index.empty())
      T->Scalar = true;
    return T;
  }
  if (const auto *MC = dyn_cast<CXXMemberCallExpr>(E))
    return resolveDataPointer(MC);
  if (const auto *Call = dyn_cast<CallExpr>(E))
    return resolveReturnedPointer(Call);
  return std::nullopt;
}

std::optional<Target> RegionBuilder::resolvePointerCast(const CastExpr *CE) {
  switch (CE->getCastKind()) {
  case CK_ArrayToPointerDecay: {
    auto T = resolveLValue(CE->getSubExpr());
    if (!T)
      return std::nullopt;
    pushDim(*T, SymExpr::constant(0),
            sizeOf(Ctx, CE->getType()->getPointeeType()));
    T->Scalar = false;
    return T;
  }
  case CK_LValueToRValue:
    return resolveLoadedPointer(CE);
  case CK_NoOp:
  case CK_BitCast: {
    // A cast that changes the element size changes what an index means.
    QualType From = CE->getSubExpr()->getType(), To = CE->getType();
    if (From->isPointerType() && To->isPointerType()) {
      QualType FP = From->getPointeeType(), TP = To->getPointeeType();
      if (sizeOf(Ctx, FP) && sizeOf(Ctx, TP) &&
          sizeOf(Ctx, FP) != sizeOf(Ctx, TP))
        return std::nullopt;
      if (FP->isVoidType() != TP->isVoidType())
        return std::nullopt;
    }
    return resolvePointer(CE->getSubExpr());
  }
  default:
    return std::nullopt;
  }
}

std::optional<Target> RegionBuilder::resolveLoadedPointer(const CastExpr *CE) {
  const Expr *Sub = CE->getSubExpr()->IgnoreParens();
  if (const auto *DRE = dyn_cast<DeclRefExpr>(Sub))
    if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl());
        V && !V->getType()->isReferenceType())
      return pointerVariable(V);
  // A member of the work item's own struct that only ever holds blocks the
  // work item allocates (`d.vals = calloc(...)`): private memory.
  if (const auto *ME = dyn_cast<MemberExpr>(Sub);
      ME && memberHoldsFreshAllocation(ME))
    return std::nullopt;
  // A pointer loaded from memory (`rows[i]`, `s.data`): the memory it
  // points to is one level further from the variable.
  auto T = resolveLValue(Sub);
  if (!T || T->Private)
    return std::nullopt;
  T->Level += 1;
  // The dimensions so far index the pointers, not the memory they
  // point to: they carry no byte stride into it.
  for (uint64_t &Stride : T->Strides)
    Stride = 0;
  pushDim(*T, SymExpr::constant(0),
          CE->getType()->isPointerType()
              ? sizeOf(Ctx, CE->getType()->getPointeeType())
              : 0);
  T->Scalar = false;
  return T;
}

std::optional<Target>
RegionBuilder::resolvePointerArithmetic(const BinaryOperator *BO) {
  bool Add = BO->getOpcode() == BO_Add || BO->getOpcode() == BO_AddAssign;
  if (!Add && BO->getOpcode() != BO_Sub && BO->getOpcode() != BO_SubAssign)
    return std::nullopt;
  const Expr *Ptr = BO->getLHS(), *Off = BO->getRHS();
  if (!Ptr->getType()->isPointerType())
    std::swap(Ptr, Off);
  if (!Ptr->getType()->isPointerType() || !Off->getType()->isIntegerType())
    return std::nullopt;
  // (`p += k` names the variable p itself, not its value.)
  const auto *DRE = dyn_cast<DeclRefExpr>(Ptr->IgnoreParens());
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  auto T = V && BO->isCompoundAssignmentOp() ? pointerVariable(V)
                                             : resolvePointer(Ptr);
  if (!T || T->Scalar || T->Index.empty())
    return std::nullopt;
  T->Index.back() = SymExpr::binary(Add ? ExprKind::Add : ExprKind::Sub,
                                    T->Index.back(), translate(Off));
  return T;
}

std::optional<Target>
RegionBuilder::resolveDataPointer(const CXXMemberCallExpr *MC) {
  const CXXMethodDecl *MD = MC->getMethodDecl();
  const Expr *Obj = MC->getImplicitObjectArgument();
  if (!MD || !MD->getIdentifier() || !Obj)
    return std::nullopt;
  if (!(nameFamilies(MD->getName()) & family::DataPointer))
    return std::nullopt;
  auto T = resolveLValue(Obj);
  if (!T)
    return std::nullopt;
  if (elementsApart(Obj->getType()))
    for (uint64_t &Stride : T->Strides)
      Stride = 0;
  pushDim(*T, SymExpr::constant(0),
          MC->getType()->isPointerType()
              ? sizeOf(Ctx, MC->getType()->getPointeeType())
              : 0);
  T->Scalar = false;
  return T;
}

} // namespace clangfe
} // namespace privateer
