//===- CallSites.h - Who calls a function, from where -----------*- C++ -*-===//
//
// Part of privateer. An orphaned construct (an `omp for` in a function of
// its own) binds to the team of whoever calls it: what its pointer
// parameters point to is decided by the calls in the translation unit. The
// index lists each function's calls with the OpenMP directives around
// them; it is built once per unit, on the first question.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_OPENMP_CALLSITES_H
#define PRIVATEER_CLANG_OPENMP_CALLSITES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/StmtOpenMP.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace privateer {
namespace clangfe {

struct CallSite {
  const clang::CallExpr *Call = nullptr;
  /// The function the call is in.
  const clang::FunctionDecl *Caller = nullptr;
  /// The OpenMP directives around the call in the caller, innermost first.
  llvm::SmallVector<const clang::OMPExecutableDirective *, 2> Directives;
};

/// What a pointer parameter of a function with an orphaned construct
/// points to, as its callers in the unit bind it.
enum class PointeeBinding {
  ThreadOwn, ///< every caller passes memory of the calling thread
  Shared,    ///< a caller passes memory the team shares
  Unknown,   ///< no caller is seen, or one passes what the analysis
             ///< cannot place
};

class CallSiteIndex {
public:
  explicit CallSiteIndex(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  /// The calls of \p F in the unit (its canonical declaration's).
  llvm::ArrayRef<CallSite> callsOf(const clang::FunctionDecl *F);

  /// Whether the unit calls a known function with one of \p Roles
  /// (KnownFunctions.h) anywhere.
  bool callsKnown(unsigned Roles);

  /// How the callers of \p P's function bind \p P (through callers'
  /// own pointer parameters, a few levels up). \p SharedArgument gets the
  /// argument that passes shared memory, for a Shared binding.
  PointeeBinding bindingOf(const clang::ParmVarDecl *P,
                           const clang::Expr **SharedArgument,
                           unsigned Depth = 0);

private:
  void build();
  /// What \p Arg, passed at \p Site, points to.
  PointeeBinding argumentBinding(const clang::Expr *Arg, const CallSite &Site,
                                 const clang::Expr **SharedArgument,
                                 unsigned Depth);

  clang::ASTContext &Ctx;
  bool Built = false;
  llvm::DenseMap<const clang::FunctionDecl *, llvm::SmallVector<CallSite, 2>>
      Calls;
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_OPENMP_CALLSITES_H
