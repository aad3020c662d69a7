//===- ThreadSpecificFixes.cpp - TBB fixes: one object per thread ---------===//
//
// Part of privateer. Three rewrites through tbb::enumerable_thread_specific.
//
// A scratch container of an index or element body:
//   std::vector<double> tmp(m);
//   tbb::parallel_for(0, n, [&](int i) { ... tmp[k] ... });
// becomes (ETS<T> standing for tbb::enumerable_thread_specific<T,
// tbb::cache_aligned_allocator<T>, tbb::ets_key_per_instance>, see
// threadSpecificType)
//   ETS<std::vector<double>> tmp_ets(m);
//   tbb::parallel_for(0, n, [&](int i) {
//     auto &tmp = tmp_ets.local();
//     ...
// Each thread makes its copy once, with the arguments the declaration gave
// (evaluated where the declaration was: the class keeps copies of them),
// and every work item the thread runs reuses it: one allocation per
// thread, where the move into the body made one per index. A work item
// that could read an element it did not write first gets the copy made
// again in place (`tmp.assign(n, x)`: the contents of a new one, no
// allocation). The body must not change the copy's size (only elements,
// size() and the like are used), and must not wait for nested parallel
// work: the waiting thread could run another work item of the call, which
// would take the same copy.
//
// Slots of a thread-indexed buffer that accumulate sums:
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
// Each thread's value lives in its own, cache-aligned element (no false
// sharing), and no thread can index past the buffer's end. The sum is the
// same because every slot started at zero: a slot no thread used added
// zero, and the threads' values are summed (in another order, as in any
// parallel sum). Anything else the program does with the slots (reads one
// of them, starts them at another value, uses them in another call) has no
// counterpart in a per-thread object, and gets no fix.
//
// A container or new[] block made in every work item (privateer-loop-alloc):
//   tbb::parallel_for(0, n, [&](int i) {
//     std::vector<double> c(m);          // or: double *c = new double[m];
// becomes
//   ETS<std::vector<double>> c_ets;
//   tbb::parallel_for(0, n, [&](int i) {
//     auto &c = c_ets.local();           // or: auto &c_buf = c_ets.local();
//     c.assign(m, double());             //     c_buf.resize(m);
//                                        //     double *c = c_buf.data();
// (and the block's delete[] goes). The count and value stay where they were
// written; `resize` where every element read is written first, or where
// new[] left them indeterminate. No code the body runs may run nested
// parallel work, for the same reason as above.
//
//===----------------------------------------------------------------------===//

#include "ThreadSpecificFixes.h"

#include "FixText.h"
#include "privateer/Clang/CXX/PreprocessorLines.h"
#include "privateer/Clang/CXX/SizedContainer.h"
#include "privateer/Clang/Handles.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringSwitch.h"

#include <functional>
#include <set>

using namespace clang;

namespace privateer {
namespace clangfe {

using clang::Expr;

namespace {

/// The first parent of \p E that is not a paren, an implicit cast or the
/// cleanups of a full expression.
DynTypedNode parentOf(const Expr *E, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(*E);
  while (!Parents.empty() &&
         (Parents[0].get<ParenExpr>() || Parents[0].get<ImplicitCastExpr>() ||
          Parents[0].get<ExprWithCleanups>()))
    Parents = Ctx.getParents(Parents[0]);
  return Parents.empty() ? DynTypedNode() : Parents[0];
}

/// Every reference to \p V in \p S.
std::vector<const DeclRefExpr *> usesOf(const ValueDecl *V, const Stmt *S) {
  std::vector<const DeclRefExpr *> Uses;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *X) {
    if (!X)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(X); DRE && DRE->getDecl() == V)
      Uses.push_back(DRE);
    for (const Stmt *Child : X->children())
      Walk(Child);
  };
  Walk(S);
  return Uses;
}

/// Whether \p Name names nothing the function declares or uses, nor the
/// unit declares, so a new variable of that name can neither shadow nor be
/// shadowed.
bool nameFree(StringRef Name, const FunctionDecl *FD, ASTContext &Ctx) {
  if (!Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get(Name)).empty())
    return false;
  struct Finder : RecursiveASTVisitor<Finder> {
    StringRef Name;
    bool Found = false;
    bool named(const NamedDecl *D) {
      Found |= D && D->getIdentifier() && D->getName() == Name;
      return !Found;
    }
    bool VisitNamedDecl(NamedDecl *D) { return named(D); }
    // (A member or a namespace's variable used by that name.)
    bool VisitDeclRefExpr(DeclRefExpr *E) { return named(E->getDecl()); }
    bool VisitMemberExpr(MemberExpr *E) { return named(E->getMemberDecl()); }
  } F;
  F.Name = Name;
  F.TraverseDecl(const_cast<FunctionDecl *>(FD));
  return !F.Found;
}

/// Whether every location may be edited: none comes from a macro
/// expansion or lies in a system header.
bool writable(std::initializer_list<SourceLocation> Locs,
              const SourceManager &SM, std::string &WhyNot) {
  for (SourceLocation L : Locs)
    if (L.isInvalid() || L.isMacroID() || SM.isInSystemHeader(L)) {
      WhyNot = "the code comes from a macro expansion or a system header";
      return false;
    }
  return true;
}

/// Why a copy per thread taken through local() is not the work item's own
/// while it runs, if it is not: the body waits for nested parallel work
/// (the waiting thread can run another work item of the call).
bool bodyKeepsThread(const ModelledConstruct &C, std::string &WhyNot) {
  if (C.Region.SchedulingPoints.empty())
    return true;
  WhyNot = "the body waits for nested parallel work, and the waiting thread "
           "can run another work item that would take the same "
           "'enumerable_thread_specific' copy; lease a buffer per work item "
           "from 'privateer::buffer_pool' instead";
  return false;
}

/// The class the rewrites declare. Every work item calls local() once or
/// more, so its lookup is the rewrite's cost: ets_key_per_instance finds
/// the thread's element through a native thread-local key (measured 2.5x
/// faster than the default, which hashes the thread's id, on 100 million
/// `local() += x` calls; the default was slower than the false sharing it
/// removes). It takes one key per live instance, of the
/// PTHREAD_KEYS_MAX (1024 in glibc) a process has.
std::string threadSpecificType(const std::string &T) {
  return "tbb::enumerable_thread_specific<" + T +
         ", tbb::cache_aligned_allocator<" + T +
         ">, tbb::ets_key_per_instance>";
}

//===-- Scratch containers ------------------------------------------------===//

/// Whether the use \p Ref of a container leaves its size as it was: an
/// element (`v[k]`, `v.at(k)`, `v.front()`), or a question about it
/// (`v.size()`, `v.data()`, `v.begin()`).
bool keepsSize(const DeclRefExpr *Ref, ASTContext &Ctx) {
  DynTypedNode P = parentOf(Ref, Ctx);
  if (const auto *Op = P.get<CXXOperatorCallExpr>())
    return Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2 &&
           Op->getArg(0)->IgnoreParenImpCasts() == Ref;
  if (const auto *ME = P.get<MemberExpr>()) {
    const auto *M = dyn_cast<CXXMethodDecl>(ME->getMemberDecl());
    if (!M || !M->getIdentifier())
      return false;
    return llvm::StringSwitch<bool>(M->getName())
        .Cases({"size", "empty", "data", "at", "front", "back"}, true)
        .Cases({"begin", "end", "cbegin", "cend", "rbegin", "rend"}, true)
        .Default(false);
  }
  return false;
}

/// Whether \p E names something a parameter of \p Body has the name of.
bool namesHiddenBy(const Expr *E, const FunctionDecl *Body) {
  bool Hidden = false;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *X) {
    if (!X)
      return;
    if (const auto *DRE = dyn_cast<DeclRefExpr>(X))
      for (const ParmVarDecl *P : Body->parameters())
        Hidden |= P->getDeclName() == DRE->getDecl()->getDeclName();
    for (const Stmt *Child : X->children())
      Walk(Child);
  };
  Walk(E);
  return Hidden;
}

//===-- Thread-indexed slots ----------------------------------------------===//

bool isPositiveZero(const Expr *E, ASTContext &Ctx) {
  if (isa<ImplicitValueInitExpr>(E))
    return true;
  Expr::EvalResult R;
  if (E->isValueDependent() || !E->EvaluateAsRValue(R, Ctx) || R.HasSideEffects)
    return false;
  if (R.Val.isInt())
    return R.Val.getInt().isZero();
  if (R.Val.isFloat())
    return R.Val.getFloat().isPosZero();
  return false;
}

/// Whether a dropped count can be left out: it computes without effects
/// (a constant, a variable), or asks how many threads there are.
bool countCanGo(const Expr *Count, ASTContext &Ctx) {
  if (!Count->HasSideEffects(Ctx))
    return true;
  const auto *Call = dyn_cast<CallExpr>(Count->IgnoreParenImpCasts());
  const FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  return FD && FD->getIdentifier() && Call->getNumArgs() == 0 &&
         llvm::StringSwitch<bool>(FD->getName())
             .Cases({"max_concurrency", "hardware_concurrency",
                     "default_concurrency"},
                    true)
             .Default(false);
}

/// The subscript `v[e]` whose base is \p Ref, or null.
const Expr *subscriptOf(const DeclRefExpr *Ref, const Expr *&Index,
                        ASTContext &Ctx) {
  DynTypedNode P = parentOf(Ref, Ctx);
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
  DynTypedNode P = parentOf(Slot, Ctx);
  const Expr *Update = nullptr;
  if (const auto *CA = P.get<CompoundAssignOperator>();
      CA && CA->getOpcode() == BO_AddAssign &&
      CA->getLHS()->IgnoreParenImpCasts() == Slot)
    Update = CA;
  else if (const auto *UO = P.get<UnaryOperator>(); UO && UO->isIncrementOp())
    Update = UO;
  if (!Update)
    return false;
  DynTypedNode Above = parentOf(Update, Ctx);
  const auto *S = Above.get<Stmt>();
  return S && !isa<Expr>(S);
}

/// The variable \p Body (one statement, or a block of one) adds a slot to
/// (`s += slot;`, \p IsSlot telling the slot), when it is a plain local of
/// the slots' type; null otherwise.
const DeclRefExpr *sumTarget(const Stmt *Body, const VarDecl *V,
                             QualType Element, ASTContext &Ctx,
                             llvm::function_ref<bool(const Expr *)> IsSlot) {
  if (const auto *CS = dyn_cast_or_null<CompoundStmt>(Body))
    Body = CS->size() == 1 ? CS->body_front() : nullptr;
  const auto *Add = dyn_cast_or_null<CompoundAssignOperator>(Body);
  if (!Add || Add->getOpcode() != BO_AddAssign)
    return nullptr;
  const auto *Target = dyn_cast<DeclRefExpr>(Add->getLHS()->IgnoreParens());
  const auto *S = Target ? dyn_cast<VarDecl>(Target->getDecl()) : nullptr;
  if (!S || S == V || S->getType()->isReferenceType() ||
      S->getType().isVolatileQualified() ||
      !Ctx.hasSameUnqualifiedType(S->getType(), Element) ||
      !IsSlot(Add->getRHS()->IgnoreParenImpCasts()))
    return nullptr;
  return Target;
}

/// The loop `for (int t = 0; t < N; ++t) s += v[t];` (or `{ s += v[t]; }`)
/// over every slot of \p V (N its length, or `v.size()`), summing into a
/// variable of the slots' type: its target, or null.
const DeclRefExpr *sumLoopTarget(const ForStmt *For, const VarDecl *V,
                                 std::optional<llvm::APSInt> Length,
                                 QualType Element, ASTContext &Ctx) {
  const auto *Init = dyn_cast_or_null<DeclStmt>(For->getInit());
  const auto *T = Init && Init->isSingleDecl()
                      ? dyn_cast<VarDecl>(Init->getSingleDecl())
                      : nullptr;
  if (!T || !T->getType()->isIntegerType() || !T->getInit() ||
      !isPositiveZero(T->getInit(), Ctx))
    return nullptr;
  auto IsT = [&](const Expr *E) {
    const auto *DRE = dyn_cast_or_null<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == T;
  };
  // t < N, N every slot.
  const auto *Cond = dyn_cast_or_null<BinaryOperator>(For->getCond());
  if (!Cond || Cond->getOpcode() != BO_LT || !IsT(Cond->getLHS()))
    return nullptr;
  const Expr *Bound = Cond->getRHS()->IgnoreParenImpCasts();
  bool Covers = false;
  if (auto N = Bound->getIntegerConstantExpr(Ctx))
    Covers = Length && llvm::APSInt::isSameValue(*N, *Length);
  else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Bound))
    if (const auto *Obj = dyn_cast<DeclRefExpr>(
            MC->getImplicitObjectArgument()->IgnoreParenImpCasts()))
      Covers = Obj->getDecl() == V && MC->getMethodDecl() &&
               MC->getMethodDecl()->getIdentifier() &&
               MC->getMethodDecl()->getName() == "size" && !Length;
  if (!Covers)
    return nullptr;
  // ++t, t++, t += 1.
  const Expr *Inc = For->getInc();
  bool Steps = false;
  if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Inc))
    Steps = UO->isIncrementOp() && IsT(UO->getSubExpr());
  else if (const auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc))
    if (auto One = CA->getRHS()->getIntegerConstantExpr(Ctx))
      Steps = CA->getOpcode() == BO_AddAssign && IsT(CA->getLHS()) && *One == 1;
  if (!Steps)
    return nullptr;
  // s += v[t];
  return sumTarget(For->getBody(), V, Element, Ctx, [&](const Expr *Slot) {
    const Expr *Base = nullptr, *Index = nullptr;
    if (const auto *ASE = dyn_cast<ArraySubscriptExpr>(Slot)) {
      Base = ASE->getBase();
      Index = ASE->getIdx();
    } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(Slot);
               Op && Op->getOperator() == OO_Subscript &&
               Op->getNumArgs() == 2) {
      Base = Op->getArg(0);
      Index = Op->getArg(1);
    }
    const auto *BaseRef =
        Base ? dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts()) : nullptr;
    return BaseRef && BaseRef->getDecl() == V && IsT(Index);
  });
}

/// The loop `for (double p : v) s += p;` (or `{ s += p; }`, the element
/// by value or by reference): its target, or null.
const DeclRefExpr *rangeSumTarget(const CXXForRangeStmt *For, const VarDecl *V,
                                  QualType Element, ASTContext &Ctx) {
  const auto *Range = dyn_cast_or_null<DeclRefExpr>(
      For->getRangeInit() ? For->getRangeInit()->IgnoreParenImpCasts()
                          : nullptr);
  const VarDecl *P = For->getLoopVariable();
  if (!Range || Range->getDecl() != V || !P || For->getInit() ||
      !Ctx.hasSameUnqualifiedType(P->getType().getNonReferenceType(), Element))
    return nullptr;
  return sumTarget(For->getBody(), V, Element, Ctx, [&](const Expr *Slot) {
    const auto *Ref = dyn_cast<DeclRefExpr>(Slot);
    return Ref && Ref->getDecl() == P;
  });
}

} // namespace

std::vector<FixItHint>
threadSpecificScratch(const VarDecl *V, const DeclStmt *DS,
                      const TBBConstruct &T, const WorkBody &B,
                      const ModelledConstruct &C, bool KeepContents,
                      ASTContext &Ctx, std::string &WhyNot) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  std::string Name = V->getName().str();
  if (StringRef(T.Name).starts_with("std::")) {
    WhyNot = "declared in the body it would be made for every element, and "
             "a standard algorithm has no object per thread to keep it in";
    return {};
  }
  const auto *Body = dyn_cast_or_null<CompoundStmt>(B.body());
  if (!B.Lambda || !Body || Body->body_empty() ||
      B.Lambda->getCaptureDefault() != LCD_ByRef) {
    WhyNot = "the body is not a lambda with a '[&]' capture, which the copy "
             "per thread would need";
    return {};
  }
  if (!bodyKeepsThread(C, WhyNot))
    return {};
  const auto *Construct =
      V->getInit() && V->getInitStyle() == VarDecl::CallInit
          ? dyn_cast<CXXConstructExpr>(V->getInit()->IgnoreImplicit())
          : nullptr;
  if (!Construct) {
    WhyNot = "declared in the body it would be made for every index, and "
             "only a container made as (count) or (count, value) is kept "
             "per thread";
    return {};
  }
  auto Sized = sizedContainer(V, Construct, Ctx, WhyNot);
  if (!Sized)
    return {};
  // The body's own declarations of that name would clash with the
  // reference to the thread's copy.
  for (const Stmt *S : Body->body())
    if (const auto *D = dyn_cast<DeclStmt>(S))
      for (const Decl *X : D->decls())
        if (const auto *ND = dyn_cast<NamedDecl>(X);
            ND && ND->getIdentifier() && ND->getName() == Name) {
          WhyNot = "the body declares another '" + Name + "'";
          return {};
        }
  // A copy the thread's next work item takes must look like a new one: its
  // size never changes, and its contents are made again unless every
  // element read is written first.
  for (const DeclRefExpr *U : usesOf(V, Body))
    if (!keepsSize(U, Ctx)) {
      WhyNot = "the body uses '" + Name +
               "' other than through its elements, and could change its "
               "size for the thread's next work item";
      return {};
    }
  std::string Refill;
  if (!KeepContents) {
    if (Sized->Value && !Sized->Value->isEvaluatable(Ctx)) {
      WhyNot = "its elements are made from a value that is not a constant, "
               "which each work item would compute again";
      return {};
    }
    // The size never changes: a constant count, or the copy's own.
    bool ConstantCount = Sized->Count->isIntegerConstantExpr(Ctx);
    // What the refill names must mean in the body what it meant at the
    // declaration: no parameter of the body may hide it.
    for (const Expr *E : {ConstantCount ? Sized->Count : nullptr, Sized->Value})
      if (E && namesHiddenBy(E, B.Function)) {
        WhyNot = "the refill would name what a parameter of the body hides";
        return {};
      }
    std::string Count = ConstantCount ? Sized->CountText : Name + ".size()";
    Refill = Name + ".assign(" + Count + ", " + Sized->ValueText + ");";
  }
  std::string ETS = Name + "_ets";
  if (!nameFree(ETS, C.Function, Ctx)) {
    WhyNot = "the name '" + ETS + "' is taken";
    return {};
  }
  SourceLocation At = Body->body_front()->getBeginLoc();
  SourceLocation NameEnd =
      Lexer::getLocForEndOfToken(V->getLocation(), 0, SM, LO);
  if (!writable({DS->getBeginLoc(), DS->getEndLoc(), V->getBeginLoc(),
                 V->getLocation(), At},
                SM, WhyNot))
    return {};
  auto Indent = lineIndent(At, SM);
  if (!Indent) {
    WhyNot = "the body shares its line with other code";
    return {};
  }
  std::vector<FixItHint> Hints;
  if (!declaresTBB(Ctx, "enumerable_thread_specific")) {
    auto Include =
        includeAfterCallee(T.Call, "enumerable_thread_specific.h", Ctx, WhyNot);
    if (!Include)
      return {};
    Hints.push_back(*Include);
  }
  // The declaration keeps its arguments: each thread's copy is made from
  // them as the variable was.
  Hints.push_back(FixItHint::CreateReplacement(
      CharSourceRange::getCharRange(V->getBeginLoc(), NameEnd),
      threadSpecificType(writtenType(V, Ctx)) + " " + ETS));
  Hints.push_back(FixItHint::CreateInsertion(
      At, "auto &" + Name + " = " + ETS + ".local();\n" + *Indent +
              (Refill.empty() ? "" : Refill + "\n" + *Indent)));
  return Hints;
}

std::vector<FixItHint> buildThreadSpecificFix(const Finding &F,
                                              const ModelledConstruct &C,
                                              ASTContext &Ctx,
                                              std::string &WhyNot) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  const auto *V = dyn_cast_or_null<VarDecl>(declOf(F.Buffer));
  const auto *Call = dyn_cast_or_null<CallExpr>(C.Construct);
  auto T = Call ? recognize(Call, Ctx) : std::nullopt;
  if (!V || !T || T->Bodies.size() != 1 || !T->Bodies[0].Lambda ||
      !C.Function || !C.Function->getBody()) {
    WhyNot = "the body is not one lambda written at the call";
    return {};
  }
  const WorkBody &B = T->Bodies.front();
  const auto *Body = dyn_cast_or_null<CompoundStmt>(B.body());
  std::string Name = V->getName().str();
  if (C.Function->isTemplateInstantiation() ||
      C.Function->isDependentContext()) {
    WhyNot = "the code is a template's, and the fix would spell one "
             "instance's types";
    return {};
  }
  if (!V->isLocalVarDecl() || V->isStaticLocal()) {
    WhyNot = "'" + Name +
             "' is not a local variable of the function, and code elsewhere "
             "may read its slots";
    return {};
  }
  if (!Body || B.Lambda->getCaptureDefault() != LCD_ByRef) {
    WhyNot = "the body is not a lambda with a '[&]' capture, which the "
             "object per thread would need";
    return {};
  }
  for (const LambdaCapture &Cap : B.Lambda->explicit_captures())
    if (Cap.capturesVariable() && Cap.getCapturedVar() == V) {
      WhyNot = "'" + Name + "' is named in the capture list";
      return {};
    }
  if (!bodyKeepsThread(C, WhyNot))
    return {};
  // Slots of plain numbers, every one zero before the call.
  QualType Element;
  std::optional<llvm::APSInt> Length;
  bool Zero = false, CountKept = true;
  if (const auto *AT = Ctx.getAsConstantArrayType(V->getType())) {
    Element = AT->getElementType();
    Length = llvm::APSInt(AT->getSize(), /*isUnsigned=*/true);
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
      Element = Sized->Element;
      Zero = !Sized->Value || isPositiveZero(Sized->Value, Ctx);
      CountKept = countCanGo(Sized->Count, Ctx);
    }
  }
  if (Element.isNull() || !Element->isArithmeticType() ||
      Element.isVolatileQualified() || Element.isConstQualified() ||
      V->getType().isVolatileQualified()) {
    WhyNot = "'" + Name +
             "' is not an array or std::vector of numbers made where it is "
             "declared";
    return {};
  }
  if (!Zero) {
    WhyNot = "the slots of '" + Name +
             "' do not all start at zero: the sum adds every slot's first "
             "value, and an object per thread has only the threads that took "
             "work";
    return {};
  }
  if (!CountKept) {
    WhyNot = "the number of slots of '" + Name +
             "' is computed by a call the rewrite would drop";
    return {};
  }
  const DeclStmt *DS = nullptr;
  for (const DynTypedNode &P : Ctx.getParents(*V))
    DS = P.get<DeclStmt>();
  if (!DS || !DS->isSingleDecl()) {
    WhyNot = "'" + Name + "' is not declared alone";
    return {};
  }
  // In the body: `v[tid] += e;` or `v[tid]++;`, tid the thread's index
  // (the call, or a local of the body set from it and never changed).
  std::vector<const Expr *> Slots;
  std::set<const VarDecl *> IndexVars;
  std::vector<const DeclRefExpr *> Outside;
  for (const DeclRefExpr *U : usesOf(V, C.Function->getBody())) {
    bool InBody = SM.isPointWithin(U->getLocation(), Body->getBeginLoc(),
                                   Body->getEndLoc());
    // (The lambda's implicit capture of the buffer.)
    if (!InBody && SM.isPointWithin(U->getLocation(), B.Lambda->getBeginLoc(),
                                    B.Lambda->getEndLoc()))
      continue;
    if (!InBody) {
      Outside.push_back(U);
      continue;
    }
    const Expr *Index = nullptr;
    const Expr *Slot = subscriptOf(U, Index, Ctx);
    bool ThreadSlot = false;
    if (Slot && isThreadIndexCall(Index)) {
      ThreadSlot = true;
    } else if (const auto *IR =
                   Slot ? dyn_cast<DeclRefExpr>(Index->IgnoreParenImpCasts())
                        : nullptr) {
      const auto *IV = dyn_cast<VarDecl>(IR->getDecl());
      ThreadSlot = IV && IV->getInit() && isThreadIndexCall(IV->getInit()) &&
                   SM.isPointWithin(IV->getLocation(), Body->getBeginLoc(),
                                    Body->getEndLoc());
      if (ThreadSlot)
        IndexVars.insert(IV);
    }
    if (!ThreadSlot || !isSumUpdate(Slot, Ctx)) {
      WhyNot = "the body uses '" + Name +
               "' other than in '+=' or '++' of the thread's slot";
      return {};
    }
    Slots.push_back(Slot);
  }
  // The index variables never change; those used only as slot indices go
  // with the slots.
  std::vector<const VarDecl *> Unused;
  for (const VarDecl *IV : IndexVars) {
    unsigned AsIndex = 0, All = 0;
    for (const DeclRefExpr *U : usesOf(IV, Body)) {
      ++All;
      DynTypedNode P = parentOf(U, Ctx);
      bool Changes = false;
      if (const auto *BO = P.get<BinaryOperator>())
        Changes = BO->isAssignmentOp() && BO->getLHS()->IgnoreParens() == U;
      else if (const auto *UO = P.get<UnaryOperator>())
        Changes = UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf;
      if (Changes || IV->getType()->isReferenceType()) {
        WhyNot = "the thread's index '" + IV->getName().str() +
                 "' is changed in the body";
        return {};
      }
      for (const Expr *S : Slots)
        if (SM.isPointWithin(U->getLocation(), S->getBeginLoc(),
                             S->getEndLoc()))
          ++AsIndex;
    }
    if (AsIndex == All)
      Unused.push_back(IV);
  }
  // After the call: one loop that sums every slot, in the block of the
  // call.
  const CompoundStmt *Block = nullptr;
  const Stmt *CallStmt = Call;
  for (DynTypedNodeList Ps = Ctx.getParents(*Call); !Ps.empty();
       Ps = Ctx.getParents(Ps[0])) {
    if ((Block = Ps[0].get<CompoundStmt>()))
      break;
    if (!Ps[0].get<Expr>())
      break;
    CallStmt = Ps[0].get<Stmt>();
  }
  const Stmt *SumLoop = nullptr, *SumBody = nullptr;
  const DeclRefExpr *Target = nullptr;
  if (!Outside.empty() && Block) {
    bool AfterCall = false;
    for (const Stmt *S : Block->body()) {
      if (S == CallStmt) {
        AfterCall = true;
        continue;
      }
      if (!AfterCall)
        continue;
      if (const auto *For = dyn_cast<ForStmt>(S)) {
        Target = sumLoopTarget(For, V, Length, Element, Ctx);
        SumBody = For->getBody();
      } else if (const auto *Range = dyn_cast<CXXForRangeStmt>(S)) {
        Target = rangeSumTarget(Range, V, Element, Ctx);
        SumBody = Range->getBody();
      }
      if (Target) {
        SumLoop = S;
        break;
      }
    }
  }
  for (const DeclRefExpr *U : Outside)
    if (!SumLoop || !SM.isPointWithin(U->getLocation(), SumLoop->getBeginLoc(),
                                      SumLoop->getEndLoc())) {
      WhyNot = "'" + Name +
               "' is used outside the body other than in one loop that sums "
               "every slot after the call, and an object per thread has no "
               "slot per thread number";
      return {};
    }
  std::string ETS = Name + "_ets";
  if (!nameFree(ETS, C.Function, Ctx)) {
    WhyNot = "the name '" + ETS + "' is taken";
    return {};
  }
  std::string Type = spellType(Element.getUnqualifiedType(), Ctx);
  std::vector<FixItHint> Hints;
  if (!writable({DS->getBeginLoc(), DS->getEndLoc(), Call->getBeginLoc()}, SM,
                WhyNot))
    return {};
  for (const Expr *S : Slots)
    if (!writable({S->getBeginLoc(), S->getEndLoc()}, SM, WhyNot))
      return {};
  if (!declaresTBB(Ctx, "enumerable_thread_specific")) {
    auto Include =
        includeAfterCallee(Call, "enumerable_thread_specific.h", Ctx, WhyNot);
    if (!Include)
      return {};
    Hints.push_back(*Include);
  }
  Hints.push_back(FixItHint::CreateReplacement(
      CharSourceRange::getTokenRange(DS->getSourceRange()),
      threadSpecificType(Type) + " " + ETS + ";"));
  for (const Expr *S : Slots)
    Hints.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getTokenRange(S->getSourceRange()), ETS + ".local()"));
  for (const VarDecl *IV : Unused) {
    const DeclStmt *IDS = nullptr;
    for (const DynTypedNode &P : Ctx.getParents(*IV))
      IDS = P.get<DeclStmt>();
    if (!IDS || !IDS->isSingleDecl())
      continue;
    if (auto Lines = wholeLines(IDS, Ctx))
      Hints.push_back(FixItHint::CreateRemoval(*Lines));
  }
  if (SumLoop) {
    SourceLocation Begin = SumLoop->getBeginLoc();
    SourceLocation End = SumLoop->getEndLoc();
    // A body without braces ends before its ';'.
    if (!isa<CompoundStmt>(SumBody))
      End = Lexer::findLocationAfterToken(End, tok::semi, SM, LO, false)
                .getLocWithOffset(-1);
    if (!writable({Begin, End}, SM, WhyNot))
      return {};
    std::string S = Target->getDecl()->getName().str();
    Hints.push_back(FixItHint::CreateReplacement(
        CharSourceRange::getTokenRange(Begin, End),
        S + " += " + ETS + ".combine([](" + Type + " a, " + Type +
            " b) { return a + b; });"));
  }
  return Hints;
}

//===-- Containers made in every work item --------------------------------===//

namespace {

/// Whether \p S, or a function it calls (\p Depth levels deep), may run
/// parallel work of TBB or of a standard algorithm: a TBB function (its
/// algorithms, task_group::wait, task_arena::execute), a call with an
/// execution policy, or a function whose code is not visible outside the
/// system headers. The thread that waits there can run another work item
/// of the same call, which would take the same copy per thread.
bool mayRunNestedWork(const Stmt *S, ASTContext &Ctx, unsigned Depth,
                      std::string &What) {
  if (!S)
    return false;
  if (const auto *Call = dyn_cast<CallExpr>(S)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    for (const Expr *Arg : Call->arguments()) {
      const auto *RD =
          Arg->getType().getNonReferenceType()->getAsCXXRecordDecl();
      if (RD && RD->getIdentifier() && RD->getName().ends_with("_policy") &&
          RD->isInStdNamespace()) {
        What = "a standard algorithm with an execution policy";
        return true;
      }
    }
    if (!FD) {
      // Through a pointer or a lambda object whose code is not named.
      if (!isa<CXXOperatorCallExpr>(Call) && !isa<CXXMemberCallExpr>(Call)) {
        What = "a call through a pointer";
        return true;
      }
    } else {
      // TBB's own functions that run or wait for work (its algorithms,
      // task_group::run and wait, task_arena::execute, isolate); a
      // range's bounds, local(), a lock do not.
      StringRef Name = FD->getIdentifier() ? FD->getName() : "";
      bool Runs = Name.starts_with("parallel_") || Name.contains("wait") ||
                  Name == "run" || Name == "execute" || Name == "isolate" ||
                  Name == "enqueue";
      for (const DeclContext *DC = FD->getDeclContext(); DC && Runs;
           DC = DC->getParent())
        if (const auto *NS = dyn_cast<NamespaceDecl>(DC);
            NS && NS->getIdentifier() && NS->getName() == "tbb") {
          What = "'" + FD->getQualifiedNameAsString() + "'";
          return true;
        }
      // A call whose code is chosen at run time: an override, or what a
      // std::function holds.
      const auto *MD = dyn_cast<CXXMethodDecl>(FD);
      if (MD && MD->isVirtual() && !MD->hasAttr<FinalAttr>() &&
          !MD->getParent()->hasAttr<FinalAttr>()) {
        What = "the virtual '" + FD->getNameAsString() + "'";
        return true;
      }
      if (MD && MD->getParent()->getIdentifier() &&
          MD->getParent()->getName() == "function" &&
          MD->getParent()->isInStdNamespace()) {
        What = "a std::function";
        return true;
      }
      const SourceManager &SM = Ctx.getSourceManager();
      if (!SM.isInSystemHeader(FD->getLocation())) {
        const FunctionDecl *Def = nullptr;
        if (!FD->hasBody(Def) || Depth == 0) {
          What = "'" + FD->getNameAsString() + "', whose code is not seen";
          return true;
        }
        if (mayRunNestedWork(Def->getBody(), Ctx, Depth - 1, What))
          return true;
      }
    }
  }
  for (const Stmt *Child : S->children())
    if (mayRunNestedWork(Child, Ctx, Depth, What))
      return true;
  return false;
}

/// The statement of a block that \p E is (through its cleanups), or null.
const Stmt *statementOf(const Expr *E, ASTContext &Ctx) {
  const Stmt *S = E;
  while (true) {
    DynTypedNodeList Parents = Ctx.getParents(*S);
    if (Parents.empty())
      return nullptr;
    if (Parents[0].get<CompoundStmt>())
      return S;
    const auto *Up = Parents[0].get<ExprWithCleanups>();
    if (!Up)
      return nullptr;
    S = Up;
  }
}

/// A `T *p = new T[n];` block of a work item, released by one `delete[] p;`
/// in the same block, that a std::vector<T> per thread can stand for.
struct NewArrayBlock {
  std::string Element;
  std::string CountText;
  /// `new T[n]()` or `{}`: every element zero; otherwise indeterminate.
  bool Zeroed = false;
  bool KeepContents = false;
  CharSourceRange Release;
  /// What makes \p Buf hold what the block held when it was new.
  std::string Refill(const std::string &Buf) const {
    if (Zeroed && !KeepContents)
      return Buf + ".assign(" + CountText + ", " + Element + "());";
    return Buf + ".resize(" + CountText + ");";
  }
};

std::optional<NewArrayBlock> newArrayBlock(const VarDecl *V, const DeclStmt *DS,
                                           const CXXNewExpr *New,
                                           bool KeepContents, ASTContext &Ctx,
                                           std::string &WhyNot) {
  std::string Name = V->getName().str();
  QualType T = New->getAllocatedType();
  const FunctionDecl *Op = New->getOperatorNew();
  if (!New->isArray() || New->getNumPlacementArgs() != 0 || !Op ||
      !Op->isReplaceableGlobalAllocationFunction() || !T->isScalarType() ||
      T.isVolatileQualified() || T.isConstQualified() || !New->getArraySize() ||
      !V->getType()->isPointerType() ||
      !Ctx.hasSameUnqualifiedType(V->getType()->getPointeeType(), T)) {
    WhyNot = "'" + Name +
             "' is not a pointer to a plain new[] block of numbers or "
             "pointers";
    return std::nullopt;
  }
  NewArrayBlock B;
  B.KeepContents = KeepContents;
  if (const Expr *Init = New->getInitializer()) {
    const auto *IL = dyn_cast<InitListExpr>(Init);
    B.Zeroed =
        isa<ImplicitValueInitExpr>(Init) || (IL && IL->getNumInits() == 0);
    if (!B.Zeroed) {
      WhyNot = "the elements of the new[] block are given values";
      return std::nullopt;
    }
  }
  // Without an initializer new[] leaves the elements indeterminate, and a
  // program that reads one before writing it has no defined meaning: what
  // the thread's last work item left (resize) is as good as any value.
  B.Element = spellType(T.getUnqualifiedType(), Ctx);
  B.CountText =
      Lexer::getSourceText(CharSourceRange::getTokenRange(
                               (*New->getArraySize())->getSourceRange()),
                           Ctx.getSourceManager(), Ctx.getLangOpts())
          .str();
  // The pointer keeps the block: only read, never changed or its address
  // taken; one `delete[] p;` of its own in the block that declares it.
  DynTypedNodeList Parents = Ctx.getParents(*DS);
  const auto *Block =
      Parents.empty() ? nullptr : Parents[0].get<CompoundStmt>();
  const Stmt *Delete = nullptr;
  unsigned Releases = 0;
  bool OnlyRead = true;
  std::function<void(const Stmt *)> Walk = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *D = dyn_cast<CXXDeleteExpr>(S))
      if (const auto *R =
              dyn_cast<DeclRefExpr>(D->getArgument()->IgnoreParenImpCasts());
          R && R->getDecl() == V)
        ++Releases;
    if (const auto *R = dyn_cast<DeclRefExpr>(S); R && R->getDecl() == V) {
      DynTypedNodeList P = Ctx.getParents(*R);
      const auto *IC = P.empty() ? nullptr : P[0].get<ImplicitCastExpr>();
      OnlyRead &= IC && IC->getCastKind() == CK_LValueToRValue;
    }
    for (const Stmt *Child : S->children())
      Walk(Child);
  };
  if (Block) {
    Walk(Block);
    for (const Stmt *S : Block->body())
      if (const auto *D = dyn_cast<CXXDeleteExpr>(S))
        if (const auto *R =
                dyn_cast<DeclRefExpr>(D->getArgument()->IgnoreParenImpCasts());
            R && R->getDecl() == V && D->isArrayForm())
          Delete = D;
  }
  if (!Block || !Delete || Releases != 1) {
    WhyNot = "the new[] block is not released by one 'delete[] " + Name +
             ";' in the block that declares it";
    return std::nullopt;
  }
  if (!OnlyRead) {
    WhyNot = "'" + Name + "' is changed or its address taken";
    return std::nullopt;
  }
  // Its whole line, `;` included, when nothing else is on it.
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Begin = Delete->getBeginLoc();
  SourceLocation After = Lexer::findLocationAfterToken(
      Delete->getEndLoc(), tok::semi, SM, Ctx.getLangOpts(), false);
  auto Indent = Begin.isMacroID() ? std::nullopt : lineIndent(Begin, SM);
  size_t LineEnd = StringRef::npos, EndOffset = 0;
  StringRef Buffer;
  if (After.isValid() && !After.isMacroID()) {
    FileID File;
    std::tie(File, EndOffset) = SM.getDecomposedLoc(After);
    Buffer = SM.getBufferData(File);
    LineEnd = Buffer.find('\n', EndOffset);
  }
  if (!Indent || LineEnd == StringRef::npos ||
      Buffer.slice(EndOffset, LineEnd).find_first_not_of(" \t\r") !=
          StringRef::npos) {
    WhyNot = "the 'delete[]' shares its line with other code";
    return std::nullopt;
  }
  B.Release = CharSourceRange::getCharRange(
      Begin.getLocWithOffset(-static_cast<int>(Indent->size())),
      After.getLocWithOffset(static_cast<int>(LineEnd - EndOffset + 1)));
  return B;
}

} // namespace

std::vector<FixItHint>
buildThreadSpecificAllocationFix(const Finding &F, const ModelledConstruct &C,
                                 ASTContext &Ctx, std::string &WhyNot) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  const auto *Call = dyn_cast_or_null<CallExpr>(C.Construct);
  auto T = Call ? recognize(Call, Ctx) : std::nullopt;
  if (!T || T->Bodies.size() != 1 || !T->Bodies[0].Lambda || !C.Function ||
      !C.Function->getBody() || T->Kind != RegionKind::Loop) {
    WhyNot = "the body is not one lambda of a parallel loop";
    return {};
  }
  if (C.Function->isTemplateInstantiation() ||
      C.Function->isDependentContext()) {
    WhyNot = "the code is a template's, and the fix would spell one "
             "instance's types";
    return {};
  }
  const WorkBody &B = T->Bodies.front();
  const auto *Body = dyn_cast_or_null<CompoundStmt>(B.body());
  if (!Body || B.Lambda->getCaptureDefault() != LCD_ByRef) {
    WhyNot = "the body is not a lambda with a '[&]' capture, which the copy "
             "per thread would need";
    return {};
  }
  // The container: declared alone, in the body's own code (not in a lambda
  // nested in it), by that name once.
  const VarDecl *V = nullptr;
  const DeclStmt *DS = nullptr;
  unsigned Named = 0;
  std::function<void(const Stmt *)> Find = [&](const Stmt *S) {
    if (!S)
      return;
    if (const auto *D = dyn_cast<DeclStmt>(S))
      for (const Decl *X : D->decls())
        if (const auto *ND = dyn_cast<NamedDecl>(X);
            ND && ND->getIdentifier() && ND->getName() == F.BufferName) {
          ++Named;
          const auto *VD = dyn_cast<VarDecl>(ND);
          if (VD && D->isSingleDecl() && VD->getDeclContext() == B.Function) {
            V = VD;
            DS = D;
          }
        }
    for (const Stmt *Child : S->children())
      Find(Child);
  };
  Find(Body);
  if (!V || Named != 1) {
    WhyNot = "'" + F.BufferName +
             "' is not declared once, alone, in the body's own code";
    return {};
  }
  std::string Name = V->getName().str();
  if (V->isStaticLocal() || V->getTLSKind() != VarDecl::TLS_None) {
    WhyNot = "'" + Name + "' is not made in every work item";
    return {};
  }
  if (!bodyKeepsThread(C, WhyNot))
    return {};
  std::string What;
  if (mayRunNestedWork(Body, Ctx, 3, What)) {
    WhyNot = "the body calls " + What +
             ", which may run nested parallel work: the waiting thread can "
             "run another work item that would take the same "
             "'enumerable_thread_specific' copy";
    return {};
  }
  auto DeclIndent = lineIndent(DS->getBeginLoc(), SM);
  if (!DeclIndent) {
    WhyNot = "the declaration shares its line with other code";
    return {};
  }
  const std::string &In = *DeclIndent;
  // What each thread keeps, and what the declaration becomes.
  std::string Kept, Refill, ETS = Name + "_ets";
  std::optional<CharSourceRange> Release;
  const auto *Construct =
      V->getInit() && V->getInitStyle() == VarDecl::CallInit
          ? dyn_cast<CXXConstructExpr>(V->getInit()->IgnoreImplicit())
          : nullptr;
  const auto *New =
      V->getInit() ? dyn_cast<CXXNewExpr>(V->getInit()->IgnoreParenImpCasts())
                   : nullptr;
  if (Construct) {
    auto Sized = sizedContainer(V, Construct, Ctx, WhyNot);
    if (!Sized)
      return {};
    Kept = writtenType(V, Ctx);
    // The count and the value stay where they were written, evaluated
    // where they were: `assign` makes the contents of a new container
    // (`resize` where every element read is written first, so what the
    // thread's last work item left is never seen).
    Refill = "auto &" + Name + " = " + ETS + ".local();\n" + In +
             (std::get<remedy::AllocationPerThread>(F.Fix).KeepContents
                  ? Name + ".resize(" + Sized->CountText + ");"
                  : Name + ".assign(" + Sized->CountText + ", " +
                        Sized->ValueText + ");");
  } else if (New) {
    auto Block = newArrayBlock(
        V, DS, New, std::get<remedy::AllocationPerThread>(F.Fix).KeepContents,
        Ctx, WhyNot);
    if (!Block)
      return {};
    if (!declaresIn(Ctx, "std", "vector")) {
      WhyNot = "the copy per thread would be a std::vector, and the file "
               "does not include <vector>";
      return {};
    }
    std::string Buf = Name + "_buf";
    if (!nameFree(Buf, C.Function, Ctx)) {
      WhyNot = "the name '" + Buf + "' is taken";
      return {};
    }
    Kept = "std::vector<" + Block->Element + ">";
    Refill = "auto &" + Buf + " = " + ETS + ".local();\n" + In +
             Block->Refill(Buf) + "\n" + In + Block->Element + " *" + Name +
             " = " + Buf + ".data();";
    Release = Block->Release;
  } else {
    WhyNot = "only a container made as (count) or (count, value), or a "
             "new[] block, is kept per thread";
    return {};
  }
  if (!nameFree(ETS, C.Function, Ctx)) {
    WhyNot = "the name '" + ETS + "' is taken";
    return {};
  }
  const Stmt *CallStmt = statementOf(Call, Ctx);
  if (!CallStmt) {
    WhyNot = "the call is not a statement of its own, before which the copy "
             "per thread could be declared";
    return {};
  }
  SourceLocation DeclEnd =
      Lexer::findLocationAfterToken(DS->getEndLoc(), tok::semi, SM, LO, false);
  if (DeclEnd.isInvalid())
    DeclEnd = Lexer::getLocForEndOfToken(DS->getEndLoc(), 0, SM, LO);
  if (!writable({CallStmt->getBeginLoc(), CallStmt->getEndLoc(),
                 DS->getBeginLoc(), DS->getEndLoc()},
                SM, WhyNot))
    return {};
  if (hasPreprocessorDirective(
          SourceRange(CallStmt->getBeginLoc(), CallStmt->getEndLoc()), SM)) {
    WhyNot = "preprocessor directives ('#if', '#define') lie in the call, "
             "which a fix could not keep in place";
    return {};
  }
  auto CallIndent = lineIndent(CallStmt->getBeginLoc(), SM);
  if (!CallIndent) {
    WhyNot = "the call shares its line with other code";
    return {};
  }
  std::vector<FixItHint> Hints;
  if (!declaresTBB(Ctx, "enumerable_thread_specific")) {
    auto Include = includeAfterCallee(T->Call, "enumerable_thread_specific.h",
                                      Ctx, WhyNot);
    if (!Include)
      return {};
    Hints.push_back(*Include);
  }
  // Default-constructed copies: the first refill of each thread allocates,
  // later ones reuse its capacity.
  Hints.push_back(FixItHint::CreateInsertion(CallStmt->getBeginLoc(),
                                             threadSpecificType(Kept) + " " +
                                                 ETS + ";\n" + *CallIndent));
  Hints.push_back(FixItHint::CreateReplacement(
      CharSourceRange::getCharRange(DS->getBeginLoc(), DeclEnd), Refill));
  // The thread's buffer outlives the work item: no release.
  if (Release)
    Hints.push_back(FixItHint::CreateRemoval(*Release));
  return Hints;
}

} // namespace clangfe
} // namespace privateer
