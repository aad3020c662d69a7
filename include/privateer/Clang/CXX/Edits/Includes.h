//===- Includes.h - The unit's #include lines, as preprocessed --*- C++ -*-===//
//
// Part of privateer. A fix that uses a class the file does not declare yet
// (tbb::combinable) adds its #include beside the file's own. Which include
// lines a file has is what the preprocessor saw, recorded through its
// callbacks (as clang-tidy's IncludeInserter does): lines in a skipped
// '#if 0' block or in a comment are not include lines. Each front end makes
// one IncludeDirectives per translation unit and adds its recorder to the
// preprocessor before the unit is parsed.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_CXX_EDITS_INCLUDES_H
#define PRIVATEER_CLANG_CXX_EDITS_INCLUDES_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <string>
#include <vector>

namespace clang {
class PPCallbacks;
class SourceManager;
} // namespace clang

namespace privateer {
namespace clangfe {

class IncludeDirectives {
public:
  /// One `#include` (or `#import`, `#include_next`) line.
  struct Directive {
    /// The `#`.
    clang::SourceLocation Hash;
    /// The name as written, without its delimiters: `tbb/combinable.h`.
    std::string Name;
    bool Angled = false;
  };

  /// Callbacks that record every directive of the unit into this object,
  /// for Preprocessor::addPPCallbacks. The object must outlive the
  /// preprocessor's use of them.
  std::unique_ptr<clang::PPCallbacks> recorder(const clang::SourceManager &SM);

  /// The directives of the file \p F, in the order they are written.
  llvm::ArrayRef<Directive> in(clang::FileID F) const;

  void clear() { ByFile.clear(); }

private:
  llvm::DenseMap<clang::FileID, std::vector<Directive>> ByFile;
};

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_CXX_EDITS_INCLUDES_H
