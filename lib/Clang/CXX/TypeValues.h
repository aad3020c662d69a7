//===- TypeValues.h - What C and C++ types say of values --------*- C++ -*-===//
//
// Part of privateer. Facts about values that their declarations state: the
// range of an integer type, a bool or an enumeration, the size of a type,
// the value of an integer constant, and the contents of a table whose
// elements the program fixes (a const array with a constant initializer).
// The index translator turns them into symbol bounds, constants and table
// symbols (Model/Region.h), which value ranges and the solver read; the
// access walk measures strides and extents in sizes.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_CXX_TYPEVALUES_H
#define PRIVATEER_CLANG_CXX_TYPEVALUES_H

#include "privateer/Model/ValueRange.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

namespace privateer {
namespace clangfe {

/// The size of \p T in bytes; 0 when it has none (incomplete, dependent).
uint64_t sizeOf(const clang::ASTContext &Ctx, clang::QualType T);

/// The value of \p E where the compiler evaluates it to an integer that
/// an int64_t holds.
std::optional<int64_t> evaluateInt(const clang::Expr *E,
                                   const clang::ASTContext &Ctx);

/// The smallest and largest value of integral type \p T (bool, an
/// enumeration, an integer type), where both fit an int64_t; the smallest
/// only for a 64-bit unsigned type (its largest does not fit).
struct TypeBounds {
  int64_t Min = 0;
  std::optional<int64_t> Max;
};
std::optional<TypeBounds> typeBounds(const clang::ASTContext &Ctx,
                                     clang::QualType T);

/// The largest value of a type whose range bounds an index: 16-bit types
/// and narrower (`unsigned char`, `uint16_t`, `bool`, enumerations). The
/// range of an `int` (2^32 values) bounds nothing a program counts to.
constexpr int64_t MaxCountedTypeValue = 65535;

/// Whether converting a value of type \p From to \p To may change it (to
/// an unsigned type from a signed one, or to a narrower type).
bool conversionMayChangeValue(const clang::ASTContext &Ctx,
                              clang::QualType From, clang::QualType To);

/// The elements of \p V, a one-dimensional array of integers whose
/// elements are const (or, with \p RequireConst false, that the caller
/// knows only its initializer writes) and whose initializer the compiler
/// evaluates; nothing for any other variable.
std::optional<std::vector<int64_t>>
constantTableContents(const clang::ASTContext &Ctx, const clang::VarDecl *V,
                      bool RequireConst = true);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_CXX_TYPEVALUES_H
