//===- ProgrammingModel.h - What the engine asks of a model -----*- C++ -*-===//
//
// Part of privateer. A programming model (OpenMP; TBB and C++17 parallel
// algorithms) is one implementation of this interface in its own
// folder under lib/Clang: it finds its parallel constructs in a translation
// unit, models each one (through the C and C++ memory semantics of
// lib/Clang/CXX), and turns a finding about one of its constructs into
// edits in its own spelling. The engine does everything else.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_CLANG_PROGRAMMINGMODEL_H
#define PRIVATEER_CLANG_PROGRAMMINGMODEL_H

#include "privateer/Analysis/ConstructAccount.h"
#include "privateer/Analysis/Finding.h"
#include "privateer/Analysis/Options.h"
#include "privateer/Clang/CXX/Edits/EditBuilder.h"
#include "privateer/Model/Region.h"

#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class LangOptions;
class Preprocessor;
class FunctionDecl;
class Stmt;
} // namespace clang

namespace privateer {
namespace clangfe {

/// One parallel construct, found and modelled.
struct ModelledConstruct {
  ParallelRegion Region;
  /// The node that makes the code parallel: an OpenMP directive, a call of
  /// tbb::parallel_for...; fixes start from it.
  const clang::Stmt *Construct = nullptr;
  /// The function the construct is in.
  const clang::FunctionDecl *Function = nullptr;
};

class ProgrammingModel {
public:
  virtual ~ProgrammingModel();

  /// A name for messages and dumps: `OpenMP`.
  virtual const char *name() const = 0;
  /// Whether the unit can hold this model's parallel constructs (OpenMP:
  /// compiled with -fopenmp, not -fopenmp-simd, not a device compile).
  virtual bool appliesTo(const clang::ASTContext &Ctx) const = 0;
  /// Calls \p Found with every construct of the unit, in source order,
  /// and \p Skipped with the verdict of each one it meets but does not
  /// model (not analysed, with the reason; or proven free where the model
  /// knows its work items never run at once).
  virtual void
  findConstructs(clang::ASTContext &Ctx,
                 llvm::function_ref<void(ModelledConstruct &&)> Found,
                 llvm::function_ref<void(ConstructAccount &&)> Skipped) = 0;
  /// The edits of \p F's fix, about \p C, built through \p E (which
  /// holds the refusal policy every fix follows); or why there are none.
  /// A model chooses the builder of the remedy's kind with a switch over
  /// kindOf(F.Fix); every builder has this signature.
  virtual llvm::Expected<Edits>
  buildFix(const Finding &F, const ModelledConstruct &C, EditBuilder &E) = 0;
};

/// Code of a programming model that a unit's compile ignores, so that no
/// construct of the model is found in it: said once per unit, because
/// "no findings" must not be read as "checked and clean".
struct IgnoredCode {
  clang::SourceLocation Where;
  std::string Message;
};

/// Watches a unit's preprocessing for code of one programming model that
/// the compile ignores; installed before the unit is parsed.
class IgnoredCodeWatch {
public:
  virtual ~IgnoredCodeWatch();
  /// The first ignored code seen, if any.
  virtual std::optional<IgnoredCode> first() const = 0;
};

/// The OpenMP programming model (lib/Clang/OpenMP).
std::unique_ptr<ProgrammingModel> createOpenMPModel();
/// `#pragma omp` lines (and `_Pragma("omp ...")`) outside system headers in
/// a unit compiled without -fopenmp (lib/Clang/OpenMP); null when the unit
/// is compiled with it (or with -fopenmp-simd, a deliberate choice).
std::unique_ptr<IgnoredCodeWatch>
watchIgnoredOpenMP(clang::Preprocessor &PP, const clang::LangOptions &LO);
/// TBB and the C++17 parallel algorithms (lib/Clang/TBB).
std::unique_ptr<ProgrammingModel> createTBBModel();

} // namespace clangfe
} // namespace privateer

#endif // PRIVATEER_CLANG_PROGRAMMINGMODEL_H
