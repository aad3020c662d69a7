//===- TaskGroups.cpp - What orders a task_group's tasks ------------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "TaskGroups.h"

#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/KnownTypes.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/StmtWalk.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace privateer {
namespace clangfe {

bool isTaskGroupType(QualType T) {
  T = T.getNonReferenceType();
  if (const auto *P = T->getAs<PointerType>())
    T = P->getPointeeType();
  const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
  if (!RD || !RD->hasDefinition())
    return false;
  auto IsGroup = [](const CXXRecordDecl *R) {
    return typeFamilies(R) & typefamily::TaskGroup;
  };
  if (IsGroup(RD))
    return true;
  bool Derived = false;
  RD->forallBases([&](const CXXRecordDecl *Base) {
    Derived |= IsGroup(Base);
    return true;
  });
  return Derived;
}

const MemberExpr *groupRunCallee(const CallExpr *Call) {
  const auto *MC = dyn_cast_or_null<CXXMemberCallExpr>(Call);
  if (!MC || knownName(MC->getMethodDecl()) != KnownName::Run)
    return nullptr;
  const auto *ME = dyn_cast<MemberExpr>(MC->getCallee()->IgnoreParens());
  if (!ME || !isTaskGroupType(ME->getBase()->getType()))
    return nullptr;
  return ME;
}

bool mayWaitForGroups(const Stmt *S) {
  if (!S)
    return false;
  if (const auto *Call = dyn_cast<CallExpr>(S))
    if (groupRunCallee(Call)) {
      // Running a task reaches the group without waiting; its body may
      // still wait.
      bool Waits = false;
      for (const Expr *Arg : Call->arguments())
        Waits |= mayWaitForGroups(Arg);
      return Waits;
    }
  // Any other expression that yields a group (`g` in `g.wait()`, the
  // operator-> of a smart pointer to one, the group passed to a call).
  if (const auto *E = dyn_cast<Expr>(S); E && isTaskGroupType(E->getType()))
    return true;
  bool Waits = false;
  forEachChild(S, [&](const Stmt *C) {
    if (!Waits)
      Waits = mayWaitForGroups(C);
  });
  return Waits;
}

} // namespace clangfe
} // namespace privateer
