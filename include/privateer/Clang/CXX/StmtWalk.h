//===- StmtWalk.h - Walks over the statements of a Clang AST ----*- C++ -*-===//
//
// Part of privateer. Pre-order walks of a statement tree without recursion,
// in the manner of MLIR's walk(): the callback says whether to enter the
// statement's children, skip them, or stop.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_CXX_STMTWALK_H
#define PRIVATEER_CLANG_CXX_STMTWALK_H

#include "llvm/ADT/STLFunctionalExtras.h"

namespace clang {
class Stmt;
} // namespace clang

namespace privateer {
namespace clangfe {

/// What a walk does after its callback saw a statement.
enum class WalkStep {
  Advance,   ///< go on into the statement's children
  Skip,      ///< leave its children out, go on with the rest
  Interrupt, ///< stop the walk
};

/// Which children a walk takes below a captured statement (the body of an
/// OpenMP construct): its body, or what Stmt::children() gives there (the
/// captured variables' initializers, so that a walk does not enter nested
/// constructs).
enum class CapturedChildren { Body, Captures };

/// Calls \p F on each child of \p S, entering the bodies of captured
/// statements (whose children() are their captures).
void forEachChild(const clang::Stmt *S,
                  llvm::function_ref<void(const clang::Stmt *)> F);

/// Visits \p S and every statement under it, each before its children and
/// children in source order. True when \p F interrupted the walk.
bool walkStmts(const clang::Stmt *S,
               llvm::function_ref<WalkStep(const clang::Stmt *)> F,
               CapturedChildren Captured = CapturedChildren::Body);

/// Calls \p F on \p S and every statement under it, in the order of
/// walkStmts.
void forEachStmt(const clang::Stmt *S,
                 llvm::function_ref<void(const clang::Stmt *)> F,
                 CapturedChildren Captured = CapturedChildren::Body);

/// The body of a `for`, range `for`, `while` or `do` loop; null for any
/// other statement.
const clang::Stmt *loopBody(const clang::Stmt *Loop);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_CXX_STMTWALK_H
