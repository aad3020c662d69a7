//===- Directives.cpp - What an OpenMP directive names and encloses -------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "Directives.h"

#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/OpenMPClause.h"

using namespace clang;

namespace privateer {
namespace clangfe {

const Stmt *associatedBody(const OMPExecutableDirective *D) {
  if (!D->hasAssociatedStmt())
    return nullptr;
  const Stmt *S = D->getAssociatedStmt();
  while (const auto *CS = dyn_cast_or_null<CapturedStmt>(S))
    S = CS->getCapturedStmt();
  return S;
}

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

} // namespace clangfe
} // namespace privateer
