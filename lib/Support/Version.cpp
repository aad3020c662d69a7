//===- Version.cpp - What a privateer tool says to --version --------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/Support/Version.h"

#include "llvm/Config/llvm-config.h"

namespace privateer {

llvm::StringRef privateerVersion() { return PRIVATEER_VERSION; }

void printVersion(llvm::raw_ostream &OS, llvm::StringRef Tool) {
  if (Tool != "privateer")
    OS << Tool << ": ";
  OS << "privateer " << privateerVersion() << "\n"
     << "  built with LLVM " << LLVM_VERSION_STRING << "\n";
}

} // namespace privateer
