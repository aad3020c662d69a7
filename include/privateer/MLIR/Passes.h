//===- Passes.h - privateer's MLIR passes -----------------------*- C++ -*-===//
//
// Part of privateer. Analysis passes over MLIR's parallel loops, one per
// check of Checks.def that the MLIR model feeds, plus `privateer` for all of
// them; each reports findings as MLIR warnings with notes.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_MLIR_PASSES_H
#define PRIVATEER_MLIR_PASSES_H

#include "mlir/Pass/Pass.h"

#include <memory>
#include <string>

namespace privateer {
namespace mlirfe {

/// The pass that runs the checks \p Checks (a glob list such as
/// `privateer-*`) on every parallel loop nested in the operation it runs on,
/// registered as \p Argument.
std::unique_ptr<mlir::Pass> createCheckPass(std::string Argument,
                                            std::string Description,
                                            std::string Checks);

/// `privateer-privatize`: applies the privatization and reduction remedies
/// of the shared-buffer check (see lib/MLIR/Rewrite.cpp).
std::unique_ptr<mlir::Pass> createRewritePass();

/// Registers `privateer` and `privateer-<check>` for every check that the
/// MLIR front end models, and `privateer-privatize`.
void registerPasses();

} // namespace mlirfe
} // namespace privateer

#endif // PRIVATEER_MLIR_PASSES_H
