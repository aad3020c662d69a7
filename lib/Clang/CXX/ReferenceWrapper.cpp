//===- ReferenceWrapper.cpp - What a std::reference_wrapper refers to -----===//
//
// Part of privateer. Recognized by the declarations libstdc++ and libc++
// give them (std::reference_wrapper, std::ref, std::cref), never by text.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/CXX/ReferenceWrapper.h"
#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/KnownTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace privateer {
namespace clangfe {

bool isReferenceWrapper(QualType T) {
  const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return knownType(RD) == KnownType::ReferenceWrapper && RD->isInStdNamespace();
}

const Expr *unwrappedReference(const Expr *E) {
  const auto *MC = dyn_cast<CXXMemberCallExpr>(E->IgnoreParens());
  const CXXMethodDecl *MD = MC ? MC->getMethodDecl() : nullptr;
  if (!MD || !isReferenceWrapper(MD->getThisType()->getPointeeType()))
    return nullptr;
  bool Get = knownName(MD) == KnownName::Get;
  if (!Get && !isa<CXXConversionDecl>(MD))
    return nullptr;
  return MC->getImplicitObjectArgument();
}

const Expr *wrappedObject(const Expr *Init) {
  const Expr *E = Init;
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *FE = dyn_cast<FullExpr>(E))
      E = FE->getSubExpr();
    else if (const auto *MT = dyn_cast<MaterializeTemporaryExpr>(E))
      E = MT->getSubExpr();
    else if (const auto *BT = dyn_cast<CXXBindTemporaryExpr>(E))
      E = BT->getSubExpr();
    else
      break;
  }
  if (!isReferenceWrapper(E->getType()))
    return nullptr;
  if (const auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (FD && FD->isInStdNamespace() &&
        (knownName(FD) == KnownName::Ref || knownName(FD) == KnownName::CRef) &&
        Call->getNumArgs() == 1 &&
        !isReferenceWrapper(Call->getArg(0)->getType()))
      return Call->getArg(0);
    return nullptr;
  }
  // `std::reference_wrapper<T> r(x)`: the constructor from an object (a
  // template taking U&&), not the copy constructor.
  if (const auto *CE = dyn_cast<CXXConstructExpr>(E);
      CE && CE->getNumArgs() == 1 &&
      !CE->getConstructor()->isCopyOrMoveConstructor() &&
      !isReferenceWrapper(CE->getArg(0)->getType()))
    return CE->getArg(0);
  return nullptr;
}

} // namespace clangfe
} // namespace privateer
