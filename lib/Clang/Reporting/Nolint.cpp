//===- Nolint.cpp - NOLINT comments ---------------------------------------===//
//
// Part of privateer. The NOLINT conventions of clang-tidy, so that one
// suppression comment works in the plugin, the tidy module and the CLI.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/Nolint.h"
#include "privateer/Analysis/Checks.h"
#include "privateer/Clang/SourceLoc.h"

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

bool NolintIndex::isSuppressed(const SourceManager &SM, SourceLocation Loc,
                               StringRef Check) {
  Loc = SM.getExpansionLoc(Loc);
  FileID File = SM.getFileID(Loc);
  bool Invalid = false;
  StringRef Buffer = SM.getBufferData(File, &Invalid);
  if (Invalid)
    return false;
  unsigned Offset = SM.getFileOffset(Loc);
  size_t Begin = lineStart(Buffer, Offset);
  size_t End = Buffer.find('\n', Offset);
  StringRef Line = Buffer.slice(Begin, End);
  if (lineHas(Line, "NOLINT", Check))
    return true;
  if (Begin > 0) {
    size_t PrevBegin = lineStart(Buffer, Begin - 1);
    if (lineHas(Buffer.slice(PrevBegin, Begin - 1), "NOLINTNEXTLINE", Check))
      return true;
  }
  // The lines of the file that open or close a NOLINT block, found once:
  // most files have none, and then nothing is scanned again.
  auto [It, Inserted] = BlockLines.try_emplace(File);
  if (Inserted && Buffer.contains("NOLINTBEGIN")) {
    for (size_t Pos = 0; Pos < Buffer.size();) {
      size_t Next = Buffer.find('\n', Pos);
      StringRef L = Buffer.slice(Pos, Next);
      if (L.contains("NOLINTBEGIN") || L.contains("NOLINTEND"))
        It->second.push_back({unsigned(Pos), L});
      if (Next == StringRef::npos)
        break;
      Pos = Next + 1;
    }
  }
  // A NOLINTBEGIN before the location closed by a NOLINTEND after it; an
  // unmatched NOLINTBEGIN suppresses nothing, as in clang-tidy.
  int Open = 0;
  for (const auto &[At, L] : It->second) {
    if (At >= Begin) {
      if (Open == 0)
        return false;
      if (lineHas(L, "NOLINTBEGIN", Check))
        return false; // a new block opens before ours closes: unmatched
      if (lineHas(L, "NOLINTEND", Check))
        return true;
      continue;
    }
    if (lineHas(L, "NOLINTBEGIN", Check))
      ++Open;
    if (lineHas(L, "NOLINTEND", Check) && Open > 0)
      --Open;
  }
  return false;
}

} // namespace clangfe
} // namespace privateer
