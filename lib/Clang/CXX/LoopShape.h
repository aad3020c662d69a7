//===- LoopShape.h - A for loop in canonical form ---------------*- C++ -*-===//
//
// Part of privateer. The canonical form of a `for` loop (its variable,
// first value, bound and step) as the index translator reads a loop's
// variable into a symbol with its range.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_CLANG_CXX_LOOPSHAPE_H
#define PRIVATEER_LIB_CLANG_CXX_LOOPSHAPE_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <cstdint>
#include <optional>

namespace privateer {
namespace clangfe {

/// A sequential or associated `for` loop in canonical form.
struct LoopShape {
  const clang::VarDecl *Var = nullptr;
  const clang::Expr *Init = nullptr;
  const clang::Expr *Bound = nullptr;
  clang::BinaryOperatorKind Cmp = clang::BO_LT;
  int64_t Step = 1; ///< signed
  /// `i += s` with s known only at run time (Step is 1 then): only where
  /// matchForLoop was asked for such loops.
  const clang::Expr *StepExpr = nullptr;
  /// The loop may stop before the bound (a condition with more tests,
  /// `i < 4 && more()`), and Init may be null (no init: the variable's
  /// value before the loop): only matchGeneratingLoop gives such shapes.
  bool MayEndEarly = false;
};
/// \p RuntimeStep: also an ascending loop whose step is an expression
/// (`for (i = tid; i < n; i += nthreads)`), with LoopShape::StepExpr set.
std::optional<LoopShape> matchForLoop(const clang::ForStmt *F,
                                      const clang::ASTContext &Ctx,
                                      bool RuntimeStep = false);

/// The loop of \p F as a loop that generates tasks reads it: each iteration
/// has its own value of the variable the increment steps, whatever else the
/// condition tests (`for (; i < 4 && heap.size() > 1; i++)`); the first
/// value may be the one the variable has before the loop. Its bound is
/// then only a bound (LoopShape::MayEndEarly).
std::optional<LoopShape> matchGeneratingLoop(const clang::ForStmt *F,
                                             const clang::ASTContext &Ctx);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_LIB_CLANG_CXX_LOOPSHAPE_H
