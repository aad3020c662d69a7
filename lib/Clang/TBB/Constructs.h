//===- Constructs.h - TBB and std::execution calls as constructs -*- C++
//-*-===//
//
// Part of privateer. Which calls make code parallel in TBB and in the C++17
// parallel algorithms, and what in each call is the code of one work item:
// the body (a lambda, a named lambda variable, or a functor whose
// operator() is the body), the parameter or loop that names the work item,
// and the range the work items cover. Recognition only; modelling is
// TBBModel.cpp's, sharing is Semantics.cpp's.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_TBB_CONSTRUCTS_H
#define PRIVATEER_CLANG_TBB_CONSTRUCTS_H

#include "privateer/Model/Region.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace privateer {
namespace clangfe {

/// The code one work item runs: a call operator, and the lambda it belongs
/// to (null for a functor class).
struct WorkBody {
  const clang::CXXMethodDecl *Function = nullptr;
  const clang::LambdaExpr *Lambda = nullptr;
  /// The class whose object runs: the lambda's closure type or the functor.
  const clang::CXXRecordDecl *Class = nullptr;
  const clang::Stmt *body() const {
    return Function ? Function->getBody() : nullptr;
  }
};

/// One call that runs work in parallel.
struct TBBConstruct {
  const clang::CallExpr *Call = nullptr;
  RegionKind Kind = RegionKind::Loop;
  /// As the user would name it: `tbb::parallel_for`, `std::for_each(par)`.
  std::string Name;
  /// A standard parallel algorithm (std::execution), not oneTBB's: advice
  /// and fixes speak the standard library's words.
  bool StdAlgorithm = false;
  /// The body; several for parallel_invoke (one per section).
  llvm::SmallVector<WorkBody, 4> Bodies;
  /// Index form: the values the work items cover, [First, Last) by Step.
  const clang::Expr *First = nullptr;
  const clang::Expr *Last = nullptr;
  int64_t Step = 1;
  /// Range forms: [first, last) of each dimension of the range, in the
  /// order its constructor takes them (pages, rows, cols), where known.
  llvm::SmallVector<std::pair<const clang::Expr *, const clang::Expr *>, 3>
      Dims;
  /// The body takes a range (blocked_range): its loop over r.begin() to
  /// r.end() is the work-item loop, the rest of the body runs per chunk.
  bool RangeBody = false;
  /// The element forms: the container, or the first iterator.
  const clang::Expr *Elements = nullptr;
  /// The body's parameter is an item another body handed over (a
  /// pipeline's filter): one per work item, from no range we know. For
  /// Sections: each body is a stage the items pass through in turn.
  bool HandedItems = false;
  /// Every work item calls the one body object the caller passed (TBB
  /// keeps a reference to it: parallel_for's index form, parallel_for_each,
  /// a pipeline's filters), rather than a copy per task: a functor's
  /// `mutable` members are then shared.
  bool OneBodyObject = false;
};

/// Whether \p D is declared inside a namespace named \p Name (at any depth:
/// oneTBB declares tbb::parallel_for in tbb::detail::d1).
bool inNamespace(const clang::Decl *D, llvm::StringRef Name);

/// The construct \p Call makes, if it is one (tbb::parallel_for,
/// parallel_for_each, parallel_reduce, parallel_deterministic_reduce,
/// parallel_invoke, task_group::run; std::for_each, for_each_n, transform
/// with std::execution::par or par_unseq).
std::optional<TBBConstruct> recognize(const clang::CallExpr *Call,
                                      const clang::ASTContext &Ctx);

/// Every unit of parallel work \p Call makes. Most calls make one (the
/// construct recognize() returns). A call whose bodies run concurrently
/// with each other makes one unit per body that also runs concurrently with
/// itself, and a Sections unit of all its bodies for what they share:
/// tbb::parallel_pipeline (a filter_mode::parallel filter takes many items
/// at once; serial filters take one at a time, but beside the other
/// filters), std::transform_reduce and std::reduce with a parallel policy
/// (the transform is per element; the reduction combines partial results
/// on every thread). Empty for any other call.
llvm::SmallVector<TBBConstruct, 2> recognizeUnits(const clang::CallExpr *Call,
                                                  const clang::ASTContext &Ctx);

/// The name of the parallel call \p Call makes (`tbb::parallel_for`,
/// `std::for_each(par)`, `tbb::task_group::run`) whatever its bodies are;
/// nothing for any other call.
std::optional<std::string> parallelCallName(const clang::CallExpr *Call,
                                            const clang::ASTContext &Ctx);

/// The body \p Arg passes (a lambda, a named lambda, a functor object).
std::optional<WorkBody> resolveBody(const clang::Expr *Arg);

/// For a body taking a range parameter, the loop `for (auto i = r.begin();
/// i != r.end(); ++i)` directly in its body, and for blocked_range2d/3d the
/// loops over r.rows(), r.cols(), r.pages() perfectly nested in it,
/// outermost first; empty if there is none.
struct RangeLoop {
  const clang::ForStmt *Loop = nullptr;
  /// The range's dimension it walks (TBBConstruct::Dims).
  unsigned Dim = 0;
  /// The call by which the body hands its range on to the callable that
  /// holds Loop (a library's loop template); null when the body holds it.
  const clang::Expr *HandedOnAt = nullptr;
};
llvm::SmallVector<RangeLoop, 3> rangeLoops(const WorkBody &B);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_TBB_CONSTRUCTS_H
