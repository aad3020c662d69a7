//===- SourceFileWriter.cpp - Writing fixed text over a source file -------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Support/SourceFileWriter.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

namespace privateer {

namespace {

/// An exclusive advisory lock on an open file, held while it is read,
/// compared and replaced, so that two processes fixing one file take
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

/// Why \p Path may not be replaced by a new file, or empty.
std::string refusal(llvm::StringRef Path,
                    const llvm::sys::fs::file_status &Status) {
  namespace fs = llvm::sys::fs;
  std::string Name = "'" + Path.str() + "'";
  if (Status.type() != fs::file_type::regular_file)
    return "fixes not written: " + Name + " is not a regular file";
  // A new file renamed over a hard link would leave the other names with
  // the old text.
  if (Status.getLinkCount() > 1)
    return "fixes not written: " + Name + " has " +
           std::to_string(Status.getLinkCount()) +
           " hard links, which a rewrite would separate";
  // The rename would succeed (the directory is writable), but this user
  // may not change the file itself.
  if (isReadOnly(Path))
    return "fixes not written: " + Name + " is read-only";
  return "";
}

} // namespace

bool isReadOnly(llvm::StringRef Path) {
  // What an editor or `sed -i` run by this user may do: root may write a
  // file of mode 0444, anyone else may not.
  return bool(llvm::sys::fs::access(Path, llvm::sys::fs::AccessMode::Write));
}

std::string withLineBreaksOf(llvm::StringRef Text, llvm::StringRef FileText) {
  if (!FileText.contains("\r\n"))
    return Text.str();
  std::string Out;
  for (size_t I = 0; I < Text.size(); ++I) {
    if (Text[I] == '\n' && (I == 0 || Text[I - 1] != '\r'))
      Out += '\r';
    Out += Text[I];
  }
  return Out;
}

std::string resolvedSourcePath(llvm::StringRef Path, std::string &Error) {
  // The file the user named, through any symbolic links: replacing the
  // link itself would leave its target unfixed.
  llvm::SmallString<256> Real;
  if (std::error_code EC =
          llvm::sys::fs::real_path(Path, Real, /*expand_tilde=*/false)) {
    Error = "cannot write fixes to '" + Path.str() + "': " + EC.message();
    return "";
  }
  return Real.str().str();
}

std::string rewriteSourceFile(llvm::StringRef Path, llvm::StringRef Original,
                              llvm::StringRef Contents) {
  namespace fs = llvm::sys::fs;
  std::string Name = "'" + Path.str() + "'";
  fs::file_status Status;
  if (std::error_code EC = fs::status(Path, Status))
    return "cannot write fixes to " + Name + ": " + EC.message();
  if (std::string Why = refusal(Path, Status); !Why.empty())
    return Why;

  FileLock Lock(Path);
  if (!Lock.held())
    return "fixes not written: cannot lock " + Name;
  // Under the lock, the file must still be what the edits were made to: an
  // edit made since (by its user, or by another run's fix) is never lost.
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

} // namespace privateer
