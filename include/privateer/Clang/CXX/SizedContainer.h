//===- SizedContainer.h - A container made again in place -------*- C++ -*-===//
//
// Part of privateer. Fixes that give each thread one container reused by
// many work items (OpenMP's split `parallel for`, TBB's
// enumerable_thread_specific) must hand each work item what the original
// declaration made: a std::vector or std::string sized at its construction,
// `v(n)` or `v(n, x)`, is made again in place by `v.assign(n, T())`
// (`v.assign(n, x)`), which keeps the capacity and allocates nothing once
// it has grown. This header says when that holds and how it is spelled.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_CXX_SIZEDCONTAINER_H
#define PRIVATEER_CLANG_CXX_SIZEDCONTAINER_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

#include <optional>
#include <string>

namespace privateer {
namespace clangfe {

/// A type as a declaration at the fix's place can spell it: a class's
/// member typedef (`vector<int>::value_type`) is not in scope there, so it
/// is spelled as what it names.
std::string spellType(clang::QualType T, clang::ASTContext &Ctx);

/// \p V's type as its declaration writes it (`vector<double>` under a using
/// declaration), else as spellType prints it (for `auto`).
std::string writtenType(const clang::VarDecl *V, clang::ASTContext &Ctx);

/// A std::vector or std::string made as (count) or (count, value).
struct SizedContainer {
  /// The count, as written.
  const clang::Expr *Count = nullptr;
  std::string CountText;
  /// The value of (count, value); null for (count).
  const clang::Expr *Value = nullptr;
  /// The value every element gets: as written, or `T()` for (count).
  std::string ValueText;
  /// The element type.
  clang::QualType Element;
};

/// \p V, made by \p Construct, when it is a sized std::vector or std::string
/// whose elements a refill can make again exactly (plain values for
/// (count)), outside templates (the fix would spell one instance's
/// element type); none with \p WhyNot set otherwise.
std::optional<SizedContainer>
sizedContainer(const clang::VarDecl *V,
               const clang::CXXConstructExpr *Construct, clang::ASTContext &Ctx,
               std::string &WhyNot);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_CXX_SIZEDCONTAINER_H
