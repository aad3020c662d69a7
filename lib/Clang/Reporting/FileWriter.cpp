//===- FileWriter.cpp - Writing edits to the source files -----------------===//
//
// Part of privateer. What `fix` promises about the files it writes: the
// file named on disk is the one edited (a symbolic link's target, never
// the link), its owner, permissions and hard links are kept or nothing is
// written, an edit made to it while it was compiled is never overwritten,
// two compiles fixing one header cannot lose each other's edits silently,
// CRLF files keep CRLF lines, and a killed compile leaves no temporary.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/FileWriter.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <sys/file.h>
#include <unistd.h>

using namespace clang;

namespace privateer {
namespace clangfe {

namespace {

/// \p Text with every line break written as the file writes them.
std::string withLineBreaks(llvm::StringRef Text, bool CRLF) {
  if (!CRLF)
    return Text.str();
  std::string Out;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] == '\n' && (I == 0 || Text[I - 1] != '\r'))
      Out += '\r';
    Out += Text[I];
  }
  return Out;
}

/// An exclusive advisory lock on an open file, held while it is read,
/// compared and replaced, so that two compiles fixing one header take
/// turns.
class FileLock {
public:
  explicit FileLock(llvm::StringRef Path) {
    FD = ::open(Path.str().c_str(), O_RDONLY | O_CLOEXEC);
    if (FD >= 0 && ::flock(FD, LOCK_EX) != 0) {
      ::close(FD);
      FD = -1;
    }
  }
  ~FileLock() {
    if (FD >= 0)
      ::close(FD); // releases the lock
  }
  bool held() const { return FD >= 0; }

private:
  int FD = -1;
};

/// Writes \p Contents over the file at \p Path (a regular file, no
/// symbolic link); returns the error, or empty.
std::string replaceFile(llvm::StringRef Path, llvm::StringRef Original,
                        llvm::StringRef Contents) {
  namespace fs = llvm::sys::fs;
  std::string Name = "'" + Path.str() + "'";
  fs::file_status Status;
  if (std::error_code EC = fs::status(Path, Status))
    return "cannot write fixes to " + Name + ": " + EC.message();
  if (Status.type() != fs::file_type::regular_file)
    return "fixes not written: " + Name + " is not a regular file";
  // A new file renamed over a hard link would leave the other names with
  // the old text.
  if (Status.getLinkCount() > 1)
    return "fixes not written: " + Name + " has " +
           std::to_string(Status.getLinkCount()) +
           " hard links, which a rewrite would separate";
  if (fs::access(Path, fs::AccessMode::Write))
    return "fixes not written: " + Name + " is read-only";

  FileLock Lock(Path);
  if (!Lock.held())
    return "fixes not written: cannot lock " + Name;
  // Under the lock, the file must still be what the compile read: an edit
  // made since (by its user, or by another compile's fix) is never lost.
  auto Now = llvm::MemoryBuffer::getFile(Path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!Now)
    return "cannot read " + Name + ": " + Now.getError().message();
  if ((*Now)->getBuffer() != Original)
    return "fixes not written: " + Name +
           " changed while it was compiled; compile it again to fix it";

  // A temporary file in the same directory, renamed over the original:
  // readers see the old file or the new one, never a mix.
  llvm::SmallString<256> Temp;
  int FD = -1;
  if (std::error_code EC =
          fs::createUniqueFile(Path + ".privateer-%%%%%%", FD, Temp))
    return "cannot write fixes to " + Name + ": " + EC.message();
  llvm::sys::RemoveFileOnSignal(Temp);
  auto Fail = [&](std::string Error) {
    fs::remove(Temp);
    llvm::sys::DontRemoveFileOnSignal(Temp);
    return Error;
  };
  // Keep the owner (possible for root, or for the owner itself), the group
  // and the permissions; a file that would change hands is left alone.
  if (::fchown(FD, Status.getUser(), Status.getGroup()) != 0 &&
      Status.getUser() != ::geteuid()) {
    ::close(FD);
    return Fail("fixes not written: " + Name +
                " belongs to another user, and a rewrite would change its "
                "owner");
  }
  {
    llvm::raw_fd_ostream Out(FD, /*shouldClose=*/true);
    Out << Contents;
    Out.close();
    if (Out.has_error()) {
      Out.clear_error();
      return Fail("cannot write fixes to " + Name);
    }
  }
  fs::setPermissions(Temp, Status.permissions());
  if (std::error_code EC = fs::rename(Temp, Path))
    return Fail("cannot replace " + Name + ": " + EC.message());
  llvm::sys::DontRemoveFileOnSignal(Temp);
  return "";
}

} // namespace

std::vector<std::string> writeEdits(llvm::ArrayRef<FixItHint> Edits,
                                    SourceManager &SM, const LangOptions &LO) {
  Rewriter Rewrite(SM, LO);
  for (const FixItHint &H : Edits) {
    if (H.CodeToInsert.empty() && H.RemoveRange.isInvalid())
      continue;
    bool Insertion = H.RemoveRange.getBegin() == H.RemoveRange.getEnd() &&
                     !H.RemoveRange.isTokenRange();
    bool CRLF = SM.getBufferData(SM.getFileID(H.RemoveRange.getBegin()))
                    .contains("\r\n");
    std::string Text = withLineBreaks(H.CodeToInsert, CRLF);
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
    // The file the user named, through any symbolic links: replacing the
    // link itself would leave its target unfixed.
    llvm::SmallString<256> Path;
    if (std::error_code EC = llvm::sys::fs::real_path(File->getName(), Path,
                                                      /*expand_tilde=*/false)) {
      Errors.push_back("cannot write fixes to '" + File->getName().str() +
                       "': " + EC.message());
      continue;
    }
    std::string Contents;
    llvm::raw_string_ostream OS(Contents);
    It->second.write(OS);
    std::string Error =
        replaceFile(Path, SM.getBufferData(It->first), Contents);
    if (!Error.empty())
      Errors.push_back(Error);
  }
  return Errors;
}

} // namespace clangfe
} // namespace privateer
