//===- SourceLoc.h - Model locations as Clang locations ---------*- C++ -*-===//
//
// Part of privateer. The model's opaque Loc holds a clang SourceLocation's
// raw encoding in the Clang front ends; these convert between the two.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_SOURCELOC_H
#define PRIVATEER_CLANG_SOURCELOC_H

#include "privateer/Model/Region.h"

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"

namespace privateer {
namespace clangfe {

inline Loc toLoc(clang::SourceLocation L) { return Loc{L.getRawEncoding()}; }
inline clang::SourceLocation fromLoc(Loc L) {
  return clang::SourceLocation::getFromRawEncoding(
      static_cast<clang::SourceLocation::UIntTy>(L.Raw));
}

/// The offset where the line holding \p Offset starts.
inline size_t lineStart(llvm::StringRef Buffer, size_t Offset) {
  // (rfind looks strictly before its position.)
  size_t Newline = Buffer.rfind('\n', Offset);
  return Newline == llvm::StringRef::npos ? 0 : Newline + 1;
}

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_SOURCELOC_H
