//===- PrivateCopies.cpp - When a private copy keeps the meaning ----------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "PrivateCopies.h"

#include "Directives.h"

#include "privateer/Clang/CXX/Edits/ASTQueries.h"
#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/StmtWalk.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/OpenMPClause.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

#include <functional>

using namespace clang;

namespace privateer {
namespace clangfe {

using clang::Expr;

bool constructible(const CXXRecordDecl *RD, bool Copy) {
  RD = RD->getDefinition();
  if (!RD)
    return false;
  if (Copy && RD->needsImplicitCopyConstructor())
    return !RD->defaultedCopyConstructorIsDeleted();
  if (!Copy && RD->needsImplicitDefaultConstructor()) {
    // Deleted when a member or base cannot be default-initialized.
    for (const CXXBaseSpecifier &B : RD->bases())
      if (const CXXRecordDecl *BD = B.getType()->getAsCXXRecordDecl();
          BD && !constructible(BD, false))
        return false;
    for (const FieldDecl *F : RD->fields()) {
      QualType T = F->getType();
      if (F->hasInClassInitializer())
        continue;
      if (T->isReferenceType() ||
          (T.isConstQualified() && !T->getAsCXXRecordDecl()))
        return false;
      if (const CXXRecordDecl *FD =
              T->getBaseElementTypeUnsafe()->getAsCXXRecordDecl();
          FD && !constructible(FD, false))
        return false;
    }
    return true;
  }
  return llvm::any_of(RD->ctors(), [&](const CXXConstructorDecl *C) {
    return !C->isDeleted() && C->getAccess() != AS_private &&
           C->getAccess() != AS_protected &&
           (Copy ? C->isCopyConstructor() : C->isDefaultConstructor());
  });
}

namespace {

bool mentions(const Stmt *S, const ValueDecl *V) {
  if (!S)
    return false;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(S))
    return DRE->getDecl() == V;
  for (const Stmt *Child : S->children())
    if (mentions(Child, V))
      return true;
  return false;
}

/// Whether \p S assigns an element, indexed by \p V, of an array or
/// pointee declared before \p D: memory the whole team shares.
bool writesSharedElementsBy(const Stmt *S, const ValueDecl *V,
                            const OMPExecutableDirective *D,
                            const SourceManager &SM) {
  if (!S)
    return false;
  if (const auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
    if (const auto *AS =
            dyn_cast<ArraySubscriptExpr>(BO->getLHS()->IgnoreParenImpCasts());
        AS && mentions(AS->getIdx(), V))
      if (const auto *Base =
              dyn_cast<DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts()))
        if (SM.isBeforeInTranslationUnit(Base->getDecl()->getLocation(),
                                         D->getBeginLoc()))
          return true;
  for (const Stmt *Child : S->children())
    if (writesSharedElementsBy(Child, V, D, SM))
      return true;
  return false;
}

} // namespace

const ForStmt *unsharedLoopCountedBy(const Stmt *S, const ValueDecl *V,
                                     const OMPExecutableDirective *D,
                                     const SourceManager &SM) {
  if (!S || isa<OMPExecutableDirective>(S))
    return nullptr;
  if (const auto *F = dyn_cast<ForStmt>(S)) {
    const auto *Init =
        dyn_cast_or_null<BinaryOperator>(dyn_cast_or_null<Expr>(F->getInit()));
    if (Init && Init->isAssignmentOp())
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(Init->getLHS()->IgnoreParenImpCasts());
          DRE && DRE->getDecl() == V &&
          writesSharedElementsBy(F->getBody(), V, D, SM))
        return F;
  }
  for (const Stmt *Child : S->children())
    if (const ForStmt *F = unsharedLoopCountedBy(Child, V, D, SM))
      return F;
  return nullptr;
}

namespace {

/// Whether the code names \p V after the construct, or in a loop around
/// it: in a loop, a use before the construct in the text comes after it in
/// the next iteration.
bool namedAfter(const ValueDecl *V, const OMPExecutableDirective *D,
                const FunctionDecl *FD, ASTContext &Ctx) {
  const SourceManager &SM = Ctx.getSourceManager();
  // In a loop around the construct, a use before it in the text comes
  // after it in the next iteration.
  DynTypedNode Node = DynTypedNode::create(*static_cast<const Stmt *>(D));
  for (;;) {
    DynTypedNodeList Parents = Ctx.getParents(Node);
    if (Parents.empty() || Parents[0].get<FunctionDecl>())
      break;
    Node = Parents[0];
    const Stmt *Loop = Node.get<Stmt>();
    if (!Loop || !(isa<ForStmt>(Loop) || isa<WhileStmt>(Loop) ||
                   isa<DoStmt>(Loop) || isa<CXXForRangeStmt>(Loop)))
      continue;
    bool Elsewhere = walkStmts(Loop, [&](const Stmt *S) {
      if (S == D)
        return WalkStep::Skip;
      const auto *DRE = dyn_cast<DeclRefExpr>(S);
      return DRE && DRE->getDecl() == V ? WalkStep::Interrupt
                                        : WalkStep::Advance;
    });
    if (Elsewhere)
      return true;
  }
  if (!FD || !FD->getBody())
    return true; // cannot tell: assume it is
  struct Finder : RecursiveASTVisitor<Finder> {
    const ValueDecl *V;
    SourceLocation After;
    const SourceManager &SM;
    bool Found = false;
    Finder(const ValueDecl *V, SourceLocation After, const SourceManager &SM)
        : V(V), After(After), SM(SM) {}
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      if (E->getDecl() == V &&
          SM.isBeforeInTranslationUnit(After, E->getBeginLoc()))
        Found = true;
      return !Found;
    }
  } F(V, D->getEndLoc(), SM);
  // The construct's own statement ends after its directive line: look
  // beyond the whole construct.
  if (const Stmt *S = D->hasAssociatedStmt() ? D->getAssociatedStmt() : nullptr)
    F.After = S->getEndLoc();
  F.TraverseStmt(FD->getBody());
  // A static or global variable can be read anywhere else.
  if (const auto *Var = dyn_cast<VarDecl>(V); Var && Var->hasGlobalStorage())
    return true;
  return F.Found;
}

/// What the CFG element \p X does to \p V's value, in evaluation order.
enum class Effect { None, Read, Assigned };

/// What construct \p D does to the variable \p V outside it when \p V is
/// private there: its code uses its own copy (a `private` or `lastprivate`
/// clause, a loop variable of its loops), so it reads nothing of \p V; a
/// `lastprivate` copy is written back at its end. Nothing for a variable
/// that is not private to \p D (`firstprivate` reads it).
std::optional<Effect> privateEffect(const VarDecl *V,
                                    const OMPExecutableDirective *D) {
  auto Names = [&](auto *Clause) {
    for (const Expr *E : Clause->varlist())
      if (clauseVariable(E) == V)
        return true;
    return false;
  };
  bool Private = false, Last = false;
  for (const OMPClause *C : D->clauses()) {
    if (const auto *FP = dyn_cast_or_null<OMPFirstprivateClause>(C);
        FP && Names(FP))
      return std::nullopt;
    if (const auto *P = dyn_cast_or_null<OMPPrivateClause>(C))
      Private |= Names(P);
    if (const auto *LP = dyn_cast_or_null<OMPLastprivateClause>(C))
      Last |= Names(LP);
  }
  if (const auto *L = dyn_cast<OMPLoopDirective>(D))
    for (const Expr *Counter : L->counters())
      if (const auto *DRE =
              dyn_cast_or_null<DeclRefExpr>(Counter->IgnoreParenImpCasts()))
        Private |= DRE->getDecl() == V;
  if (Last)
    return Effect::Assigned;
  if (Private)
    return Effect::None;
  return std::nullopt;
}

Effect effectOn(const VarDecl *V, const Stmt *X, ASTContext &Ctx) {
  if (const auto *BO = dyn_cast<BinaryOperator>(X);
      BO && BO->getOpcode() == BO_Assign)
    if (const auto *DRE =
            dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
        DRE && DRE->getDecl() == V)
      return Effect::Assigned;
  if (const auto *DRE = dyn_cast<DeclRefExpr>(X); DRE && DRE->getDecl() == V) {
    DynTypedNodeList Ps = Ctx.getParents(*DRE);
    while (!Ps.empty() && Ps[0].get<ParenExpr>())
      Ps = Ctx.getParents(Ps[0]);
    // The target of a plain assignment is written, not read (the
    // assignment itself is the element that assigns).
    if (const auto *BO = Ps.empty() ? nullptr : Ps[0].get<BinaryOperator>();
        BO && BO->getOpcode() == BO_Assign &&
        BO->getLHS()->IgnoreParens() == DRE)
      return Effect::None;
    return Effect::Read; // a value read, stepped, or passed on
  }
  // A later construct with its own copy of V neither reads V nor, but
  // for lastprivate, writes it.
  if (const auto *Later = dyn_cast<OMPExecutableDirective>(X))
    if (auto Does = privateEffect(V, Later))
      return *Does;
  // Code the function's CFG does not show (another construct's region, a
  // lambda's body) reads it when it names it.
  if ((isa<OMPExecutableDirective>(X) || isa<CapturedStmt>(X) ||
       isa<LambdaExpr>(X)) &&
      !referencesTo(V, X).empty())
    return Effect::Read;
  return Effect::None;
}

/// Whether \p FD takes the address of \p V or binds a reference to it, or
/// a lambda captures it: then code the CFG does not show may read it.
bool reachedIndirectly(const VarDecl *V, const FunctionDecl *FD,
                       ASTContext &Ctx) {
  for (const DeclRefExpr *Ref : referencesTo(V, FD->getBody())) {
    DynTypedNodeList Ps = Ctx.getParents(*Ref);
    while (!Ps.empty() && Ps[0].get<ParenExpr>())
      Ps = Ctx.getParents(Ps[0]);
    if (Ps.empty())
      return true;
    const auto *Cast = Ps[0].get<ImplicitCastExpr>();
    const auto *BO = Ps[0].get<BinaryOperator>();
    const auto *UO = Ps[0].get<UnaryOperator>();
    bool Plain =
        (Cast && Cast->getCastKind() == CK_LValueToRValue) ||
        (BO && BO->isAssignmentOp() && BO->getLHS()->IgnoreParens() == Ref) ||
        (UO && UO->isIncrementDecrementOp()) ||
        Ps[0].get<CapturedStmt>(); // an OpenMP region: in the CFG
    if (!Plain)
      return true;
  }
  return false;
}

/// Whether some path of \p FD's CFG from the end of \p D reads the scalar
/// \p V before it assigns it; none when the CFG cannot tell.
std::optional<bool> readBeforeAssigned(const VarDecl *V,
                                       const OMPExecutableDirective *D,
                                       const FunctionDecl *FD,
                                       ASTContext &Ctx) {
  CFG::BuildOptions Options;
  Options.setAllAlwaysAdd();
  std::unique_ptr<CFG> G =
      CFG::buildCFG(FD, const_cast<Stmt *>(FD->getBody()), &Ctx, Options);
  if (!G)
    return std::nullopt;
  std::vector<std::pair<const CFGBlock *, unsigned>> Work;
  for (const CFGBlock *B : *G)
    for (unsigned K = 0; K < B->size(); ++K)
      if (auto S = (*B)[K].getAs<CFGStmt>(); S && S->getStmt() == D)
        Work.push_back({B, K + 1});
  if (Work.size() != 1)
    return std::nullopt;
  // The construct's own code, met again in a loop around it, uses its
  // private copy.
  const SourceManager &SM = Ctx.getSourceManager();
  const Stmt *Body = associatedBody(D);
  SourceRange Construct(D->getBeginLoc(),
                        Body ? Body->getEndLoc() : D->getEndLoc());
  llvm::DenseSet<const CFGBlock *> Entered;
  while (!Work.empty()) {
    auto [B, K] = Work.back();
    Work.pop_back();
    bool Assigned = false;
    for (; K < B->size() && !Assigned; ++K) {
      auto S = (*B)[K].getAs<CFGStmt>();
      const Stmt *X = S ? S->getStmt() : nullptr;
      if (!X || X == D ||
          SM.isPointWithin(X->getBeginLoc(), Construct.getBegin(),
                           Construct.getEnd()))
        continue;
      Effect Does = effectOn(V, X, Ctx);
      if (Does == Effect::Read)
        return true;
      Assigned = Does == Effect::Assigned;
    }
    if (!Assigned)
      for (const CFGBlock *Next : B->succs())
        if (Next && Entered.insert(Next).second)
          Work.push_back({Next, 0});
  }
  return false;
}

} // namespace

bool usedAfter(const ValueDecl *V, const OMPExecutableDirective *D,
               const FunctionDecl *FD, ASTContext &Ctx) {
  if (!namedAfter(V, D, FD, Ctx))
    return false;
  // Named after it: for a plain local scalar, whether a path reads the
  // value the construct left, or assigns it first.
  const auto *Var = dyn_cast<VarDecl>(V);
  if (!Var || !FD || !FD->getBody() || !Var->hasLocalStorage() ||
      Var->getType()->isReferenceType() || !Var->getType()->isScalarType() ||
      reachedIndirectly(Var, FD, Ctx))
    return true;
  return readBeforeAssigned(Var, D, FD, Ctx).value_or(true);
}

bool lastIterationWrites(const OMPExecutableDirective *D, const ValueDecl *V) {
  const auto *L = dyn_cast<OMPLoopDirective>(D);
  OpenMPDirectiveKind K = D->getDirectiveKind();
  if (!L || !(K == llvm::omp::OMPD_for || K == llvm::omp::OMPD_for_simd ||
              K == llvm::omp::OMPD_parallel_for ||
              K == llvm::omp::OMPD_parallel_for_simd))
    return false;
  // A scalar assigned, or a standard container made anew (clear(),
  // assign(), `=`: what it holds at the end is the last iteration's).
  const CXXRecordDecl *RD = V->getType()->getAsCXXRecordDecl();
  bool Container = RD && RD->isInStdNamespace();
  if (!V->getType()->isScalarType() && !Container)
    return false;
  auto NamesV = [&](const Expr *E) {
    const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
    return DRE && DRE->getDecl() == V;
  };
  auto Leaves = [](const Stmt *S) {
    return walkStmts(
        S,
        [](const Stmt *X) {
          return isa<ContinueStmt>(X) || isa<BreakStmt>(X) ||
                         isa<ReturnStmt>(X) || isa<GotoStmt>(X) ||
                         isa<IndirectGotoStmt>(X) || isa<CXXThrowExpr>(X)
                     ? WalkStep::Interrupt
                     : WalkStep::Advance;
        },
        CapturedChildren::Captures);
  };
  // Whether \p S, run to its end, assigns V before anything that could
  // leave the iteration: an assignment, a block with such a statement
  // before any that could leave, or an if whose branches both do.
  struct Assignment {
    const ValueDecl *V;
    bool Container;
    llvm::function_ref<bool(const Expr *)> NamesV;
    llvm::function_ref<bool(const Stmt *)> Leaves;
    bool assigns(const Stmt *S) const {
      if (!S)
        return false;
      if (const auto *BO = dyn_cast<BinaryOperator>(S);
          BO && BO->getOpcode() == BO_Assign)
        if (const auto *DRE =
                dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts());
            DRE && DRE->getDecl() == V)
          return !Leaves(BO->getRHS());
      if (const auto *OC = dyn_cast<CXXOperatorCallExpr>(S);
          Container && OC && OC->getOperator() == OO_Equal &&
          OC->getNumArgs() == 2 && NamesV(OC->getArg(0)))
        return !Leaves(OC->getArg(1));
      if (const auto *MC = dyn_cast<CXXMemberCallExpr>(S);
          Container && MC && MC->getMethodDecl() &&
          (knownName(MC->getMethodDecl()) == KnownName::Clear ||
           knownName(MC->getMethodDecl()) == KnownName::Assign) &&
          NamesV(MC->getImplicitObjectArgument()))
        return !llvm::any_of(MC->arguments(), Leaves);
      if (const auto *CS = dyn_cast<CompoundStmt>(S)) {
        for (const Stmt *C : CS->body()) {
          if (assigns(C))
            return true;
          if (Leaves(C))
            return false;
        }
        return false;
      }
      if (const auto *If = dyn_cast<IfStmt>(S))
        return !If->getInit() && !If->getConditionVariable() &&
               !Leaves(If->getCond()) && assigns(If->getThen()) &&
               assigns(If->getElse());
      return false;
    }
  } X{V, Container, NamesV, Leaves};
  return X.assigns(L->getBody());
}

bool nonmonotonicDynamic(const OMPExecutableDirective *D) {
  const auto *C = D->getSingleClause<OMPScheduleClause>();
  if (!C || C->getScheduleKind() != OMPC_SCHEDULE_dynamic)
    return false;
  return C->getFirstScheduleModifier() != OMPC_SCHEDULE_MODIFIER_monotonic &&
         C->getSecondScheduleModifier() != OMPC_SCHEDULE_MODIFIER_monotonic;
}

} // namespace clangfe
} // namespace privateer
