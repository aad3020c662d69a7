//===- OpenMPAnalyzer.h - Findings for one translation unit -----*- C++ -*-===//
//
// Part of privateer. The entry point every Clang-based front end (plugin,
// clang-tidy module, CLI) calls: find the OpenMP units of work in a
// translation unit, model them, run the enabled checks.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_OPENMPANALYZER_H
#define PRIVATEER_CLANG_OPENMPANALYZER_H

#include "privateer/Analysis/Finding.h"
#include "privateer/Analysis/Options.h"

#include <vector>

namespace clang {
class ASTContext;
class Decl;
} // namespace clang

namespace privateer {
namespace clangfe {

struct ConstructIndex;

/// Analyzes every function of the translation unit; records the constructs
/// it modelled in \p Constructs when given (for fixes).
std::vector<Finding>
analyzeTranslationUnit(clang::ASTContext &Ctx, const Options &Opts,
                       ConstructIndex *Constructs = nullptr);

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_OPENMPANALYZER_H
