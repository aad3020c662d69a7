//===- SourceTexts.h - The analysed files' text, read once ------*- C++ -*-===//
//
// Part of privateer. privateer-fortran reads a Fortran file's text when its
// first finding is kept: the text the analysis saw, which fingerprints,
// SARIF edits and --fix work on (a file changed since is not overwritten).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_TOOLS_FORTRAN_SOURCETEXTS_H
#define PRIVATEER_TOOLS_FORTRAN_SOURCETEXTS_H

#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <string>

namespace privateer {
namespace fortran {

class SourceTexts {
public:
  /// The bytes of \p Path as first read; null when it cannot be read.
  const std::string *text(const std::string &Path);
  /// The byte offset of 1-based \p Line and byte \p Column, or 0.
  unsigned offset(const std::string &Path, unsigned Line, unsigned Column);
  /// 1-based line \p Line without its line break; empty when there is none.
  llvm::StringRef line(const std::string &Path, unsigned Line);

private:
  std::map<std::string, std::optional<std::string>> Files;
};

} // namespace fortran
} // namespace privateer

#endif // PRIVATEER_TOOLS_FORTRAN_SOURCETEXTS_H
