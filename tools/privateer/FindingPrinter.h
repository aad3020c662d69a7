//===- FindingPrinter.h - Findings printed as the compiler does -*- C++ -*-===//
//
// Part of privateer. The CLI keeps findings as data (they may come from
// its result cache, from units analysed in parallel, or be left out by a
// baseline) and prints the ones it reports afterwards, in the order the
// files were named, through clang's own text printer over the files as they
// are on disk: the same `file:line:col: warning: ...` lines, source lines,
// carets and fix-it hints as the plugin, as clang-tidy does.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_TOOLS_FINDINGPRINTER_H
#define PRIVATEER_TOOLS_FINDINGPRINTER_H

#include "Output.h"

#include "llvm/Support/raw_ostream.h"

#include <memory>

namespace privateer {
namespace cli {

class FindingPrinter {
public:
  explicit FindingPrinter(llvm::raw_ostream &OS);
  ~FindingPrinter();

  /// The finding, its fix-its (its own fix) and its notes.
  void print(const Result &R);
  /// A note of its own (a unit's notice).
  void print(const NoteOut &N);
  /// Writes out what the printer holds back (clang's text printer keeps
  /// the last snippet in a buffer of its own): a unit's diagnostics end
  /// before the next unit's begin.
  void flush();

private:
  struct Impl;
  std::unique_ptr<Impl> P;
};

} // namespace cli
} // namespace privateer

#endif // PRIVATEER_TOOLS_FINDINGPRINTER_H
