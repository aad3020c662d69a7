//===- OutputFile.h - An output file checked before the analysis -*- C++
//-*-===//
//
// Part of privateer. --sarif, --export-fixes and --write-baseline name files
// that a long analysis must not find unwritable at its end: each is created
// up front as a temporary file in its directory (which proves the directory
// writable), written there, and renamed over the named path when the run
// ends, so that a reader never sees half a log and a failed run leaves the
// previous one in place.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_TOOLS_OUTPUTFILE_H
#define PRIVATEER_TOOLS_OUTPUTFILE_H

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <memory>
#include <string>

namespace privateer {
namespace cli {

class OutputFile {
public:
  /// Creates the temporary file for \p Path, or says why it cannot be
  /// written (\p Option names the flag in the message).
  static llvm::Expected<std::unique_ptr<OutputFile>>
  create(llvm::StringRef Option, llvm::StringRef Path);
  ~OutputFile();

  llvm::raw_ostream &os() { return *OS; }
  /// Closes the file and moves it to its path.
  llvm::Error commit();

private:
  OutputFile(std::string Path, std::string TempPath, int FD);
  std::string Path, TempPath;
  std::unique_ptr<llvm::raw_fd_ostream> OS;
  bool Committed = false;
};

} // namespace cli
} // namespace privateer

#endif // PRIVATEER_TOOLS_OUTPUTFILE_H
