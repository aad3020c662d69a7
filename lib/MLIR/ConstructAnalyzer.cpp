//===- ConstructAnalyzer.cpp - privateer's checks on MLIR constructs ------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/MLIR/ConstructAnalyzer.h"
#include "privateer/Analysis/RunChecks.h"
#include "privateer/MLIR/FortranEdits.h"
#include "privateer/Model/Printer.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace privateer {
namespace mlirfe {

namespace {

SolverOptions solverOptions(const Options &Opts) {
  SolverOptions SO;
  SO.TimeoutMs = Opts.SolverTimeoutMs;
  return SO;
}

} // namespace

ConstructAnalyzer::ConstructAnalyzer(const Options &Opts)
    : Opts(Opts), Oracle(createIndexSolver(solverOptions(Opts), Stats)) {}

ConstructAnalyzer::~ConstructAnalyzer() = default;

llvm::SmallVector<Operation *>
ConstructAnalyzer::constructsIn(Operation *Root) {
  // The walk is post-order: inner constructs come before the ones around
  // them.
  llvm::SmallVector<Operation *> Constructs;
  Root->walk([&](Operation *Op) {
    if (isParallelConstruct(Op))
      Constructs.push_back(Op);
  });
  return Constructs;
}

std::optional<AnalyzedConstruct>
ConstructAnalyzer::analyze(Operation *Construct) {
  AnalyzedConstruct A;
  A.Construct = Construct;
  std::optional<ParallelRegion> R = buildRegion(Construct, A.Locs);
  if (!R)
    return std::nullopt;
  A.Region = std::move(*R);
  if (Opts.DumpModel)
    llvm::errs() << dump(A.Region);
  CheckContext Context{*Oracle, Opts.CacheLine};
  A.Findings = runChecks(A.Region, Opts.Checks, Context);
  for (Finding &F : A.Findings) {
    // A fact the model assumed without seeing it makes the finding
    // unproven, and says which.
    std::vector<Loc> Places{F.Where, F.Construct};
    for (const Note &N : F.Notes)
      Places.push_back(N.Where);
    for (Loc At : Places)
      if (const std::string *Why = A.Locs.doubt(At)) {
        if (!F.May)
          F.Notes.push_back({At, "not proven: " + *Why});
        F.May = true;
        break;
      }
    // An order the fix cannot restore in the source says why.
    TextEdit Edit;
    std::string WhyNot;
    if (orderingEdit(F, A.Locs, Edit, WhyNot) == EditOutcome::Declined)
      F.Notes.push_back({F.Construct, "no automatic fix: " + WhyNot});
  }
  if (!Opts.ReportMay) {
    size_t All = A.Findings.size();
    llvm::erase_if(A.Findings, [](const Finding &F) { return F.May; });
    HeldBackMay += All - A.Findings.size();
  }
  return A;
}

std::string heldBackNote(const ConstructAnalyzer &Analyzer,
                         llvm::StringRef Option) {
  unsigned N = Analyzer.heldBackMay();
  if (!N)
    return "";
  return std::to_string(N) + " unproven ('may') finding" + (N == 1 ? "" : "s") +
         " held back (" + Option.str() + " shows them)";
}

void reportFinding(const Finding &F, const LocationTable &Locs,
                   Location Fallback, bool AsError) {
  Location Where = Locs.lookup(F.Where).value_or(Fallback);
  InFlightDiagnostic D = AsError ? emitError(Where) : emitWarning(Where);
  D << F.Message << " [" << checkName(F.Check) << "]";
  for (const Note &N : F.Notes)
    D.attachNote(Locs.lookup(N.Where)) << N.Message;
}

} // namespace mlirfe
} // namespace privateer
