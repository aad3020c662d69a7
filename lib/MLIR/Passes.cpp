//===- Passes.cpp - privateer's checks as MLIR passes ---------------------===//
//
// Part of privateer. Each pass runs the checks its options enable on every
// parallel construct under the operation it runs on (ConstructAnalyzer)
// and turns each finding into an MLIR warning at the access, with notes at
// the declaration, the second access (the witness) and the construct.
//
//===----------------------------------------------------------------------===//

#include "privateer/MLIR/Passes.h"
#include "PrivateerPass.h"
#include "privateer/MLIR/ConstructAnalyzer.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace privateer {
namespace mlirfe {
namespace {

/// The checks whose model the MLIR front end builds: shared buffers from
/// memory accesses, thread-indexed buffers from `omp_get_thread_num()`,
/// chunks from `omp.wsloop` schedules, stores of one value from the values
/// stored. (Allocations are not modelled yet, so the allocation checks
/// would never fire.)
constexpr CheckId ModelledChecks[] = {
    CheckId::SharedBuffer, CheckId::ThreadIdIndex, CheckId::ChunkFalseSharing,
    CheckId::SameValueStore};

class CheckPass : public PrivateerPass<CheckPass> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(CheckPass)

  CheckPass(std::string Argument, std::string Description,
            std::string DefaultChecks)
      : Argument(std::move(Argument)), Description(std::move(Description)),
        DefaultChecks(std::move(DefaultChecks)) {}
  CheckPass(const CheckPass &Other)
      : PrivateerPass(Other), Argument(Other.Argument),
        Description(Other.Description), DefaultChecks(Other.DefaultChecks) {}

  StringRef getArgument() const override { return Argument; }
  StringRef getDescription() const override { return Description; }

  void runOnOperation() override;

private:
  std::string Argument, Description, DefaultChecks;
};

void CheckPass::runOnOperation() {
  markAllAnalysesPreserved();
  std::optional<Options> Opts = options(DefaultChecks);
  if (!Opts)
    return signalPassFailure();
  if (Opts->Fix) {
    emitError(getOperation()->getLoc())
        << "privateer: the check passes only report; privateer-privatize "
           "applies the fixes";
    return signalPassFailure();
  }
  // MLIR has no -Werror for a finding to follow: warnings unless asked.
  bool AsErrors = Opts->Werror == Options::ErrorMode::Always;
  bool Found = false;
  ConstructAnalyzer Analyzer(*Opts);
  for (Operation *Construct : ConstructAnalyzer::constructsIn(getOperation()))
    if (std::optional<AnalyzedConstruct> A = Analyzer.analyze(Construct))
      for (const Finding &F : A->Findings) {
        reportFinding(F, A->Locs, Construct->getLoc(), AsErrors);
        Found = true;
      }
  summarize(Analyzer);
  if (Found && AsErrors)
    signalPassFailure();
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
  registerPass([] { return createRewritePass(); });
}

} // namespace mlirfe
} // namespace privateer
