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
#include <string>

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
};
/// \p RuntimeStep: also an ascending loop whose step is an expression
/// (`for (i = tid; i < n; i += nthreads)`), with LoopShape::StepExpr set.
std::optional<LoopShape> matchForLoop(const clang::ForStmt *F,
                                      const clang::ASTContext &Ctx,
                                      bool RuntimeStep = false);

/// The size of \p T in bytes; 0 when it has none (incomplete, dependent).
uint64_t sizeOf(const clang::ASTContext &Ctx, clang::QualType T);

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

/// Where an lvalue or a pointer value lands: a buffer and an index.
struct Target {
  const clang::ValueDecl *Decl = nullptr;
  /// 0: the variable itself; 1: what it points to; 2: what the pointers
  /// stored there point to (`rows[i][j]` through `double **rows`).
  unsigned Level = 0;
  std::vector<ExprRef> Index;
  std::vector<std::string> Fields;
  /// Bytes one step of each dimension's index moves (0 for fields).
  std::vector<uint64_t> Strides;
  /// The target is a scalar object: dereferencing adds no dimension.
  bool Scalar = false;
  /// The memory is private to the work item (a fresh allocation, a local).
  bool Private = false;
};

/// Appends a dimension to \p T.
inline void pushDim(Target &T, ExprRef Index, uint64_t Stride,
                    std::string Field = "") {
  T.Scalar = false;
  T.Index.push_back(std::move(Index));
  T.Strides.push_back(Stride);
  T.Fields.push_back(std::move(Field));
}

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
