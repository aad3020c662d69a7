//===- Subscript.cpp - The parts of a subscript ---------------------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/CXX/Subscript.h"

#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace privateer {
namespace clangfe {

bool subscriptParts(const Expr *E, const Expr *&Base, const Expr *&Index) {
  E = E->IgnoreParens();
  if (const auto *AS = dyn_cast<ArraySubscriptExpr>(E)) {
    Base = AS->getBase();
    Index = AS->getIdx();
    return true;
  }
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E);
      Op && Op->getOperator() == OO_Subscript && Op->getNumArgs() == 2) {
    Base = Op->getArg(0);
    Index = Op->getArg(1);
    return true;
  }
  return false;
}

} // namespace clangfe
} // namespace privateer
