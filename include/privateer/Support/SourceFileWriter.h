//===- SourceFileWriter.h - Writing fixed text over a source file -*- C++
//-*-===//
//
// Part of privateer. What every front end's `fix` promises about the files
// it writes, in one place: the file named on disk is the one edited (a
// symbolic link's target, never the link), its owner, permissions and hard
// links are kept or nothing is written, a read-only file is left alone, an
// edit made to it since it was read is never overwritten, two processes
// fixing one file take turns, CRLF files keep CRLF lines, and a killed run
// leaves no temporary. Needs only LLVM's Support library, so the Clang
// front ends and privateer-fortran share it.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_SUPPORT_SOURCEFILEWRITER_H
#define PRIVATEER_SUPPORT_SOURCEFILEWRITER_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace privateer {

/// \p Text (inserted into \p FileText) with its line breaks written as the
/// file writes its own: `\r\n` in a file that has any, `\n` otherwise.
std::string withLineBreaksOf(llvm::StringRef Text, llvm::StringRef FileText);

/// The file \p Path names, through any symbolic links, as an absolute
/// path; empty with \p Error set when it cannot be resolved.
std::string resolvedSourcePath(llvm::StringRef Path, std::string &Error);

/// Whether the user running the tool may not write the file at \p Path
/// (access(2): a mode without write permission for this user; root may
/// write anything, as with any editor). Fixes are neither offered nor
/// written for such a file; a rewritten file keeps its mode.
bool isReadOnly(llvm::StringRef Path);

/// Replaces the file at \p Path (a regular file; resolve links first) with
/// \p Contents, atomically (a temporary file beside it, renamed over it),
/// if it still holds \p Original, the text the edits were made to. Returns
/// the error, worded for the user, or empty when the file was written.
std::string rewriteSourceFile(llvm::StringRef Path, llvm::StringRef Original,
                              llvm::StringRef Contents);

} // namespace privateer

#endif // PRIVATEER_SUPPORT_SOURCEFILEWRITER_H
