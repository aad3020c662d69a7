//===- Version.h - What a privateer tool says to --version ------*- C++ -*-===//
//
// Part of privateer. Both command-line tools (privateer, privateer-fortran)
// answer --version with privateer's own version and the LLVM it was built
// against, which is what a bug report needs.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_SUPPORT_VERSION_H
#define PRIVATEER_SUPPORT_VERSION_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

namespace privateer {

/// privateer's version (the project's, from CMake).
llvm::StringRef privateerVersion();

/// Prints `privateer <version>` (after `<Tool>: ` for the other tools) and
/// the LLVM version it was built with.
void printVersion(llvm::raw_ostream &OS, llvm::StringRef Tool);

} // namespace privateer

#endif // PRIVATEER_SUPPORT_VERSION_H
