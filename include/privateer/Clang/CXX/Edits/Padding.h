//===- Padding.h - An array's elements padded to whole lines ----*- C++ -*-===//
//
// Part of privateer. Slots of a thread-indexed array written in a hot loop
// share cache lines; padded to whole lines each, they do not. The rewrite
// is C and C++ memory layout, the same under every programming model:
//   long part[64];  ...  part[t] += x;
// becomes (C++) struct alignas(64) { long value; } part[64]; ...
//         (C)   struct { _Alignas(64) long value; } part[64]; ...
//         or    privateer::padded<long> part[64]; (privateer.hpp)
//         and   part[t].value += x;
// It is exact only where every use of the array in the unit is an element
// (`part[e]`), so that each can take `.value`.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_CXX_EDITS_PADDING_H
#define PRIVATEER_CLANG_CXX_EDITS_PADDING_H

#include "privateer/Clang/CXX/Edits/EditBuilder.h"

namespace privateer {
namespace clangfe {

/// The edits that pad every element of the array \p V (an array of
/// numbers, uninitialized or zeroed, declared once, used only by element)
/// to lines of \p Line bytes; or why they cannot be made.
llvm::Expected<Edits> padArrayElements(const clang::VarDecl *V, unsigned Line,
                                       EditBuilder &E);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_CXX_EDITS_PADDING_H
