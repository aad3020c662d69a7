//===- FileWriter.h - Writing edits to the source files ---------*- C++ -*-===//
//
// Part of privateer. Applies a merged list of edits (Engine's mergeEdits)
// to the files they touch and writes each file atomically (a temporary file
// beside it, then a rename), so that an interrupted run never leaves half
// a file.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_FILEWRITER_H
#define PRIVATEER_CLANG_FILEWRITER_H

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace clang {
class LangOptions;
class SourceManager;
} // namespace clang

namespace privateer {
namespace clangfe {

/// Applies \p Edits in order and writes every edited file; returns the
/// errors, one per file that could not be written.
std::vector<std::string> writeEdits(llvm::ArrayRef<clang::FixItHint> Edits,
                                    clang::SourceManager &SM,
                                    const clang::LangOptions &LO);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_FILEWRITER_H
