//===- UserCodeVisitor.h - A walk of the code a user wrote ------*- C++ -*-===//
//
// Part of privateer. What every construct finder walks: the translation
// unit minus system headers (whose code is not ours to report, such as
// TBB's own calls) and template patterns (analysed through their
// instantiations, so that a type is always known), knowing the function it
// is in and the statements above the current one.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_CXX_USERCODEVISITOR_H
#define PRIVATEER_CLANG_CXX_USERCODEVISITOR_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"

#include <vector>

namespace privateer {
namespace clangfe {

/// A RecursiveASTVisitor over user code; \p Derived adds its Visit*
/// methods and reads Function and Stack.
template <typename Derived>
class UserCodeVisitor : public clang::RecursiveASTVisitor<Derived> {
  using Base = clang::RecursiveASTVisitor<Derived>;

public:
  explicit UserCodeVisitor(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(clang::Decl *D) {
    if (!D)
      return true;
    const clang::SourceManager &SM = Ctx.getSourceManager();
    if (!clang::isa<clang::TranslationUnitDecl>(D) &&
        SM.isInSystemHeader(SM.getExpansionLoc(D->getLocation())))
      return true;
    const clang::FunctionDecl *Saved = Function;
    if (const auto *FD = clang::dyn_cast<clang::FunctionDecl>(D)) {
      if (FD->isDependentContext())
        return true;
      Function = FD;
    }
    bool Result = Base::TraverseDecl(D);
    Function = Saved;
    return Result;
  }

  bool TraverseStmt(clang::Stmt *S) {
    if (!S)
      return true;
    Stack.push_back(S);
    bool Result = Base::TraverseStmt(S);
    Stack.pop_back();
    return Result;
  }

protected:
  /// Whether the current statement is in code whose types depend on a
  /// template parameter: the pattern of a generic lambda (`[&](auto f)`)
  /// in an ordinary function. Its sizes and layouts are not known, and its
  /// instances are not walked: such code is left alone.
  bool inDependentCode() const {
    for (const clang::Stmt *S : Stack)
      if (const auto *L = clang::dyn_cast<clang::LambdaExpr>(S))
        if (L->getCallOperator()->isDependentContext())
          return true;
    return false;
  }

  clang::ASTContext &Ctx;
  /// The function being walked; null outside functions.
  const clang::FunctionDecl *Function = nullptr;
  /// The statements above the current one, outermost first (it included).
  std::vector<const clang::Stmt *> Stack;
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_CXX_USERCODEVISITOR_H
