//===- Passes.cpp - privateer's checks as MLIR passes ---------------------===//
//
// Part of privateer. Each pass builds the model of every parallel loop under
// the operation it runs on, runs the core's checks with the index solver,
// and turns each finding into an MLIR warning at the access, with notes at
// the declaration, the second access (the witness) and the construct.
//
//===----------------------------------------------------------------------===//

#include "privateer/MLIR/Passes.h"
#include "privateer/Analysis/IndexSolver.h"
#include "privateer/Analysis/RunChecks.h"
#include "privateer/MLIR/RegionBuilder.h"
#include "privateer/Model/Printer.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace privateer {
namespace mlirfe {
namespace {

/// The checks whose model the MLIR front end builds: shared buffers from
/// memory accesses, thread-indexed buffers from `omp_get_thread_num()`,
/// chunks from `omp.wsloop` schedules. (Allocations are not modelled yet,
/// so the allocation checks would never fire.)
constexpr CheckId ModelledChecks[] = {
    CheckId::SharedBuffer, CheckId::ThreadIdIndex, CheckId::ChunkFalseSharing};

class CheckPass : public PassWrapper<CheckPass, OperationPass<>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckPass)

  CheckPass(std::string Argument, std::string Description,
            std::string DefaultChecks)
      : Argument(std::move(Argument)), Description(std::move(Description)),
        DefaultChecks(std::move(DefaultChecks)) {}
  CheckPass(const CheckPass &Other)
      : PassWrapper(Other), Argument(Other.Argument),
        Description(Other.Description), DefaultChecks(Other.DefaultChecks) {}

  StringRef getArgument() const override { return Argument; }
  StringRef getDescription() const override { return Description; }

  void runOnOperation() override;

private:
  void report(const Finding &F, const LocationTable &Locs,
              Location Fallback) const;

  std::string Argument, Description, DefaultChecks;
  Option<std::string> Checks{
      *this, "checks",
      llvm::cl::desc("glob list of checks to run, as clang-tidy's --checks "
                     "(default: the pass's own check)"),
      llvm::cl::init("")};
  Option<bool> DumpModel{
      *this, "dump-model",
      llvm::cl::desc("print privateer's model of each parallel loop"),
      llvm::cl::init(false)};
  Option<unsigned> CacheLine{*this, "cache-line",
                             llvm::cl::desc("cache line size in bytes"),
                             llvm::cl::init(64)};
};

void CheckPass::report(const Finding &F, const LocationTable &Locs,
                       Location Fallback) const {
  Location Where = Locs.lookup(F.Where).value_or(Fallback);
  InFlightDiagnostic D = emitWarning(Where)
                         << F.Message << " [" << checkName(F.Check) << "]";
  for (const Note &N : F.Notes)
    D.attachNote(Locs.lookup(N.Where)) << N.Message;
}

void CheckPass::runOnOperation() {
  markAllAnalysesPreserved();
  CheckFilter Filter(Checks.empty() ? DefaultChecks : std::string(Checks));
  // One oracle (cache and budget) per operation the pass runs on, as the
  // Clang front ends have one per translation unit.
  SolverOptions Options;
  SolverStats Stats;
  std::unique_ptr<IndexOracle> Oracle = createIndexSolver(Options, Stats);
  CheckContext Context{*Oracle, CacheLine};
  llvm::SmallVector<Operation *> Loops;
  getOperation()->walk([&](Operation *Op) {
    if (isParallelConstruct(Op))
      Loops.push_back(Op);
  });
  for (Operation *Loop : Loops) {
    LocationTable Locs;
    std::optional<ParallelRegion> R = buildRegion(Loop, Locs);
    if (!R)
      continue;
    if (DumpModel)
      llvm::errs() << dump(*R);
    for (const Finding &F : runChecks(*R, Filter, Context))
      report(F, Locs, Loop->getLoc());
  }
}

} // namespace

std::unique_ptr<Pass> createCheckPass(std::string Argument,
                                      std::string Description,
                                      std::string Checks) {
  return std::make_unique<CheckPass>(std::move(Argument),
                                     std::move(Description), std::move(Checks));
}

void registerPasses() {
  registerPass([] {
    return createCheckPass(
        "privateer", "every privateer check on parallel loops", "privateer-*");
  });
  for (CheckId Id : ModelledChecks)
    for (const CheckInfo &Info : allChecks())
      if (Info.Id == Id)
        registerPass([Info] {
          return createCheckPass(Info.Name, Info.Summary, Info.Name);
        });
}

} // namespace mlirfe
} // namespace privateer
