//===- SlotFixes.cpp - TBB fixes: thread-indexed slots, one per thread ----===//
//
// Part of privateer.
//
//   double part[64] = {};
//   tbb::parallel_for(0, n, [&](int i) {
//     part[tbb::this_task_arena::current_thread_index()] += x[i];
//   });
//   for (int t = 0; t < 64; ++t)   // or: for (double p : part) s += p;
//     s += part[t];
// becomes
//   ETS<double> part_ets;
//   tbb::parallel_for(0, n, [&](int i) { part_ets.local() += x[i]; });
//   s += part_ets.combine([](double a, double b) { return a + b; });
// (ETS<T> as in ScratchFixes.cpp). Each thread's value lives in its own,
// cache-aligned element (no false sharing), and no thread can index past
// the buffer's end. The sum is the same because every slot started at
// zero: a slot no thread used added zero, and the threads' values are
// summed (in another order, as in any parallel sum). Anything else the
// program does with the slots (reads one of them, starts them at another
// value, uses them in another call) has no counterpart in a per-thread
// object, and gets no fix.
//
//===----------------------------------------------------------------------===//

#include "Fixes.h"
#include "SlotSums.h"
#include "ThreadSpecific.h"

#include "privateer/Clang/CXX/Edits/ASTQueries.h"
#include "privateer/Clang/CXX/Edits/SourceText.h"
#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/SizedContainer.h"
#include "privateer/Clang/Handles.h"

#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SetVector.h"

using namespace clang;

namespace privateer {
namespace clangfe {
namespace tbbfix {

using clang::Expr;

namespace {

/// Whether a dropped count can be left out: it computes without effects
/// (a constant, a variable), or asks how many threads there are.
bool countCanGo(const Expr *Count, ASTContext &Ctx) {
  if (!Count->HasSideEffects(Ctx))
    return true;
  const auto *Call = dyn_cast<CallExpr>(Count->IgnoreParenImpCasts());
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  return FD && FD->getIdentifier() && Call->getNumArgs() == 0 &&
         (nameFamilies(FD->getName()) & family::ConcurrencyQuery);
}

/// The subscript `v[e]` whose base is \p Ref, or null.
const Expr *subscriptOf(const DeclRefExpr *Ref, const Expr *&Index,
                        ASTContext &Ctx) {
  DynTypedNode P = semanticParent(Ref, Ctx);
  if (const auto *ASE = P.get<ArraySubscriptExpr>();
      ASE && ASE->getBase()->IgnoreParenImpCasts() == Ref) {
    Index = ASE->getIdx();
    return ASE;
  }
  if (const auto *Op = P.get<CXXOperatorCallExpr>();
      Op && Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2 &&
      Op->getArg(0)->IgnoreParenImpCasts() == Ref) {
    Index = Op->getArg(1);
    return Op;
  }
  return nullptr;
}

/// Whether the slot \p Slot is the target of `+= e` or `++` in a statement
/// of its own (its value unused).
bool isSumUpdate(const Expr *Slot, ASTContext &Ctx) {
  DynTypedNode P = semanticParent(Slot, Ctx);
  const Expr *Update = nullptr;
  if (const auto *CA = P.get<CompoundAssignOperator>();
      CA && CA->getOpcode() == BO_AddAssign &&
      CA->getLHS()->IgnoreParenImpCasts() == Slot)
    Update = CA;
  else if (const auto *UO = P.get<UnaryOperator>(); UO && UO->isIncrementOp())
    Update = UO;
  if (!Update)
    return false;
  DynTypedNode Above = semanticParent(Update, Ctx);
  const auto *S = Above.get<Stmt>();
  return S && !isa<Expr>(S);
}

llvm::Expected<ZeroedSlots> zeroedSlots(const VarDecl *V, ASTContext &Ctx) {
  std::string Name = "'" + V->getName().str() + "'";
  ZeroedSlots S;
  bool Zero = false, CountKept = true;
  if (const auto *AT = Ctx.getAsConstantArrayType(V->getType())) {
    S.Element = AT->getElementType();
    S.Length = llvm::APSInt(AT->getSize(), /*isUnsigned=*/true);
    if (const auto *IL = dyn_cast_or_null<InitListExpr>(V->getInit())) {
      Zero = !IL->hasArrayFiller() || isPositiveZero(IL->getArrayFiller(), Ctx);
      for (const Expr *E : IL->inits())
        Zero &= isPositiveZero(E, Ctx);
    }
  } else if (const auto *CE =
                 V->getInit() && V->getInitStyle() == VarDecl::CallInit
                     ? dyn_cast<CXXConstructExpr>(
                           V->getInit()->IgnoreImplicit())
                     : nullptr) {
    std::string Unused;
    if (auto Sized = sizedContainer(V, CE, Ctx, Unused)) {
      S.Element = Sized->Element;
      Zero = !Sized->Value || isPositiveZero(Sized->Value, Ctx);
      CountKept = countCanGo(Sized->Count, Ctx);
    }
  }
  if (S.Element.isNull() || !S.Element->isArithmeticType() ||
      S.Element.isVolatileQualified() || S.Element.isConstQualified() ||
      V->getType().isVolatileQualified())
    return decline(Name + " is not an array or std::vector of numbers made "
                          "where it is declared");
  if (!Zero)
    return decline("the slots of " + Name +
                   " do not all start at zero: the sum adds every slot's "
                   "first value, and an object per thread has only the "
                   "threads that took work");
  if (!CountKept)
    return decline("the number of slots of " + Name +
                   " is computed by a call the rewrite would drop");
  return S;
}

/// The uses of the buffer: its slots updated in the body (`v[tid] += e;`,
/// `v[tid]++;`, tid the thread's index: the call, or a local of the body
/// set from it), the locals that index them, and the uses outside the body.
struct SlotUses {
  std::vector<const Expr *> Slots;
  llvm::SmallSetVector<const VarDecl *, 2> IndexVars;
  std::vector<const DeclRefExpr *> Outside;
};

llvm::Expected<SlotUses> slotUses(const VarDecl *V, const CompoundStmt *Body,
                                  const FunctionDecl *FD, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  SlotUses U;
  for (const DeclRefExpr *Ref : referencesTo(V, FD->getBody())) {
    if (!SM.isPointWithin(Ref->getLocation(), Body->getBeginLoc(),
                          Body->getEndLoc())) {
      U.Outside.push_back(Ref);
      continue;
    }
    const Expr *Index = nullptr;
    const Expr *Slot = subscriptOf(Ref, Index, Ctx);
    bool ThreadSlot = Slot && isThreadIdCall(Index);
    if (const auto *IR = Slot && !ThreadSlot ? dyn_cast<DeclRefExpr>(
                                                   Index->IgnoreParenImpCasts())
                                             : nullptr) {
      const auto *IV = dyn_cast<VarDecl>(IR->getDecl());
      ThreadSlot = IV && IV->getInit() && isThreadIdCall(IV->getInit()) &&
                   SM.isPointWithin(IV->getLocation(), Body->getBeginLoc(),
                                    Body->getEndLoc());
      if (ThreadSlot)
        U.IndexVars.insert(IV);
    }
    if (!ThreadSlot || !isSumUpdate(Slot, Ctx))
      return decline("the body uses '" + V->getName().str() +
                     "' other than in '+=' or '++' of the thread's slot");
    U.Slots.push_back(Slot);
  }
  return U;
}

/// The index variables never change; those used only as slot indices go
/// with the slots.
llvm::Expected<std::vector<const VarDecl *>>
unusedIndexVars(const SlotUses &U, const CompoundStmt *Body, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<const VarDecl *> Unused;
  for (const VarDecl *IV : U.IndexVars) {
    unsigned AsIndex = 0, All = 0;
    for (const DeclRefExpr *Ref : referencesTo(IV, Body)) {
      ++All;
      DynTypedNode P = semanticParent(Ref, Ctx);
      bool Changes = false;
      if (const auto *BO = P.get<BinaryOperator>())
        Changes = BO->isAssignmentOp() && BO->getLHS()->IgnoreParens() == Ref;
      else if (const auto *UO = P.get<UnaryOperator>())
        Changes = UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf;
      if (Changes || IV->getType()->isReferenceType())
        return decline("the thread's index '" + IV->getName().str() +
                       "' is changed in the body");
      for (const Expr *S : U.Slots)
        AsIndex += SM.isPointWithin(Ref->getLocation(), S->getBeginLoc(),
                                    S->getEndLoc());
    }
    if (AsIndex == All)
      Unused.push_back(IV);
  }
  return Unused;
}

/// Why the body cannot keep an object per thread for \p V, or success.
llvm::Error bodyCannotKeepObject(const VarDecl *V, const WorkBody &B,
                                 const ModelledConstruct &C) {
  std::string Name = "'" + V->getName().str() + "'";
  if (!V->isLocalVarDecl() || V->isStaticLocal())
    return decline(Name + " is not a local variable of the function, and "
                          "code elsewhere may read its slots");
  if (!isa_and_nonnull<CompoundStmt>(B.body()) ||
      B.Lambda->getCaptureDefault() != LCD_ByRef)
    return decline("the body is not a lambda with a '[&]' capture, which the "
                   "object per thread would need");
  for (const LambdaCapture &Cap : B.Lambda->explicit_captures())
    if (Cap.capturesVariable() && Cap.getCapturedVar() == V)
      return decline(Name + " is named in the capture list");
  return bodyLeavesThread(C);
}

} // namespace

FixResult buildObjectPerThread(const Finding &F, const ModelledConstruct &C,
                               EditBuilder &E) {
  ASTContext &Ctx = E.context();
  const SourceManager &SM = E.sources();
  const VarDecl *V = variableOf(F.Buffer);
  const auto *Call = dyn_cast_or_null<CallExpr>(C.Construct);
  auto T = Call ? recognize(Call, Ctx) : std::nullopt;
  if (!V || !T || T->Bodies.size() != 1 || !T->Bodies[0].Lambda ||
      !C.Function || !C.Function->getBody())
    return E.decline("the body is not one lambda written at the call");
  const WorkBody &B = T->Bodies.front();
  if (!E.maySpellTypesIn(C.Function))
    return E.result();
  if (llvm::Error Err = bodyCannotKeepObject(V, B, C))
    return std::move(Err);
  const auto *Body = cast<CompoundStmt>(B.body());
  std::string Name = V->getName().str();
  auto Slots = zeroedSlots(V, Ctx);
  if (!Slots)
    return Slots.takeError();
  const DeclStmt *DS = declarationOf(V, Ctx);
  if (!DS || !DS->isSingleDecl())
    return E.decline("'" + Name + "' is not declared alone");
  auto Uses = slotUses(V, Body, C.Function, Ctx);
  if (!Uses)
    return Uses.takeError();
  auto Unused = unusedIndexVars(*Uses, Body, Ctx);
  if (!Unused)
    return Unused.takeError();
  SumLoop Sum =
      Uses->Outside.empty() ? SumLoop() : sumLoopAfter(Call, V, *Slots, Ctx);
  for (const DeclRefExpr *U : Uses->Outside)
    if (!Sum.Loop ||
        !SM.isPointWithin(U->getLocation(), Sum.Loop->getBeginLoc(),
                          Sum.Loop->getEndLoc()))
      return E.decline("'" + Name +
                       "' is used outside the body other than in one loop "
                       "that sums every slot after the call, and an object "
                       "per thread has no slot per thread number");
  std::string ETS = Name + "_ets";
  if (!nameIsFree(ETS, C.Function, Ctx))
    return E.decline("the name '" + ETS + "' is taken");
  std::string Type = spellType(Slots->Element.getUnqualifiedType(), Ctx);
  if (!E.writable({DS->getBeginLoc(), DS->getEndLoc(), Call->getBeginLoc()}))
    return E.result();
  for (const Expr *S : Uses->Slots)
    if (!E.writable({S->getBeginLoc(), S->getEndLoc()}))
      return E.result();
  includeTBBClass(E, Call, "enumerable_thread_specific",
                  "enumerable_thread_specific.h");
  E.replaceTokens(DS->getSourceRange(),
                  threadSpecificType(Type) + " " + ETS + ";");
  for (const Expr *S : Uses->Slots)
    E.replaceTokens(S->getSourceRange(), ETS + ".local()");
  for (const VarDecl *IV : *Unused)
    if (const DeclStmt *IDS = declarationOf(IV, Ctx);
        IDS && IDS->isSingleDecl())
      if (auto Lines =
              wholeLines(IDS->getBeginLoc(), statementEnd(IDS, Ctx), SM))
        E.remove(*Lines);
  if (Sum.Loop)
    combineSum(Sum, ETS, Type, E);
  return E.result();
}

} // namespace tbbfix
} // namespace clangfe
} // namespace privateer
