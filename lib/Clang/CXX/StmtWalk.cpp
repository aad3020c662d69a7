//===- StmtWalk.cpp - Walks over the statements of a Clang AST ------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/CXX/StmtWalk.h"

#include "clang/AST/Stmt.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace privateer {
namespace clangfe {

void forEachChild(const Stmt *S, llvm::function_ref<void(const Stmt *)> F) {
  // A captured statement's children are its captures, not its body.
  if (const auto *CS = dyn_cast<CapturedStmt>(S)) {
    F(CS->getCapturedStmt());
    return;
  }
  for (const Stmt *C : S->children())
    if (C)
      F(C);
}

bool walkStmts(const Stmt *Root, llvm::function_ref<WalkStep(const Stmt *)> F,
               CapturedChildren Captured) {
  if (!Root)
    return false;
  // An explicit stack rather than recursion: deep expression trees (long
  // chains of `+` in generated code) cannot exhaust the thread's stack.
  llvm::SmallVector<const Stmt *, 32> Stack{Root};
  llvm::SmallVector<const Stmt *, 8> Children;
  while (!Stack.empty()) {
    const Stmt *S = Stack.pop_back_val();
    WalkStep Step = F(S);
    if (Step == WalkStep::Interrupt)
      return true;
    if (Step == WalkStep::Skip)
      continue;
    Children.clear();
    if (Captured == CapturedChildren::Body) {
      forEachChild(S, [&](const Stmt *C) { Children.push_back(C); });
    } else {
      for (const Stmt *C : S->children())
        if (C)
          Children.push_back(C);
    }
    // The first child on top: children come off in source order.
    Stack.append(Children.rbegin(), Children.rend());
  }
  return false;
}

void forEachStmt(const Stmt *S, llvm::function_ref<void(const Stmt *)> F,
                 CapturedChildren Captured) {
  walkStmts(
      S,
      [&](const Stmt *X) {
        F(X);
        return WalkStep::Advance;
      },
      Captured);
}

const Stmt *loopBody(const Stmt *Loop) {
  if (const auto *F = dyn_cast<ForStmt>(Loop))
    return F->getBody();
  if (const auto *F = dyn_cast<CXXForRangeStmt>(Loop))
    return F->getBody();
  if (const auto *W = dyn_cast<WhileStmt>(Loop))
    return W->getBody();
  if (const auto *Do = dyn_cast<DoStmt>(Loop))
    return Do->getBody();
  return nullptr;
}

} // namespace clangfe
} // namespace privateer
