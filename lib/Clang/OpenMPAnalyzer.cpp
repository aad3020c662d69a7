//===- OpenMPAnalyzer.cpp - Find OpenMP units of work ---------------------===//
//
// Part of privateer. Walks the translation unit once, keeping the stack of
// statements above the current one, and turns each OpenMP construct that
// distributes work (a worksharing or distribute loop, a taskloop, a parallel
// region's replicated code, sections, tasks generated in a loop) into a model
// for the checks.
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/OpenMPAnalyzer.h"
#include "privateer/Clang/FixBuilder.h"

#include "RegionBuilder.h"
#include "privateer/Analysis/IndexSolver.h"
#include "privateer/Analysis/SharedBufferAnalysis.h"
#include "privateer/Analysis/ThreadingChecks.h"
#include "privateer/Model/Printer.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace privateer {
namespace clangfe {

namespace {

std::optional<RegionKind> unitKind(OpenMPDirectiveKind K) {
  // A pure `simd` loop runs on one thread; loop transformations (tile,
  // unroll) are not parallel by themselves.
  if (isOpenMPLoopDirective(K)) {
    if (isOpenMPWorksharingDirective(K) || isOpenMPTaskLoopDirective(K) ||
        isOpenMPDistributeDirective(K) || isOpenMPGenericLoopDirective(K))
      return RegionKind::Loop;
    return std::nullopt;
  }
  switch (K) {
  case llvm::omp::OMPD_parallel:
  case llvm::omp::OMPD_target_parallel:
  case llvm::omp::OMPD_teams:
  case llvm::omp::OMPD_target_teams:
    return RegionKind::Replicated;
  case llvm::omp::OMPD_sections:
  case llvm::omp::OMPD_parallel_sections:
    return RegionKind::Sections;
  case llvm::omp::OMPD_task:
    return RegionKind::Tasks;
  default:
    return std::nullopt;
  }
}

class UnitFinder : public RecursiveASTVisitor<UnitFinder> {
public:
  UnitFinder(ASTContext &Ctx, const Options &Opts,
             std::vector<Finding> &Findings, IndexOracle &Oracle,
             ConstructIndex *Constructs)
      : Ctx(Ctx), Opts(Opts), Findings(Findings), Oracle(Oracle),
        Constructs(Constructs) {}

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(Decl *D) {
    if (!D)
      return true;
    // Nothing in system headers is ours to report.
    if (!isa<TranslationUnitDecl>(D) &&
        Ctx.getSourceManager().isInSystemHeader(
            Ctx.getSourceManager().getExpansionLoc(D->getLocation())))
      return true;
    const FunctionDecl *Saved = Function;
    if (const auto *FD = dyn_cast<FunctionDecl>(D)) {
      // Template patterns are analysed through their instantiations.
      if (FD->isDependentContext())
        return true;
      Function = FD;
    }
    bool Result = RecursiveASTVisitor::TraverseDecl(D);
    Function = Saved;
    return Result;
  }

  bool TraverseStmt(Stmt *S) {
    if (!S)
      return true;
    Stack.push_back(S);
    bool Result = RecursiveASTVisitor::TraverseStmt(S);
    Stack.pop_back();
    return Result;
  }

  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    auto Kind = unitKind(D->getDirectiveKind());
    if (!Kind)
      return true;
    UnitSpec Spec;
    Spec.Kind = *Kind;
    Spec.Directive = D;
    Spec.Function = Function;
    bool Generating = true;
    for (auto It = Stack.rbegin(); It != Stack.rend(); ++It) {
      if (*It == D)
        continue;
      if (const auto *E = dyn_cast<OMPExecutableDirective>(*It)) {
        Spec.Enclosing.push_back(E);
        Generating = false;
      } else if (Generating &&
                 (isa<ForStmt>(*It) || isa<CXXForRangeStmt>(*It) ||
                  isa<WhileStmt>(*It) || isa<DoStmt>(*It))) {
        Spec.GeneratingLoops.push_back(*It);
      }
      // Every loop around the directive runs its whole body for one value
      // of its variable: in the unit that variable is invariant.
      if (const auto *F = dyn_cast<ForStmt>(*It))
        Spec.EnclosingLoops.push_back(F);
    }
    RegionBuilder Builder(Ctx, Spec);
    auto Region = Builder.build();
    if (!Region)
      return true;
    if (Opts.DumpModel)
      llvm::errs() << dump(*Region);
    if (Constructs)
      Constructs->ByLoc[toLoc(D->getBeginLoc()).Raw] = {D, Function};
    // A team of one thread has nothing to race with.
    if (Region->NumThreads &&
        Region->NumThreads->kind() == ExprKind::Constant &&
        Region->NumThreads->value() == 1 && Region->Kind != RegionKind::Tasks)
      return true;
    auto Add = [&](std::vector<Finding> More) {
      for (Finding &F : More)
        Findings.push_back(std::move(F));
    };
    if (Opts.Checks.isEnabled(CheckId::SharedBuffer))
      Add(analyzeSharedBuffers(*Region, Oracle));
    if (Opts.Checks.isEnabled(CheckId::ThreadIdIndex))
      Add(analyzeThreadIdIndex(*Region, Opts.CacheLine));
    if (Opts.Checks.isEnabled(CheckId::SublineAlloc))
      Add(analyzeSublineAlloc(*Region, Opts.CacheLine));
    if (Opts.Checks.isEnabled(CheckId::ChunkFalseSharing))
      Add(analyzeChunkFalseSharing(*Region, Opts.CacheLine));
    if (Opts.Checks.isEnabled(CheckId::LoopAlloc))
      Add(analyzeLoopAlloc(*Region));
    return true;
  }

private:
  ASTContext &Ctx;
  const Options &Opts;
  std::vector<Finding> &Findings;
  IndexOracle &Oracle;
  ConstructIndex *Constructs;
  std::vector<const Stmt *> Stack;
  const FunctionDecl *Function = nullptr;
};

} // namespace

std::vector<Finding> analyzeTranslationUnit(ASTContext &Ctx,
                                            const Options &Opts,
                                            ConstructIndex *Constructs) {
  std::vector<Finding> Findings;
  // Without -fopenmp, or with -fopenmp-simd, no OpenMP construct runs on
  // several threads.
  if (!Ctx.getLangOpts().OpenMP || Ctx.getLangOpts().OpenMPSimd)
    return Findings;
  // With offloading the host compile reports; the device compile of the
  // same source would only repeat it.
  if (Ctx.getLangOpts().OpenMPIsTargetDevice)
    return Findings;
  // One solver per translation unit: its cache and budget are the unit's.
  SolverOptions SO;
  SO.TimeoutMs = Opts.SolverTimeoutMs;
  SolverStats Stats;
  auto Oracle = createIndexSolver(SO, Stats);
  UnitFinder Finder(Ctx, Opts, Findings, *Oracle, Constructs);
  Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  if (Opts.Stats)
    llvm::errs() << Stats.str() << "\n";
  return Findings;
}

} // namespace clangfe
} // namespace privateer
