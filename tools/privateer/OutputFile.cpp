//===- OutputFile.cpp - An output file checked before the analysis --------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "OutputFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace privateer {
namespace cli {

OutputFile::OutputFile(std::string Path, std::string TempPath, int FD)
    : Path(std::move(Path)), TempPath(std::move(TempPath)),
      OS(std::make_unique<raw_fd_ostream>(FD, /*shouldClose=*/true)) {}

OutputFile::~OutputFile() {
  if (Committed)
    return;
  OS.reset();
  sys::fs::remove(TempPath);
}

Expected<std::unique_ptr<OutputFile>> OutputFile::create(StringRef Option,
                                                         StringRef Path) {
  auto Fail = [&](const Twine &Why) {
    return createStringError("cannot write " + Option + " file '" + Path +
                             "': " + Why);
  };
  if (Path.empty())
    return Fail("no file name");
  if (sys::fs::is_directory(Path))
    return Fail("it is a directory");
  SmallString<256> Dir(Path);
  sys::path::remove_filename(Dir);
  if (Dir.empty())
    Dir = ".";
  if (!sys::fs::is_directory(Dir))
    return Fail("no such directory '" + Dir + "'");
  // Beside the file, so that the rename never crosses file systems.
  SmallString<256> Model(Path);
  Model += ".%%%%%%.tmp";
  int FD;
  SmallString<256> Temp;
  if (std::error_code EC = sys::fs::createUniqueFile(Model, FD, Temp))
    return Fail(EC.message());
  return std::unique_ptr<OutputFile>(
      new OutputFile(Path.str(), Temp.str().str(), FD));
}

Error OutputFile::commit() {
  OS->close();
  bool WriteFailed = OS->has_error();
  if (WriteFailed)
    OS->clear_error();
  OS.reset();
  if (WriteFailed) {
    sys::fs::remove(TempPath);
    Committed = true;
    return createStringError("cannot write '" + Path + "'");
  }
  if (std::error_code EC = sys::fs::rename(TempPath, Path)) {
    sys::fs::remove(TempPath);
    Committed = true;
    return createStringError("cannot write '" + Path + "': " + EC.message());
  }
  Committed = true;
  return Error::success();
}

} // namespace cli
} // namespace privateer
