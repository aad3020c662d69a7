//===- Summary.cpp - The run's last lines ---------------------------------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "Summary.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include "llvm/Support/raw_ostream.h"
#include <map>

using namespace llvm;

namespace privateer {
namespace cli {

namespace {

int weight(llvm::StringRef Verdict) {
  return Verdict == "reported"       ? 3
         : Verdict == "held back"    ? 2
         : Verdict == "not analysed" ? 1
                                     : 0;
}

unsigned countOf(const std::vector<ConstructOut> &Constructs,
                 llvm::StringRef Verdict) {
  return unsigned(llvm::count_if(
      Constructs, [&](const ConstructOut &C) { return C.Verdict == Verdict; }));
}

} // namespace

std::vector<ConstructOut>
runConstructs(const std::vector<UnitOutcome> &Outcomes) {
  std::vector<ConstructOut> All;
  std::map<std::string, size_t> Index;
  for (const UnitOutcome &U : Outcomes)
    for (const ConstructOut &C : U.Constructs) {
      std::string Key = C.Where.File + ":" + std::to_string(C.Where.Line) +
                        ":" + std::to_string(C.Where.Column);
      auto [It, New] = Index.try_emplace(Key, All.size());
      if (New)
        All.push_back(C);
      else if (weight(C.Verdict) > weight(All[It->second].Verdict))
        All[It->second] = C;
    }
  return All;
}

void explainSilence(raw_ostream &OS,
                    const std::vector<ConstructOut> &Constructs,
                    StringRef Cwd) {
  for (const ConstructOut &C : Constructs) {
    if (C.Verdict != "held back" && C.Verdict != "not analysed")
      continue;
    StringRef File = C.Where.File;
    if (!Cwd.empty() && File.starts_with(Cwd) && File.size() > Cwd.size() &&
        File[Cwd.size()] == '/')
      File = File.drop_front(Cwd.size() + 1);
    OS << File << ":" << C.Where.Line << ":" << C.Where.Column << ": remark: '"
       << C.Construct << "' " << C.Verdict << ": " << C.Reason << "\n";
  }
}

std::string plural(size_t N, StringRef Word) {
  return std::to_string(N) + " " + Word.str() + (N == 1 ? "" : "s");
}

void printSummary(const RunSummary &S) {
  errs() << "privateer: " << plural(S.Units, "translation unit");
  std::vector<std::string> Of;
  if (S.Files != S.Units)
    Of.push_back(plural(S.Files, "file"));
  if (S.Cached)
    Of.push_back(std::to_string(S.Cached) + " from the cache");
  if (!Of.empty())
    errs() << " (" << join(Of, ", ") << ")";
  errs() << ", " << plural(S.Findings, "finding");
  std::vector<std::string> Left;
  if (S.OffLines)
    Left.push_back(std::to_string(S.OffLines->size()) +
                   " not on the chosen lines");
  if (S.InBaseline)
    Left.push_back(std::to_string(S.InBaseline->size()) + " in the baseline");
  if (!Left.empty())
    errs() << " (" << join(Left, ", ") << ")";
  if (S.HeldBackMay)
    errs() << ", " << S.HeldBackMay << " unproven ('may') held back"
           << " (--report-may shows them)";
  // A race among them is neither reported nor held back: "0 findings"
  // must not read as "checked and clean".
  if (S.Undecided)
    errs() << ", " << S.Undecided << " index question"
           << (S.Undecided == 1 ? "" : "s")
           << " left undecided (the solver ran out of time: a race among "
              "them would not be reported; --solver-timeout-ms gives it "
              "longer)";
  if (S.FixedFiles) {
    errs() << ", fixes written to " << plural(*S.FixedFiles, "file");
    // "0 files" after findings must say why nothing was written.
    if (S.WithoutFix)
      errs() << " (" << S.WithoutFix << " of the findings "
             << (S.WithoutFix == 1 ? "has" : "have")
             << " no exact fix; each one's note says why)";
  }
  if (S.Failed)
    errs() << ", " << S.Failed << " failed to compile (skipped)";
  if (S.Missing)
    errs() << ", " << S.Missing << " not found";
  if (S.CompilerWarnings)
    errs() << ", " << plural(S.CompilerWarnings, "compiler warning")
           << " not shown (--compiler-warnings shows them)";
  errs() << "\n";
  // What the silence means: every construct's verdict.
  if (S.Constructs.empty())
    return;
  unsigned Silent = countOf(S.Constructs, "held back") +
                    countOf(S.Constructs, "not analysed");
  errs() << "privateer: " << plural(S.Constructs.size(), "parallel construct")
         << ": " << countOf(S.Constructs, "proven free") << " proven free, "
         << countOf(S.Constructs, "reported") << " reported, "
         << countOf(S.Constructs, "held back") << " held back, "
         << countOf(S.Constructs, "not analysed") << " not analysed";
  if (Silent && !S.Explained)
    errs() << " (--explain-silence lists the held back and not analysed "
              "ones, with the reasons)";
  errs() << "\n";
}

} // namespace cli
} // namespace privateer
