//===- ConstructAnalyzer.h - privateer's checks on MLIR constructs -*- C++
//-*-===//
//
// Part of privateer. The one place the MLIR front end turns parallel
// constructs into findings: the model of each construct (RegionBuilder),
// the checks the options enable, with one index solver (its cache and
// budget) per analysed unit, as the Clang front ends have one per
// translation unit. The check passes report what it finds, the rewrite pass
// applies it, and privateer-fortran does both on the module Flang lowered.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_MLIR_CONSTRUCTANALYZER_H
#define PRIVATEER_MLIR_CONSTRUCTANALYZER_H

#include "privateer/Analysis/Finding.h"
#include "privateer/Analysis/IndexSolver.h"
#include "privateer/Analysis/Options.h"
#include "privateer/MLIR/RegionBuilder.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <optional>
#include <vector>

namespace privateer {
namespace mlirfe {

/// One parallel construct, its model and what the checks found in it.
struct AnalyzedConstruct {
  mlir::Operation *Construct = nullptr;
  /// The mlir::Locations the model's and the findings' Locs stand for.
  LocationTable Locs;
  ParallelRegion Region;
  std::vector<Finding> Findings;
};

class ConstructAnalyzer {
public:
  explicit ConstructAnalyzer(const Options &Opts);
  ~ConstructAnalyzer();

  /// The parallel constructs nested in \p Root (see isParallelConstruct),
  /// inner ones first: a rewrite of an inner loop changes what the outer
  /// one shares.
  static llvm::SmallVector<mlir::Operation *>
  constructsIn(mlir::Operation *Root);

  /// The model of \p Construct and the findings of the enabled checks on
  /// it (its model printed first with `dump-model`); nothing when the
  /// construct has a shape the builder does not model. Findings the
  /// analysis could not prove ("may") are kept only with `report-may`;
  /// otherwise they are counted (heldBackMay).
  std::optional<AnalyzedConstruct> analyze(mlir::Operation *Construct);

  const Options &options() const { return Opts; }
  /// What the index solver did for every construct analysed so far.
  const SolverStats &stats() const { return Stats; }
  /// Unproven findings held back so far (without `report-may`).
  unsigned heldBackMay() const { return HeldBackMay; }

private:
  Options Opts;
  SolverStats Stats;
  std::unique_ptr<IndexOracle> Oracle;
  unsigned HeldBackMay = 0;
};

/// What a front end says of the findings \p Analyzer held back, with
/// \p Option the way its user writes `report-may`; empty when none were.
std::string heldBackNote(const ConstructAnalyzer &Analyzer,
                         llvm::StringRef Option);

/// Emits \p F as an MLIR diagnostic at its access (\p Fallback when the
/// model has no location for it), ending in the check's name, with a note
/// per note of the finding: a warning, or an error when \p AsError.
void reportFinding(const Finding &F, const LocationTable &Locs,
                   mlir::Location Fallback, bool AsError);

} // namespace mlirfe
} // namespace privateer

#endif // PRIVATEER_MLIR_CONSTRUCTANALYZER_H
