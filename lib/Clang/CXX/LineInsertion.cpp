//===- LineInsertion.cpp - A statement added on a line of its own ---------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/CXX/LineInsertion.h"

using namespace clang;

namespace privateer {
namespace clangfe {

std::optional<FixItHint> insertLineBefore(SourceLocation Begin, StringRef Line,
                                          const SourceManager &SM,
                                          std::string &WhyNot) {
  auto [File, Offset] = SM.getDecomposedLoc(Begin);
  bool Invalid = false;
  StringRef Text = SM.getBufferData(File, &Invalid);
  if (Invalid || Offset > Text.size()) {
    WhyNot = "the statement is not written where it was found";
    return std::nullopt;
  }
  unsigned LineStart = Offset;
  while (LineStart > 0 && Text[LineStart - 1] != '\n')
    --LineStart;
  StringRef Indent = Text.slice(LineStart, Offset);
  if (Indent.find_first_not_of(" \t") != StringRef::npos) {
    WhyNot = "other code is on the line before the statement that must wait";
    return std::nullopt;
  }
  bool CRLF = LineStart >= 2 && Text[LineStart - 2] == '\r';
  SourceLocation FileStart = SM.getLocForStartOfFile(File);
  return FixItHint::CreateInsertion(
      FileStart.getLocWithOffset(LineStart),
      (Indent + Line + (CRLF ? "\r\n" : "\n")).str());
}

} // namespace clangfe
} // namespace privateer
