//===- LineInsertion.h - A statement added on a line of its own -*- C++ -*-===//
//
// Part of privateer. Fixes that add a wait before a statement (an OpenMP
// 'taskwait', a TBB group's wait()) put it on a line of its own, indented
// like the statement, so the rewritten code reads as an expert would have
// written it.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_CXX_LINEINSERTION_H
#define PRIVATEER_CLANG_CXX_LINEINSERTION_H

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"

#include <optional>
#include <string>

namespace privateer {
namespace clangfe {

/// The insertion of \p Line (without a line end) on a line of its own
/// before the statement that starts at \p Begin, indented like it, ending
/// like the line before it (a CRLF file stays CRLF). None, with \p WhyNot
/// set, where other code precedes the statement on its line.
std::optional<clang::FixItHint> insertLineBefore(clang::SourceLocation Begin,
                                                 llvm::StringRef Line,
                                                 const clang::SourceManager &SM,
                                                 std::string &WhyNot);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_CXX_LINEINSERTION_H
