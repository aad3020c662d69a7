//===- RegionBuilder.cpp - C and C++ code to privateer model --------------===//
//
// Part of privateer. The facade of RegionBuilder.h over the parts of
// RegionContext.h, and the helpers the C and C++ front ends share.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/CXX/RegionBuilder.h"
#include "RegionContext.h"
#include "privateer/Clang/CXX/KnownFunctions.h"
#include "privateer/Clang/CXX/StmtWalk.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace privateer {
namespace clangfe {

NestedCodeVisitor::~NestedCodeVisitor() = default;

bool waitsBetweenInstances(UnitShape &Shape,
                           llvm::function_ref<bool(const Stmt *)> Waits) {
  for (size_t K = 0; K < Shape.GeneratingLoops.size(); ++K) {
    if (!Waits(loopBody(Shape.GeneratingLoops[K])))
      continue;
    if (K == 0)
      return false;
    Shape.GeneratingLoops.resize(K);
    break;
  }
  return true;
}
ConstructSemantics::~ConstructSemantics() = default;

const VarDecl *releasedVariable(const Stmt *S) {
  const Expr *Freed = nullptr;
  if (const auto *Call = dyn_cast_or_null<CallExpr>(S);
      Call && Call->getNumArgs() == 1 &&
      knownName(calleeName(Call)) == KnownName::FreeFunction)
    Freed = Call->getArg(0);
  else if (const auto *Del = dyn_cast_or_null<CXXDeleteExpr>(S))
    Freed = Del->getArgument();
  const auto *DRE =
      Freed ? dyn_cast<DeclRefExpr>(Freed->IgnoreParenImpCasts()) : nullptr;
  return DRE ? dyn_cast<VarDecl>(DRE->getDecl()) : nullptr;
}

StringRef calleeName(const CallExpr *Call) {
  if (const FunctionDecl *FD = Call->getDirectCallee())
    if (const IdentifierInfo *II = FD->getIdentifier()) {
      StringRef Name = II->getName();
      Name.consume_front("__builtin_");
      return Name;
    }
  return {};
}

RegionBuilder::RegionBuilder(ASTContext &Ctx, const UnitShape &Spec,
                             ConstructSemantics &Semantics)
    : Impl(std::make_unique<RegionContext>(Ctx, Spec, Semantics)) {}

RegionBuilder::~RegionBuilder() = default;

std::optional<ParallelRegion> RegionBuilder::build(ParallelRegion Seed) {
  return Impl->Assembler.build(std::move(Seed));
}

RegionContext::RegionContext(ASTContext &AST, const UnitShape &Spec,
                             ConstructSemantics &Semantics)
    : State(AST, Spec, Semantics) {}

} // namespace clangfe
} // namespace privateer
