//===- Summary.h - The run's last lines ---------------------------*- C++
//-*-===//
//
// Part of privateer. What the run did, in one line of stderr (units,
// findings, what was left out or held back, fixes), and what its silence
// means: how many parallel constructs were proven free, reported, held
// back or not analysed, each listed with its reason on request.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_TOOLS_SUMMARY_H
#define PRIVATEER_TOOLS_SUMMARY_H

#include "Output.h"
#include "Unit.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace privateer {
namespace cli {

/// What the run did, for its one line of stderr.
struct RunSummary {
  /// Compile commands analysed (a file built for two targets counts
  /// twice), and the files they compile.
  size_t Units = 0, Files = 0;
  unsigned Cached = 0;
  size_t Findings = 0;
  unsigned HeldBackMay = 0, Undecided = 0, CompilerWarnings = 0;
  const std::set<std::string> *OffLines = nullptr, *InBaseline = nullptr;
  std::optional<size_t> FixedFiles;
  /// With --fix: findings that carry no edit (each one's note says why).
  size_t WithoutFix = 0;
  unsigned Failed = 0;
  size_t Missing = 0;
  /// Every parallel construct of the run, once.
  std::vector<ConstructOut> Constructs;
  /// --explain-silence: the constructs were listed.
  bool Explained = false;
};

/// "1 file", "2 files".
std::string plural(size_t N, llvm::StringRef Word);

/// Every construct of \p Outcomes once: a construct in a header that
/// several units include merges, the more telling verdict winning
/// (reported, held back, not analysed, proven free).
std::vector<ConstructOut>
runConstructs(const std::vector<UnitOutcome> &Outcomes);

/// The held-back and not-analysed constructs of \p Constructs, one line
/// each on \p OS, as a compiler's remarks (`file:line:col: remark: ...`),
/// with names relative to \p Cwd where they lie under it.
void explainSilence(llvm::raw_ostream &OS,
                    const std::vector<ConstructOut> &Constructs,
                    llvm::StringRef Cwd);

void printSummary(const RunSummary &S);

} // namespace cli
} // namespace privateer

#endif // PRIVATEER_TOOLS_SUMMARY_H
