//===- FileWriter.cpp - Writing edits to the source files -----------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/FileWriter.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace privateer {
namespace clangfe {

std::vector<std::string> writeEdits(llvm::ArrayRef<FixItHint> Edits,
                                    SourceManager &SM, const LangOptions &LO) {
  Rewriter Rewrite(SM, LO);
  for (const FixItHint &H : Edits) {
    if (H.CodeToInsert.empty() && H.RemoveRange.isInvalid())
      continue;
    bool Insertion = H.RemoveRange.getBegin() == H.RemoveRange.getEnd() &&
                     !H.RemoveRange.isTokenRange();
    if (Insertion)
      Rewrite.InsertText(H.RemoveRange.getBegin(), H.CodeToInsert,
                         /*InsertAfter=*/true);
    else
      Rewrite.ReplaceText(H.RemoveRange, H.CodeToInsert);
  }
  std::vector<std::string> Errors;
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
