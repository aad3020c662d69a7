//===- Engine.cpp - The Clang engine every front end runs -----------------===//
//
// Part of privateer. Programming models find and model constructs; the
// core's checks (dispatched from Checks.def) produce findings; the engine
// filters them as every front end must (system headers, NOLINT,
// duplicates) and asks the construct's model for the fix.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/Engine.h"
#include "privateer/Analysis/IndexSolver.h"
#include "privateer/Analysis/RunChecks.h"
#include "privateer/Clang/Nolint.h"
#include "privateer/Clang/ProgrammingModel.h"
#include "privateer/Clang/SourceLoc.h"
#include "privateer/Model/Printer.h"

#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"

#include <set>

using namespace clang;

namespace privateer {
namespace clangfe {

ProgrammingModel::~ProgrammingModel() = default;

namespace {

/// Every programming model the engine knows, in the order they run.
std::vector<std::unique_ptr<ProgrammingModel>> programmingModels() {
  std::vector<std::unique_ptr<ProgrammingModel>> Models;
  Models.push_back(createOpenMPModel());
  Models.push_back(createTBBModel());
  return Models;
}

/// Drops what no front end should show, in the order findings come.
class ReportFilter {
public:
  ReportFilter(const SourceManager &SM, const Options &Opts)
      : SM(SM), Opts(Opts) {}

  bool keep(const Finding &F) {
    const char *Check = checkName(F.Check);
    if (!Opts.Checks.isEnabled(Check))
      return false;
    SourceLocation L = fromLoc(F.Where);
    if (L.isInvalid())
      return false;
    if (SM.isInSystemHeader(SM.getExpansionLoc(L)))
      return false;
    if (Nolint.isSuppressed(SM, L, Check))
      return false;
    // Template instantiations and overlapping units find the same race.
    // (Units that overlap, such as a region and the tasks in it, may find
    // the same race; different reasons at one place are all reported.)
    std::string Key = std::string(Check) + ':' + F.BufferName +
                      (F.Check == CheckId::SharedBuffer ? "" : F.Message);
    return Seen.insert({F.Where.Raw, Key}).second;
  }

private:
  const SourceManager &SM;
  const Options &Opts;
  NolintIndex Nolint;
  std::set<std::pair<uint64_t, std::string>> Seen;
};

} // namespace

std::vector<Report> analyze(ASTContext &Ctx, const Options &Opts) {
  std::vector<Report> Reports;
  // One solver per translation unit: its cache and budget are the unit's.
  SolverOptions SO;
  SO.TimeoutMs = Opts.SolverTimeoutMs;
  SolverStats Stats;
  std::unique_ptr<IndexOracle> Oracle;
  ReportFilter Filter(Ctx.getSourceManager(), Opts);
  for (auto &Model : programmingModels()) {
    if (!Model->appliesTo(Ctx))
      continue;
    if (!Oracle)
      Oracle = createIndexSolver(SO, Stats);
    CheckContext Checks{*Oracle, Opts.CacheLine};
    Model->findConstructs(Ctx, [&](ModelledConstruct &&C) {
      if (Opts.DumpModel)
        llvm::errs() << dump(C.Region);
      for (Finding &F : runChecks(C.Region, Opts.Checks, Checks)) {
        if (!Filter.keep(F))
          continue;
        Report R;
        R.F = std::move(F);
        R.Fixes = Model->buildFix(R.F, C, Ctx, R.WhyNoFix);
        Reports.push_back(std::move(R));
      }
    });
  }
  if (Opts.Stats && Oracle)
    llvm::errs() << Stats.str() << "\n";
  return Reports;
}

} // namespace clangfe
} // namespace privateer
