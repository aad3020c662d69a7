//===- FixText.h - Text helpers the TBB fixes share -------------*- C++ -*-===//
//
// Part of privateer. Where the TBB fixes put their text: a line's
// indentation, a declaration's whole lines, and the `#include` of a TBB
// header the rewrite needs when the file does not declare its class yet.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_TBB_FIXTEXT_H
#define PRIVATEER_CLANG_TBB_FIXTEXT_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/Diagnostic.h"

#include <optional>
#include <string>

namespace privateer {
namespace clangfe {

/// The whitespace before \p Loc on its line; nullopt if code precedes it.
std::optional<std::string> lineIndent(clang::SourceLocation Loc,
                                      const clang::SourceManager &SM);

/// The whole lines of \p S (its indentation and line break included) when
/// nothing else shares them; nullopt otherwise.
std::optional<clang::CharSourceRange> wholeLines(const clang::Stmt *S,
                                                 const clang::ASTContext &Ctx);

/// Whether the unit declares \p Namespace::\p Name.
bool declaresIn(clang::ASTContext &Ctx, llvm::StringRef Namespace,
                llvm::StringRef Name);

/// Whether the unit declares tbb::\p Name (through <tbb/tbb.h> or the
/// class's own header).
inline bool declaresTBB(clang::ASTContext &Ctx, llvm::StringRef Name) {
  return declaresIn(Ctx, "tbb", Name);
}

/// `#include <tbb/\p Header>` in the file of \p Call: on the line after
/// the file's first TBB include (one place for every fix of the file), else
/// after the include that brought \p Call's callee in; nullopt (with
/// \p WhyNot) when there is no such line.
std::optional<clang::FixItHint> includeAfterCallee(const clang::CallExpr *Call,
                                                   llvm::StringRef Header,
                                                   clang::ASTContext &Ctx,
                                                   std::string &WhyNot);

/// Whether \p E is a call of tbb::this_task_arena::current_thread_index().
bool isThreadIndexCall(const clang::Expr *E);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_TBB_FIXTEXT_H
