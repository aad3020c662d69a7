//===- ReferenceWrapper.h - std::reference_wrapper's object ----*- C++ -*-===//
//
// Part of privateer. A std::reference_wrapper copied into a body (a lambda's
// by-copy capture, a functor's member) is the body's own object, but the
// object it refers to is not: `r.get()` and `T &y = r;` reach the one object
// every copy refers to.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_CXX_REFERENCEWRAPPER_H
#define PRIVATEER_CLANG_CXX_REFERENCEWRAPPER_H

#include "clang/AST/Expr.h"

namespace clang {
class VarDecl;
}

namespace privateer {
namespace clangfe {

/// Whether \p T is std::reference_wrapper<U>.
bool isReferenceWrapper(clang::QualType T);

/// For `r.get()` or the conversion `operator U&()` called on a
/// std::reference_wrapper, the wrapper expression (`r`); null for any other
/// expression.
const clang::Expr *unwrappedReference(const clang::Expr *E);

/// The object \p Init makes a std::reference_wrapper refer to:
/// `std::ref(x)`, `std::cref(x)`, `std::reference_wrapper<T>(x)` (x); null
/// for anything else (a copy of another wrapper, a call).
const clang::Expr *wrappedObject(const clang::Expr *Init);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_CXX_REFERENCEWRAPPER_H
