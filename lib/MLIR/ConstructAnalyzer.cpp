//===- ConstructAnalyzer.cpp - privateer's checks on MLIR constructs ------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/MLIR/ConstructAnalyzer.h"
#include "privateer/Analysis/RunChecks.h"
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
