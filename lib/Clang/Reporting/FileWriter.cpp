//===- FileWriter.cpp - Writing edits to the source files -----------------===//
//
// Part of privateer. Clang's edits applied to the text the compile read;
// what writing it over the file promises (links, owner, permissions,
// read-only files, concurrent fixes, CRLF lines) is SourceFileWriter's,
// shared with privateer-fortran.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/FileWriter.h"
#include "privateer/Support/SourceFileWriter.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Rewrite/Core/Rewriter.h"
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
    std::string Text = withLineBreaksOf(
        H.CodeToInsert,
        SM.getBufferData(SM.getFileID(H.RemoveRange.getBegin())));
    if (Insertion)
      Rewrite.InsertText(H.RemoveRange.getBegin(), Text, /*InsertAfter=*/true);
    else
      Rewrite.ReplaceText(H.RemoveRange, Text);
  }
  std::vector<std::string> Errors;
  for (auto It = Rewrite.buffer_begin(); It != Rewrite.buffer_end(); ++It) {
    OptionalFileEntryRef File = SM.getFileEntryRefForID(It->first);
    // Standard input (`-x c -`) has a name but no file behind it.
    if (!File || File->getName() == "<stdin>") {
      Errors.push_back("fixes not written: the code is not read from a "
                       "source file");
      continue;
    }
    // A header inside a precompiled header or module: rewriting it would
    // make the next compile reject the PCH.
    if (SM.isLoadedFileID(It->first)) {
      Errors.push_back("fixes not written to '" + File->getName().str() +
                       "': it is part of a precompiled header or module");
      continue;
    }
    std::string Error;
    std::string Path = resolvedSourcePath(File->getName(), Error);
    if (Path.empty()) {
      Errors.push_back(Error);
      continue;
    }
    std::string Contents;
    llvm::raw_string_ostream OS(Contents);
    It->second.write(OS);
    Error = rewriteSourceFile(Path, SM.getBufferData(It->first), Contents);
    if (!Error.empty())
      Errors.push_back(Error);
  }
  return Errors;
}

} // namespace clangfe
} // namespace privateer
