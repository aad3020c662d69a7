//===- Semantics.cpp - Sharing by capture, nested algorithms --------------===//
//
// Part of privateer. TBB's answers to the collector: sharing from the
// body's captures and members, and what a TBB algorithm nested in a work
// item means (a scheduling point: while the thread waits for the nested
// work it can steal another work item of the outer construct, unless the
// nested call runs under this_task_arena::isolate).
//
//===----------------------------------------------------------------------===//

#include "TBBSemantics.h"

#include "privateer/Clang/CXX/KnownFunctions.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/LambdaCapture.h"

using namespace clang;

namespace privateer {
namespace clangfe {

bool TBBSemantics::declaredInBody(const VarDecl *V) const {
  for (const DeclContext *DC = V->getDeclContext(); DC; DC = DC->getParent())
    for (const WorkBody &B : C.Bodies)
      if (DC == B.Function)
        return true;
  return false;
}

Sharing TBBSemantics::sharingOf(const VarDecl *V, DeclScope Where) const {
  // Globals and static locals are one object whoever names them.
  if (V->hasGlobalStorage() || V->isStaticLocal())
    return Sharing::Shared;
  if (Where != DeclScope::Outside || declaredInBody(V))
    return Sharing::Private;
  for (const WorkBody &B : C.Bodies) {
    if (!B.Class || !B.Class->isLambda())
      continue;
    for (const LambdaCapture &Cap : B.Class->captures())
      if (Cap.capturesVariable() && Cap.getCapturedVar() == V)
        // A copy is the body object's own; TBB copies the body for its
        // tasks, and a const call operator cannot change it anyway.
        return Cap.getCaptureKind() == LCK_ByRef ? Sharing::Shared
                                                 : Sharing::FirstPrivate;
  }
  // Named without a capture (a constant): one object.
  return Sharing::Shared;
}

Sharing TBBSemantics::sharingOfField(const FieldDecl *F) const {
  for (const WorkBody &B : C.Bodies) {
    if (!B.Class)
      continue;
    if (B.Class->isLambda()) {
      // `[*this]` copies the object; `[this]`, `[&]`, `[=]` share it.
      for (const LambdaCapture &Cap : B.Class->captures())
        if (Cap.getCaptureKind() == LCK_StarThis)
          return Sharing::FirstPrivate;
      continue;
    }
    // A member of the functor: copied with the body, except what a
    // reference member refers to. A const call operator can only change a
    // `mutable` member, which is shared where every work item calls the
    // one object (and the body's own elsewhere: a copy per task).
    if (F->getParent() == B.Class)
      return F->getType()->isReferenceType() ||
                     (F->isMutable() && C.OneBodyObject)
                 ? Sharing::Shared
                 : Sharing::FirstPrivate;
  }
  return Sharing::Shared;
}

bool TBBSemantics::visitNested(const Stmt *S, NestedCodeVisitor &Visitor) {
  const auto *Call = dyn_cast<CallExpr>(S);
  if (!Call || Visitor.inCalledFunction())
    return false;
  std::string What;
  if (auto Nested = recognizeUnits(Call, Ctx); !Nested.empty()) {
    // task_group::run only hands the task over; its body is a unit of its
    // own, and the work item waits in wait().
    if (Nested.front().Kind == RegionKind::Tasks)
      return true;
    What = "the nested '" + Nested.front().Name + "'";
  } else if (const auto *MC = dyn_cast<CXXMemberCallExpr>(Call);
             MC && MC->getMethodDecl() &&
             knownName(MC->getMethodDecl()) == KnownName::Wait &&
             MC->getMethodDecl()->getParent()->getIdentifier() &&
             MC->getMethodDecl()->getParent()->getName().starts_with(
                 "task_group")) {
    // (oneTBB declares wait() in task_group_base.)
    What = "'tbb::task_group::wait'";
  } else {
    return false;
  }
  // The nested construct's bodies are units of their own (the finder sees
  // them); here the work item waits, and the waiting thread may take
  // another work item of this construct, which uses the same
  // thread-indexed slots.
  Visitor.schedulingPoint(Call->getBeginLoc(), What.c_str());
  for (const WorkBody &B : C.Bodies)
    Visitor.childTasks(B.body());
  return true;
}

} // namespace clangfe
} // namespace privateer
