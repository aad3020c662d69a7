//===- EditMerger.cpp - The edits of many fixes as one list ---------------===//
//
// Part of privateer. Every front end applies the same edits: fixes that
// overlap an earlier one are dropped whole, and clauses that several fixes
// add to one directive become one clause of each kind.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/Engine.h"

#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <tuple>

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

std::vector<FixItHint> mergeEdits(llvm::ArrayRef<Report> Reports,
                                  const SourceManager &SM) {
  std::vector<FixItHint> Edits;
  std::vector<CharSourceRange> Taken;
  /// Clause insertions by file and offset, in the order they came.
  std::map<std::pair<FileID, unsigned>,
           std::pair<SourceLocation, std::vector<std::string>>>
      Clauses;
  std::set<std::tuple<FileID, unsigned, std::string>> Inserted;
  for (const Report &R : Reports) {
    llvm::ArrayRef<FixItHint> Fixes = R.Fixes;
    // Insertions at one point go in one after the other (two clauses added
    // to one directive); a fix that overlaps a replacement is dropped.
    bool Overlaps = false;
    for (const FixItHint &H : Fixes)
      for (const CharSourceRange &T : Taken)
        Overlaps |= !H.RemoveRange.isInvalid() && !isInsertion(H) &&
                    overlaps(SM, H.RemoveRange, T);
    if (Overlaps)
      continue;
    // Replacements first: clang's Rewriter drops text inserted at the end
    // of a range that is removed after the insertion.
    std::vector<const FixItHint *> Ordered;
    for (const FixItHint &H : Fixes)
      if (!isInsertion(H))
        Ordered.push_back(&H);
    for (const FixItHint &H : Fixes)
      if (isInsertion(H))
        Ordered.push_back(&H);
    for (const FixItHint *H : Ordered) {
      if (H->CodeToInsert.empty() && H->RemoveRange.isInvalid())
        continue;
      if (isInsertion(*H) && splitClause(H->CodeToInsert)) {
        SourceLocation At = H->RemoveRange.getBegin();
        auto &Entry = Clauses[SM.getDecomposedLoc(At)];
        Entry.first = At;
        Entry.second.push_back(H->CodeToInsert);
        continue;
      }
      // The same text inserted at the same place by two fixes (the
      // `#include` both need) goes in once.
      if (isInsertion(*H)) {
        auto [File, Offset] = SM.getDecomposedLoc(H->RemoveRange.getBegin());
        if (!Inserted.insert({File, Offset, H->CodeToInsert}).second)
          continue;
      }
      Edits.push_back(*H);
      if (!isInsertion(*H))
        Taken.push_back(H->RemoveRange);
    }
  }
  // Clauses go in last, merged: lists by clause kind, kinds in the order
  // they first came.
  for (auto &[Key, Entry] : Clauses) {
    std::vector<std::pair<std::string, std::vector<std::string>>> Merged;
    for (const std::string &Text : Entry.second) {
      auto Clause = *splitClause(Text);
      const std::string &Head = Clause.first, &List = Clause.second;
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
    Edits.push_back(FixItHint::CreateInsertion(Entry.first, Text));
  }
  return Edits;
}

} // namespace clangfe
} // namespace privateer
