//===- PreprocessorLines.h - Code a moving fix must not cross ----*- C++
//-*-===//
//
// Part of privateer. A fix that moves or re-indents code (a split
// 'parallel for', a declaration moved into a TBB body) cannot keep an '#if'
// in place: it could leave an '#else' twin behind, or change which
// configuration declares what. Such fixes are declined.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_CXX_PREPROCESSORLINES_H
#define PRIVATEER_CLANG_CXX_PREPROCESSORLINES_H

#include "clang/Basic/SourceManager.h"

namespace privateer {
namespace clangfe {

/// Whether the code in \p R has a preprocessor directive other than
/// '#pragma' on a line of its own (an '#if' a moving fix would break).
bool hasPreprocessorDirective(clang::SourceRange R,
                              const clang::SourceManager &SM);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_CXX_PREPROCESSORLINES_H
