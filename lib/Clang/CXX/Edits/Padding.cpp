//===- Padding.cpp - An array's elements padded to whole lines ------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/CXX/Edits/Padding.h"

#include "privateer/Clang/CXX/Edits/Runtime.h"
#include "privateer/Clang/CXX/Edits/SourceText.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace privateer {
namespace clangfe {

using clang::Expr;

namespace {

/// Every use of \p V in the unit when each is a subscript `v[e]`; none
/// otherwise.
std::optional<std::vector<const ArraySubscriptExpr *>>
onlySubscripts(const VarDecl *V, ASTContext &Ctx) {
  struct Finder : RecursiveASTVisitor<Finder> {
    const VarDecl *V;
    std::vector<const ArraySubscriptExpr *> Uses;
    std::vector<SourceLocation> Refs;
    bool shouldVisitTemplateInstantiations() const { return false; }
    bool VisitArraySubscriptExpr(ArraySubscriptExpr *E) {
      if (const auto *DRE =
              dyn_cast<DeclRefExpr>(E->getBase()->IgnoreParenImpCasts());
          DRE && DRE->getDecl() == V)
        Uses.push_back(E);
      return true;
    }
    bool VisitDeclRefExpr(DeclRefExpr *E) {
      if (E->getDecl() == V)
        Refs.push_back(E->getLocation());
      return true;
    }
  } F;
  F.V = V;
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  // An OpenMP capture repeats the reference it captures, at its location.
  llvm::SmallPtrSet<const void *, 16> Bases;
  for (const ArraySubscriptExpr *U : F.Uses)
    Bases.insert(
        U->getBase()->IgnoreParenImpCasts()->getExprLoc().getPtrEncoding());
  for (SourceLocation L : F.Refs)
    if (!Bases.count(L.getPtrEncoding()))
      return std::nullopt;
  if (F.Uses.empty())
    return std::nullopt;
  return F.Uses;
}

/// Zero initializers (`= {0}`, `{}`) stay valid for the padded elements.
bool zeroInit(const Expr *Init, ASTContext &Ctx) {
  const auto *List = dyn_cast<InitListExpr>(Init->IgnoreImplicit());
  return List && llvm::all_of(List->inits(), [&](const Expr *E) {
           Expr::EvalResult R;
           if (E->isValueDependent() || !E->EvaluateAsRValue(R, Ctx))
             return false;
           return (R.Val.isInt() && R.Val.getInt().isZero()) ||
                  (R.Val.isFloat() && R.Val.getFloat().isZero());
         });
}

} // namespace

llvm::Expected<Edits> padArrayElements(const VarDecl *V, unsigned Line,
                                       EditBuilder &E) {
  ASTContext &Ctx = E.context();
  const SourceManager &SM = E.sources();
  const ConstantArrayType *AT =
      V ? Ctx.getAsConstantArrayType(V->getType()) : nullptr;
  if (!V || !AT || !AT->getElementType()->isArithmeticType() ||
      (V->getInit() && !zeroInit(V->getInit(), Ctx)) ||
      !E.isWritable(V->getLocation()))
    return E.decline("only an array of numbers, uninitialized or zeroed, is "
                     "padded");
  std::string Name = "'" + V->getNameAsString() + "'";
  // Another declaration of it (`extern long part[64];`) would keep the old
  // type.
  if (V->getPreviousDecl() || V->getMostRecentDecl() != V)
    return E.decline(Name + " is declared more than once");
  auto Uses = onlySubscripts(V, Ctx);
  if (!Uses)
    return E.decline(Name + " is used other than as 'name[index]'");
  for (const ArraySubscriptExpr *U : *Uses)
    if (!E.writable({U->getBeginLoc(), U->getEndLoc()}))
      return E.result();
  // The declaration: `T name[N]` with T written before the name, and one
  // declarator only: `long a[8], b;` shares its type (the type starts
  // before the first name, and a comma follows or precedes this one).
  SourceLocation TypeBegin = V->getTypeSpecStartLoc();
  SourceLocation NameLoc = V->getLocation();
  if (!E.writable(TypeBegin))
    return E.result();
  if (SM.getFileID(TypeBegin) != SM.getFileID(NameLoc))
    return E.decline("");
  if (StringRef(textOf(CharSourceRange::getCharRange(TypeBegin, NameLoc), Ctx))
          .contains(',') ||
      Lexer::findLocationAfterToken(V->getEndLoc(), tok::semi, SM, E.lang(),
                                    false)
          .isInvalid())
    return E.decline("the declaration declares more than one name");
  std::string Elem = AT->getElementType().getUnqualifiedType().getAsString(
      Ctx.getPrintingPolicy());
  E.replace(CharSourceRange::getCharRange(TypeBegin, NameLoc),
            paddedElementType(Elem, Line, Ctx));
  for (const ArraySubscriptExpr *U : *Uses)
    E.insert(Lexer::getLocForEndOfToken(U->getEndLoc(), 0, SM, E.lang()),
             paddedValueMember());
  return E.result();
}

} // namespace clangfe
} // namespace privateer
