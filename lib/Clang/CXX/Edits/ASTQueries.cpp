//===- ASTQueries.cpp - What a fix asks of the code around it -------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/CXX/Edits/ASTQueries.h"

#include "privateer/Clang/CXX/Edits/SourceText.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/StmtWalk.h"
#include "privateer/Clang/CXX/Subscript.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Analysis/Analyses/ExprMutationAnalyzer.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace privateer {
namespace clangfe {

using clang::Expr;

const Stmt *blockStatement(const Stmt *S, ASTContext &Ctx,
                           const CompoundStmt **Block) {
  for (DynTypedNodeList Ps = Ctx.getParents(*S); !Ps.empty();
       Ps = Ctx.getParents(Ps[0])) {
    if (const auto *CS = Ps[0].get<CompoundStmt>()) {
      if (Block)
        *Block = CS;
      return S;
    }
    if (!Ps[0].get<Expr>())
      return nullptr;
    S = Ps[0].get<Stmt>();
  }
  return nullptr;
}

const Stmt *childContaining(const CompoundStmt *Block, const Stmt *S,
                            const SourceManager &SM) {
  for (const Stmt *Child : Block->body())
    if (SM.isPointWithin(S->getBeginLoc(), Child->getBeginLoc(),
                         Child->getEndLoc()))
      return Child;
  return nullptr;
}

const DeclStmt *declarationOf(const VarDecl *V, ASTContext &Ctx) {
  const DeclStmt *DS = nullptr;
  for (const DynTypedNode &P : Ctx.getParents(*V))
    DS = P.get<DeclStmt>();
  return DS;
}

std::vector<const DeclRefExpr *> referencesTo(const ValueDecl *V,
                                              const Stmt *S) {
  std::vector<const DeclRefExpr *> Refs;
  llvm::function_ref<WalkStep(const Stmt *)> Self;
  auto Visit = [&](const Stmt *X) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(X); DRE && DRE->getDecl() == V)
      Refs.push_back(DRE);
    // A lambda's captures repeat what its body names: only the body.
    if (const auto *L = dyn_cast<LambdaExpr>(X)) {
      walkStmts(L->getBody(), Self);
      return WalkStep::Skip;
    }
    return WalkStep::Advance;
  };
  Self = Visit;
  walkStmts(S, Visit);
  return Refs;
}

bool isMutatedIn(const VarDecl *V, const Stmt *S, ASTContext &Ctx) {
  return S && ExprMutationAnalyzer(*S, Ctx).isMutated(V);
}

bool mayEscape(const ValueDecl *V, const FunctionDecl *FD) {
  const auto *Var = dyn_cast_or_null<VarDecl>(V);
  // A pointer's value is itself a way in (`g = p;`): only arrays and plain
  // values are followed.
  if (!Var || !FD || !FD->getBody() || !Var->isLocalVarDecl() ||
      Var->isStaticLocal() || Var->getType()->isReferenceType() ||
      Var->getType()->isPointerType())
    return true;
  llvm::SmallPtrSet<const DeclRefExpr *, 16> Safe;
  auto MarkSafe = [&](const Expr *E) {
    if (const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParens());
        DRE && DRE->getDecl() == V)
      Safe.insert(DRE);
  };
  // A value read, assigned or stepped; an array's element too, but not an
  // element whose address is taken (`&a[t]`).
  auto Used = [&](const Expr *E) {
    E = E->IgnoreParens();
    MarkSafe(E);
    if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E))
      MarkSafe(AS->getBase()->IgnoreParenImpCasts());
  };
  forEachStmt(FD->getBody(), [&](const Stmt *S) {
    if (const auto *IC = dyn_cast<ImplicitCastExpr>(S);
        IC && IC->getCastKind() == CK_LValueToRValue)
      Used(IC->getSubExpr());
    if (const auto *BO = dyn_cast<BinaryOperator>(S);
        BO && BO->isAssignmentOp())
      Used(BO->getLHS());
    if (const auto *UO = dyn_cast<UnaryOperator>(S);
        UO && UO->isIncrementDecrementOp())
      Used(UO->getSubExpr());
  });
  // (An OpenMP capture repeats a reference at its location: a reference is
  // safe when one at its location is.)
  llvm::SmallPtrSet<const void *, 16> SafeAt;
  for (const DeclRefExpr *DRE : Safe)
    SafeAt.insert(DRE->getLocation().getPtrEncoding());
  return llvm::any_of(referencesTo(V, FD->getBody()),
                      [&](const DeclRefExpr *R) {
                        return !SafeAt.count(R->getLocation().getPtrEncoding());
                      });
}

DynTypedNode semanticParent(const Expr *E, ASTContext &Ctx) {
  DynTypedNodeList Parents = Ctx.getParents(*E);
  while (!Parents.empty() &&
         (Parents[0].get<ParenExpr>() || Parents[0].get<ImplicitCastExpr>() ||
          Parents[0].get<MaterializeTemporaryExpr>() ||
          Parents[0].get<ExprWithCleanups>()))
    Parents = Ctx.getParents(Parents[0]);
  return Parents.empty() ? DynTypedNode() : Parents[0];
}

bool nameIsFree(StringRef Name, const FunctionDecl *FD, ASTContext &Ctx) {
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

bool isThreadNumber(const Expr *E, const FunctionDecl *FD, ASTContext &Ctx,
                    const Stmt *Scope) {
  E = E->IgnoreParenCasts();
  if (isThreadIdCall(E))
    return true;
  const auto *DRE = dyn_cast<DeclRefExpr>(E);
  const auto *V = DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
  if (!V || !V->isLocalVarDecl() || V->isStaticLocal() ||
      V->getType()->isReferenceType() || !V->getInit() ||
      !isThreadIdCall(V->getInit()) || !FD || !FD->getBody())
    return false;
  const SourceManager &SM = Ctx.getSourceManager();
  if (Scope && !SM.isPointWithin(V->getLocation(), Scope->getBeginLoc(),
                                 Scope->getEndLoc()))
    return false;
  return !isMutatedIn(V, FD->getBody(), Ctx);
}

namespace {

const VarDecl *referencedVariable(const Expr *E) {
  const auto *DRE = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

/// `t * n` or `n * t`: n, as written.
bool strideSlot(const Expr *Offset,
                llvm::function_ref<bool(const Expr *)> IsThreadNumber,
                ASTContext &Ctx, ThreadSlot &S) {
  const auto *Mul = dyn_cast<BinaryOperator>(Offset->IgnoreParenCasts());
  if (!Mul || Mul->getOpcode() != BO_Mul)
    return false;
  if (IsThreadNumber(Mul->getLHS()))
    S.Length = Mul->getRHS();
  else if (IsThreadNumber(Mul->getRHS()))
    S.Length = Mul->getLHS();
  if (!S.Length)
    return false;
  S.LengthText = tokensOf(S.Length->getSourceRange(), Ctx);
  return !S.LengthText.empty();
}

/// `b[t]` of a two-dimensional array: a row, whose extent is spelled as the
/// declaration spells it (`W`) when that is a name or a number.
bool rowSlot(const Expr *Base, const Expr *Index,
             llvm::function_ref<bool(const Expr *)> IsThreadNumber,
             ASTContext &Ctx, ThreadSlot &S) {
  const VarDecl *V = referencedVariable(Base);
  const ConstantArrayType *Outer =
      V ? Ctx.getAsConstantArrayType(V->getType()) : nullptr;
  const ConstantArrayType *Inner =
      Outer ? Ctx.getAsConstantArrayType(Outer->getElementType()) : nullptr;
  if (!Inner || !IsThreadNumber(Index))
    return false;
  S.Buffer = V;
  S.LengthText = std::to_string(Inner->getSize().getZExtValue());
  if (const TypeSourceInfo *TSI = V->getTypeSourceInfo())
    if (auto OuterLoc = TSI->getTypeLoc().getAs<ConstantArrayTypeLoc>())
      if (auto InnerLoc =
              OuterLoc.getElementLoc().getAs<ConstantArrayTypeLoc>())
        if (const Expr *Size = InnerLoc.getSizeExpr()) {
          const SourceManager &SM = Ctx.getSourceManager();
          std::string Text =
              textOf(SM.getExpansionRange(Size->getSourceRange()), Ctx);
          if (isNameOrNumber(Text))
            S.LengthText = Text;
        }
  return true;
}

} // namespace

std::optional<ThreadSlot>
threadSlotOf(const Expr *Init,
             llvm::function_ref<bool(const Expr *)> IsThreadNumber,
             ASTContext &Ctx) {
  ThreadSlot S;
  const Expr *I = Init->IgnoreParenImpCasts();
  const Expr *Base = nullptr, *Index = nullptr;
  if (const auto *Addr = dyn_cast<UnaryOperator>(I);
      Addr && Addr->getOpcode() == UO_AddrOf &&
      subscriptParts(Addr->getSubExpr()->IgnoreParens(), Base, Index)) {
    const Expr *Row = nullptr, *RowIndex = nullptr;
    Expr::EvalResult Zero;
    if (subscriptParts(Base->IgnoreParenImpCasts(), Row, RowIndex) &&
        Index->EvaluateAsInt(Zero, Ctx) && Zero.Val.getInt() == 0) {
      if (!rowSlot(Row, RowIndex, IsThreadNumber, Ctx, S)) // &b[t][0]
        return std::nullopt;
    } else if (strideSlot(Index, IsThreadNumber, Ctx, S)) { // &b[t * n]
      S.Buffer = referencedVariable(Base);
    }
  } else if (const auto *Add = dyn_cast<BinaryOperator>(I);
             Add && Add->getOpcode() == BO_Add &&
             strideSlot(Add->getRHS(), IsThreadNumber, Ctx, S)) {
    S.Buffer = referencedVariable(Add->getLHS()); // b + t * n
  } else if (subscriptParts(I, Base, Index)) {
    if (!rowSlot(Base, Index, IsThreadNumber, Ctx, S)) // b[t]
      return std::nullopt;
  }
  if (!S.Buffer)
    return std::nullopt;
  return S;
}

std::optional<SlotDeclaration> slotDeclaration(const CompoundStmt *Body,
                                               const VarDecl *Buf,
                                               const FunctionDecl *FD,
                                               ASTContext &Ctx,
                                               const Stmt *ThreadScope) {
  auto IsThread = [&](const Expr *E) {
    return isThreadNumber(E, FD, Ctx, ThreadScope);
  };
  for (const Stmt *S : Body->body()) {
    const auto *DS = dyn_cast<DeclStmt>(S);
    const auto *V = DS && DS->isSingleDecl()
                        ? dyn_cast<VarDecl>(DS->getSingleDecl())
                        : nullptr;
    if (!V || !V->getInit() || !V->getType()->isPointerType())
      continue;
    if (auto Shape = threadSlotOf(V->getInit(), IsThread, Ctx);
        Shape && Shape->Buffer == Buf)
      return SlotDeclaration{DS, V, *Shape};
  }
  return std::nullopt;
}

} // namespace clangfe
} // namespace privateer
