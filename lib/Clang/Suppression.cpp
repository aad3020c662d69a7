//===- Suppression.cpp - NOLINT comments ----------------------------------===//
//
// Part of privateer. The NOLINT conventions of clang-tidy, so that one
// suppression comment works in the plugin, the tidy module and the CLI.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/Checks.h"
#include "privateer/Clang/DiagnosticReporter.h"

using namespace clang;

namespace privateer {
namespace clangfe {

namespace {
/// Whether \p Line has `Marker` (optionally followed by `(globs)`) whose
/// globs cover \p Check. NOLINT must not match NOLINTNEXTLINE and friends.
bool lineHas(StringRef Line, StringRef Marker, StringRef Check) {
  size_t Pos = 0;
  while ((Pos = Line.find(Marker, Pos)) != StringRef::npos) {
    StringRef Rest = Line.substr(Pos + Marker.size());
    Pos += Marker.size();
    if (!Rest.empty() && (isalnum(Rest[0]) || Rest[0] == '_'))
      continue; // NOLINT as a prefix of NOLINTNEXTLINE
    if (!Rest.starts_with("("))
      return true;
    size_t Close = Rest.find(')');
    if (Close == StringRef::npos)
      return false;
    if (nolintCovers(Rest.substr(1, Close - 1).str(), Check.str()))
      return true;
  }
  return false;
}
} // namespace

bool isSuppressedByNolint(const SourceManager &SM, SourceLocation Loc,
                          StringRef Check) {
  Loc = SM.getExpansionLoc(Loc);
  FileID File = SM.getFileID(Loc);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid)
    return false;
  unsigned Offset = SM.getFileOffset(Loc);
  size_t Begin = Buffer.rfind('\n', Offset == 0 ? 0 : Offset - 1);
  Begin = Begin == StringRef::npos ? 0 : Begin + 1;
  size_t End = Buffer.find('\n', Offset);
  StringRef Line = Buffer.slice(Begin, End);
  if (lineHas(Line, "NOLINT", Check))
    return true;
  if (Begin > 0) {
    size_t PrevBegin = Buffer.rfind('\n', Begin - 2);
    PrevBegin = PrevBegin == StringRef::npos ? 0 : PrevBegin + 1;
    if (lineHas(Buffer.slice(PrevBegin, Begin - 1), "NOLINTNEXTLINE", Check))
      return true;
  }
  // A NOLINTBEGIN before the location closed by a NOLINTEND after it; an
  // unmatched NOLINTBEGIN suppresses nothing, as in clang-tidy.
  int Open = 0;
  StringRef Before = Buffer.substr(0, Begin);
  while (!Before.empty()) {
    auto [Current, Rest] = Before.split('\n');
    if (lineHas(Current, "NOLINTBEGIN", Check))
      ++Open;
    if (lineHas(Current, "NOLINTEND", Check) && Open > 0)
      --Open;
    Before = Rest;
  }
  if (Open == 0)
    return false;
  StringRef After = End == StringRef::npos ? StringRef() : Buffer.substr(End);
  while (!After.empty() && Open > 0) {
    auto [Current, Rest] = After.split('\n');
    if (lineHas(Current, "NOLINTBEGIN", Check))
      return false; // a new block opens before ours closes: unmatched
    if (lineHas(Current, "NOLINTEND", Check))
      return true;
    After = Rest;
  }
  return false;
}

} // namespace clangfe
} // namespace privateer
