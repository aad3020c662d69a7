//===- AccessQueries.cpp - Shared questions of the walk -------------------===//
//
// Part of privateer. The questions about types and statements that more
// than one part of the access walk asks (AccessQueries.h): record
// names, atomic, lock and lock guard types, lock pointer tests, the lock
// effect of a call, std::get of a tuple, system functions.
//
//===----------------------------------------------------------------------===//

#include "AccessQueries.h"

#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/KnownTypes.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace privateer {
namespace clangfe {
namespace accessquery {

namespace {

/// A lock object: OpenMP's, POSIX's and C11's lock types, or a class with
/// lock() and unlock() (std::mutex, tbb::spin_mutex).
bool isLockType(QualType T) {
  while (!T.isNull()) {
    if (const auto *TT = T->getAs<TypedefType>()) {
      if (typeFamilies(TT->getDecl()) & typefamily::LockTypedef)
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

} // namespace

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
  return typeFamilies(Name) & typefamily::SelfSynchronizing;
}

bool isLockGuardType(QualType T) {
  StringRef Name = recordName(T);
  // TBB's mutexes name theirs `M::scoped_lock`, an alias of these.
  return typeFamilies(Name) & typefamily::LockGuard;
}

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
int lockEffect(const Stmt *S, ASTContext &Ctx, unsigned Depth) {
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
  if (!(typeFamilies(Name) & typefamily::TupleLike))
    return std::nullopt;
  TupleElement T;
  T.Object = Call->getArg(0);
  T.K = Args->get(0).getAsIntegral().getExtValue();
  T.Member = knownType(Name) != KnownType::Array;
  return T;
}

bool isSystemFunction(const FunctionDecl *FD, const SourceManager &SM) {
  return SM.isInSystemHeader(SM.getExpansionLoc(FD->getLocation()));
}

const Expr *skipsRestOfBlockIf(const Stmt *S) {
  const auto *If = dyn_cast<IfStmt>(S);
  if (!If || If->getElse() || If->getInit() || If->getConditionVariable() ||
      If->isConsteval())
    return nullptr;
  const Stmt *Then = If->getThen();
  if (const auto *Block = dyn_cast_or_null<CompoundStmt>(Then))
    Then = Block->body_empty() ? nullptr : Block->body_back();
  // (Not `goto`: its label may be further on in the same block.)
  return isa_and_nonnull<ContinueStmt, BreakStmt, ReturnStmt>(Then)
             ? If->getCond()
             : nullptr;
}

} // namespace accessquery
} // namespace clangfe
} // namespace privateer
