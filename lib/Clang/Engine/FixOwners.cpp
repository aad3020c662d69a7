//===- FixOwners.cpp - Which report carries which merged edit -------------===//
//
// Part of privateer. Front ends whose host applies the fixes of every
// diagnostic it keeps (clang-tidy's --fix, clang-apply-replacements on the
// CLI's --export-fixes) must not hand it the separate fixes of two findings
// at one directive: `private(a)` and `private(b)` would become
// `private(a) private(b)` or a conflict. They attach the merged edits
// instead, each to exactly one report.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/Engine.h"

#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace privateer {
namespace clangfe {

namespace {

bool isInsertion(const FixItHint &H) {
  return H.RemoveRange.getBegin() == H.RemoveRange.getEnd() &&
         !H.RemoveRange.isTokenRange();
}

bool sameEdit(const FixItHint &A, const FixItHint &B) {
  return A.RemoveRange.getBegin() == B.RemoveRange.getBegin() &&
         A.RemoveRange.getEnd() == B.RemoveRange.getEnd() &&
         A.RemoveRange.isTokenRange() == B.RemoveRange.isTokenRange() &&
         A.CodeToInsert == B.CodeToInsert;
}

} // namespace

std::vector<std::vector<FixItHint>>
assignMergedEdits(llvm::ArrayRef<Report> Reports, const SourceManager &SM) {
  std::vector<std::vector<FixItHint>> Owned(Reports.size());
  for (const FixItHint &Edit : clangfe::mergeEdits(Reports, SM)) {
    // An edit taken as it was (a replacement, a statement inserted) first;
    // otherwise a merged clause, owned by the first report that inserts at
    // its point.
    auto Owner = [&](bool Exact) -> int {
      for (size_t I = 0; I < Reports.size(); ++I)
        for (const FixItHint &H : Reports[I].Fixes)
          if (Exact
                  ? sameEdit(H, Edit)
                  : isInsertion(Edit) && isInsertion(H) &&
                        H.RemoveRange.getBegin() == Edit.RemoveRange.getBegin())
            return int(I);
      return -1;
    };
    int I = Owner(/*Exact=*/true);
    if (I < 0)
      I = Owner(/*Exact=*/false);
    // mergeEdits only copies or merges the reports' edits: an edit nobody
    // made cannot happen; keep it rather than lose it.
    Owned[I < 0 ? 0 : I].push_back(Edit);
  }
  return Owned;
}

} // namespace clangfe
} // namespace privateer
