//===- Handles.h - Model handles as Clang nodes -----------------*- C++ -*-===//
//
// Part of privateer. The Clang front ends keep a buffer's declaration and a
// construct's statement in the model's typed handles (Model/Handle.h); these
// are the one place that wraps them and reads them back.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_HANDLES_H
#define PRIVATEER_CLANG_HANDLES_H

#include "privateer/Model/Handle.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Stmt.h"

namespace privateer {
namespace clangfe {

inline BufferHandle handleOf(const clang::ValueDecl *D) {
  return BufferHandle::of(D);
}
inline ConstructHandle handleOf(const clang::Stmt *S) {
  return ConstructHandle::of(S);
}

/// The declaration of a buffer the C/C++ collector modelled (a variable, a
/// parameter, a field); null for none.
inline const clang::ValueDecl *declOf(BufferHandle H) {
  return H.get<clang::ValueDecl>();
}
/// The same, when it is a variable.
inline const clang::VarDecl *variableOf(BufferHandle H) {
  return llvm::dyn_cast_or_null<clang::VarDecl>(declOf(H));
}
inline const clang::Stmt *stmtOf(ConstructHandle H) {
  return H.get<clang::Stmt>();
}

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_HANDLES_H
