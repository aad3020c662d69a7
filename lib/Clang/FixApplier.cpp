//===- FixApplier.cpp - Writing fixes to the source files -----------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/FixApplier.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <optional>

using namespace clang;

namespace privateer {
namespace clangfe {

namespace {
bool overlaps(const SourceManager &SM, CharSourceRange A, CharSourceRange B) {
  if (SM.getFileID(A.getBegin()) != SM.getFileID(B.getBegin()))
    return false;
  unsigned AB = SM.getFileOffset(A.getBegin()),
           AE = SM.getFileOffset(A.getEnd());
  unsigned BB = SM.getFileOffset(B.getBegin()),
           BE = SM.getFileOffset(B.getEnd());
  return AB < BE + 1 && BB < AE + 1 && !(AB == AE && BB == BE && AB != BB);
}
} // namespace

namespace {
bool isInsertion(const FixItHint &H) {
  return H.RemoveRange.getBegin() == H.RemoveRange.getEnd() &&
         !H.RemoveRange.isTokenRange();
}

/// A clause as a fix inserts it, ` private(a)` or ` reduction(+: s)`: the
/// part that names its kind (` private(`, ` reduction(+: `) and its list.
std::optional<std::pair<std::string, std::string>>
splitClause(llvm::StringRef Text) {
  static const char *const Kinds[] = {" private(", " firstprivate(",
                                      " lastprivate(", " reduction("};
  if (!Text.ends_with(")"))
    return std::nullopt;
  for (const char *Kind : Kinds) {
    if (!Text.starts_with(Kind))
      continue;
    size_t HeadEnd = llvm::StringRef(Kind).size();
    if (llvm::StringRef(Kind) == " reduction(") {
      size_t Colon = Text.find(": ");
      if (Colon == llvm::StringRef::npos)
        return std::nullopt;
      HeadEnd = Colon + 2;
    }
    llvm::StringRef List = Text.slice(HeadEnd, Text.size() - 1);
    // One list, not `private(a) private(b)`.
    if (List.count('(') != List.count(')'))
      return std::nullopt;
    return std::make_pair(Text.take_front(HeadEnd).str(), List.str());
  }
  return std::nullopt;
}
} // namespace

void FixApplier::add(llvm::ArrayRef<FixItHint> Fixes) {
  SourceManager &SM = Rewrite.getSourceMgr();
  // Insertions at one point go in one after the other (two clauses added
  // to one directive); an edit that overlaps a replacement is dropped.
  for (const FixItHint &H : Fixes)
    for (const CharSourceRange &T : Taken)
      if (!H.RemoveRange.isInvalid() && !isInsertion(H) &&
          overlaps(SM, H.RemoveRange, T))
        return;
  // Replacements first: clang's Rewriter drops text inserted at the end of
  // a range that is removed after the insertion.
  std::vector<const FixItHint *> Ordered;
  for (const FixItHint &H : Fixes)
    if (!isInsertion(H))
      Ordered.push_back(&H);
  for (const FixItHint &H : Fixes)
    if (isInsertion(H))
      Ordered.push_back(&H);
  for (const FixItHint *HP : Ordered) {
    const FixItHint &H = *HP;
    if (H.CodeToInsert.empty() && H.RemoveRange.isInvalid())
      continue;
    if (isInsertion(H) && splitClause(H.CodeToInsert)) {
      SourceLocation At = H.RemoveRange.getBegin();
      auto &Entry = Clauses[SM.getDecomposedLoc(At)];
      Entry.first = At;
      Entry.second.push_back(H.CodeToInsert);
      continue;
    }
    if (isInsertion(H)) {
      Rewrite.InsertText(H.RemoveRange.getBegin(), H.CodeToInsert,
                         /*InsertAfter=*/true);
      continue;
    }
    Rewrite.ReplaceText(H.RemoveRange, H.CodeToInsert);
    Taken.push_back(H.RemoveRange);
  }
}

void FixApplier::insertClauses() {
  for (auto &[Key, Entry] : Clauses) {
    // Lists by clause kind, kinds in the order they first came.
    std::vector<std::pair<std::string, std::vector<std::string>>> Merged;
    for (const std::string &Text : Entry.second) {
      auto [Head, List] = *splitClause(Text);
      auto It = std::find_if(Merged.begin(), Merged.end(),
                             [&](const auto &M) { return M.first == Head; });
      if (It == Merged.end())
        Merged.push_back({Head, {List}});
      else if (std::find(It->second.begin(), It->second.end(), List) ==
               It->second.end())
        It->second.push_back(List);
    }
    std::string Text;
    for (const auto &[Head, Lists] : Merged)
      Text += Head + llvm::join(Lists, ", ") + ")";
    Rewrite.InsertText(Entry.first, Text, /*InsertAfter=*/true);
  }
  Clauses.clear();
}

std::vector<std::string> FixApplier::write() {
  insertClauses();
  std::vector<std::string> Errors;
  SourceManager &SM = Rewrite.getSourceMgr();
  for (auto It = Rewrite.buffer_begin(); It != Rewrite.buffer_end(); ++It) {
    OptionalFileEntryRef File = SM.getFileEntryRefForID(It->first);
    if (!File) {
      Errors.push_back("cannot write fixes: the edited buffer is not a file");
      continue;
    }
    StringRef Path = File->getName();
    // A temporary file in the same directory, renamed over the original:
    // readers see the old file or the new one, never a mix.
    llvm::SmallString<256> Temp;
    int FD = -1;
    if (std::error_code EC = llvm::sys::fs::createUniqueFile(
            Path + ".privateer-%%%%%%", FD, Temp)) {
      Errors.push_back("cannot write fixes to '" + Path.str() +
                       "': " + EC.message());
      continue;
    }
    {
      llvm::raw_fd_ostream Out(FD, /*shouldClose=*/true);
      It->second.write(Out);
      Out.close();
      if (Out.has_error()) {
        llvm::sys::fs::remove(Temp);
        Errors.push_back("cannot write fixes to '" + Path.str() + "'");
        Out.clear_error();
        continue;
      }
    }
    // Keep the file's permissions.
    if (auto Status = llvm::sys::fs::getPermissions(Path))
      llvm::sys::fs::setPermissions(Temp, *Status);
    if (std::error_code EC = llvm::sys::fs::rename(Temp, Path)) {
      llvm::sys::fs::remove(Temp);
      Errors.push_back("cannot replace '" + Path.str() + "': " + EC.message());
    }
  }
  return Errors;
}

} // namespace clangfe
} // namespace privateer
