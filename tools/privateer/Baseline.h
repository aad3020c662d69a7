//===- Baseline.h - Today's findings, accepted ------------------*- C++ -*-===//
//
// Part of privateer. Adopting privateer on a large code base starts with
// the findings it already has: --write-baseline records them by their
// stable fingerprints (the SARIF partialFingerprints), and --baseline
// leaves them out of later runs, so that CI fails only on new ones. A
// fingerprint survives edits elsewhere in the file and another checkout
// directory; the file, line and message beside it are for people reading
// the baseline.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_TOOLS_BASELINE_H
#define PRIVATEER_TOOLS_BASELINE_H

#include "Output.h"

#include "llvm/Support/Error.h"

#include <set>
#include <string>

namespace privateer {
namespace cli {

class Baseline {
public:
  /// Reads a baseline that --write-baseline wrote.
  static llvm::Expected<Baseline> read(llvm::StringRef Path);

  /// Writes \p Results as a baseline, sorted by file and line so that a
  /// refreshed baseline diffs well; files relative to \p SourceRoot.
  static void write(llvm::raw_ostream &OS,
                    llvm::ArrayRef<const Result *> Results,
                    llvm::StringRef SourceRoot);

  bool contains(const Result &R) const {
    return Fingerprints.count(R.Fingerprint);
  }
  size_t size() const { return Fingerprints.size(); }

private:
  std::set<std::string> Fingerprints;
};

} // namespace cli
} // namespace privateer

#endif // PRIVATEER_TOOLS_BASELINE_H
