//===- RegionBuilder.h - C and C++ code to privateer model ------*- C++ -*-===//
//
// Part of privateer. Builds the model of one unit of parallel work from the
// Clang AST: its work-item variables and each access with its symbolic index
// and protection, through the memory semantics of C and C++. What the code
// means in parallel (data sharing, nested constructs) it asks the
// programming model (ConstructSemantics.h).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_CXX_REGIONBUILDER_H
#define PRIVATEER_CLANG_CXX_REGIONBUILDER_H

#include "privateer/Clang/CXX/ConstructSemantics.h"
#include "privateer/Model/Region.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/Stmt.h"

#include <memory>
#include <optional>

namespace privateer {
namespace clangfe {

/// The name of the function a call calls directly, without `__builtin_`;
/// empty for indirect calls and operators.
llvm::StringRef calleeName(const clang::CallExpr *Call);

/// A call that returns the calling thread's number: omp_get_thread_num(),
/// tbb::this_task_arena::current_thread_index(), a hash of
/// std::this_thread::get_id().
bool isThreadIdCall(const clang::Expr *E);

/// The variable a statement releases: `free(v)`, `delete[] v`, `delete v`;
/// null for anything else.
const clang::VarDecl *releasedVariable(const clang::Stmt *S);

class RegionContext;

/// Builds the model of one unit of parallel work (the parts that do it are
/// lib/Clang/CXX/RegionContext.h's).
class RegionBuilder {
public:
  RegionBuilder(clang::ASTContext &Ctx, const UnitShape &Spec,
                ConstructSemantics &Semantics);
  ~RegionBuilder();
  /// Builds the model on \p Seed (what the programming model knows of the
  /// construct: its name, schedule, team); nothing when the unit cannot be
  /// modelled (a distributed loop in a form we do not understand).
  std::optional<ParallelRegion> build(ParallelRegion Seed);

private:
  std::unique_ptr<RegionContext> Impl;
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_CXX_REGIONBUILDER_H
