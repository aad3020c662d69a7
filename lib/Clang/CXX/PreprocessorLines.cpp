//===- PreprocessorLines.cpp - Code a moving fix must not cross -----------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/CXX/PreprocessorLines.h"

using namespace clang;

namespace privateer {
namespace clangfe {

bool hasPreprocessorDirective(SourceRange R, const SourceManager &SM) {
  SourceLocation B = SM.getExpansionLoc(R.getBegin()),
                 E = SM.getExpansionLoc(R.getEnd());
  std::pair<FileID, unsigned> Begin = SM.getDecomposedLoc(B),
                              End = SM.getDecomposedLoc(E);
  if (Begin.first != End.first || End.second < Begin.second)
    return true; // cannot tell: as if it had one
  bool Invalid = false;
  StringRef Text = SM.getBufferData(Begin.first, &Invalid);
  if (Invalid)
    return true;
  Text = Text.slice(Begin.second, End.second);
  for (StringRef Rest = Text; !Rest.empty();) {
    auto [Line, Tail] = Rest.split('\n');
    Rest = Tail;
    StringRef L = Line.ltrim(" \t");
    if (!L.consume_front("#"))
      continue;
    if (!L.ltrim(" \t").starts_with("pragma"))
      return true;
  }
  return false;
}

} // namespace clangfe
} // namespace privateer
