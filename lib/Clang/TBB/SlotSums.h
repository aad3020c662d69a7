//===- SlotSums.h - A loop that sums every slot of a buffer -----*- C++ -*-===//
//
// Part of privateer. TBB's object per thread stands for a thread-indexed
// buffer only where the program uses the slots as a sum: the one loop
// after the call that adds every slot into a variable (`for (int t = 0; t
// < N; ++t) s += v[t];`, `for (double p : v) s += p;`) becomes the
// combination of the threads' objects.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_TBB_SLOTSUMS_H
#define PRIVATEER_CLANG_TBB_SLOTSUMS_H

#include "privateer/Clang/CXX/Edits/EditBuilder.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/APSInt.h"

#include <optional>
#include <string>

namespace privateer {
namespace clangfe {
namespace tbbfix {

/// Whether \p E is zero (a positive zero for floating point): a slot's
/// first value that adds nothing to a sum.
bool isPositiveZero(const clang::Expr *E, clang::ASTContext &Ctx);

/// The slots: plain numbers, every one zero before the call, their type
/// and (for an array) their number.
struct ZeroedSlots {
  clang::QualType Element;
  std::optional<llvm::APSInt> Length;
};

/// One loop after the call, in the call's block, that sums every slot.
struct SumLoop {
  const clang::Stmt *Loop = nullptr;
  const clang::Stmt *Body = nullptr;
  const clang::DeclRefExpr *Target = nullptr;
};

/// The loop after \p Call that sums every slot of \p V into a plain local
/// of the slots' type; none (a null Loop) otherwise.
SumLoop sumLoopAfter(const clang::CallExpr *Call, const clang::VarDecl *V,
                     const ZeroedSlots &Slots, clang::ASTContext &Ctx);

/// The sum loop becomes `s += v_ets.combine(...)`.
void combineSum(const SumLoop &Sum, const std::string &ETS,
                const std::string &Type, EditBuilder &E);

} // namespace tbbfix
} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_TBB_SLOTSUMS_H
