//===- Subscript.h - The parts of a subscript --------------------*- C++
//-*-===//
//
// Part of privateer. Fixes that rewrite a slot (`&buf[t * n]`, `ws[t]`)
// read its base and index the same way for built-in arrays and for
// containers (`operator[]`).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_CXX_SUBSCRIPT_H
#define PRIVATEER_CLANG_CXX_SUBSCRIPT_H

#include "clang/AST/Expr.h"

namespace privateer {
namespace clangfe {

/// For `v[e]`, a built-in subscript or a call of a one-argument
/// `operator[]`, sets \p Base to `v` and \p Index to `e`; false for
/// anything else.
bool subscriptParts(const clang::Expr *E, const clang::Expr *&Base,
                    const clang::Expr *&Index);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_CXX_SUBSCRIPT_H
