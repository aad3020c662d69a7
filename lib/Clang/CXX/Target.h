//===- Target.h - Where an lvalue or a pointer value lands ------*- C++ -*-===//
//
// Part of privateer. The buffer and index an lvalue or a pointer value
// lands on, as TargetResolver finds it and the access walk records it.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_CLANG_CXX_TARGET_H
#define PRIVATEER_LIB_CLANG_CXX_TARGET_H

#include "privateer/Model/Expr.h"

#include "clang/AST/Decl.h"

#include <cstdint>
#include <string>
#include <vector>

namespace privateer {
namespace clangfe {

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

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_LIB_CLANG_CXX_TARGET_H
