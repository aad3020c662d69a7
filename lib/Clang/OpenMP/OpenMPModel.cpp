//===- OpenMPModel.cpp - The OpenMP programming model ---------------------===//
//
// Part of privateer. Walks the translation unit once, keeping the stack of
// statements above the current one, and turns each OpenMP construct that
// distributes work (a worksharing or distribute loop, a taskloop, a parallel
// region's replicated code, sections, tasks generated in a loop) into a model
// for the checks; fixes are OpenMP edits (FixBuilder).
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/CXX/UserCodeVisitor.h"
#include "privateer/Clang/ProgrammingModel.h"

#include "privateer/Clang/CXX/RegionBuilder.h"

#include "FixBuilder.h"
#include "OpenMPSemantics.h"

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

class UnitFinder : public UserCodeVisitor<UnitFinder> {
public:
  UnitFinder(ASTContext &Ctx,
             llvm::function_ref<void(ModelledConstruct &&)> Found)
      : UserCodeVisitor(Ctx), Found(Found) {}

  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    auto Kind = unitKind(D->getDirectiveKind());
    if (!Kind)
      return true;
    UnitShape Shape;
    Shape.Kind = *Kind;
    Shape.Construct = D;
    Shape.Function = Function;
    llvm::SmallVector<const OMPExecutableDirective *, 4> Enclosing;
    bool Generating = true;
    for (auto It = Stack.rbegin(); It != Stack.rend(); ++It) {
      if (*It == D)
        continue;
      if (const auto *E = dyn_cast<OMPExecutableDirective>(*It)) {
        Enclosing.push_back(E);
        Generating = false;
      } else if (Generating &&
                 (isa<ForStmt>(*It) || isa<CXXForRangeStmt>(*It) ||
                  isa<WhileStmt>(*It) || isa<DoStmt>(*It))) {
        Shape.GeneratingLoops.push_back(*It);
      }
      // Every loop around the directive runs its whole body for one value
      // of its variable: in the unit that variable is invariant.
      if (const auto *F = dyn_cast<ForStmt>(*It))
        Shape.EnclosingLoops.push_back(F);
    }
    OpenMPSemantics Semantics(Ctx, D, Enclosing);
    ParallelRegion Seed;
    if (!Semantics.describe(Shape, Seed))
      return true;
    RegionBuilder Builder(Ctx, Shape, Semantics);
    auto Region = Builder.build(std::move(Seed));
    if (!Region)
      return true;
    Region->Previous = previousNowaitLoops(D);
    if (const OMPClause *Nowait = nowaitLoopClause(D)) {
      Region->NowaitClause = toLoc(Nowait->getBeginLoc());
      auto Copy = std::make_shared<ParallelRegion>(*Region);
      Copy->Previous.clear(); // the next loop looks back itself
      NowaitLoops[D] = std::move(Copy);
    }
    Found(ModelledConstruct{std::move(*Region), D, Function});
    return true;
  }

private:
  /// The nowait clause of a worksharing loop (`for`, `for simd`) written
  /// in the file, if it has one.
  static const OMPClause *nowaitLoopClause(const OMPExecutableDirective *D) {
    OpenMPDirectiveKind K = D->getDirectiveKind();
    if (K != llvm::omp::OMPD_for && K != llvm::omp::OMPD_for_simd)
      return nullptr;
    for (const OMPClause *C : D->clauses())
      if (C && isa<OMPNowaitClause>(C) && !C->isImplicit() &&
          C->getBeginLoc().isValid())
        return C;
    return nullptr;
  }

  /// For a worksharing loop, the modelled loops just before it in the same
  /// block that end with nowait, nearest first: nothing orders them and it.
  std::vector<std::shared_ptr<const ParallelRegion>>
  previousNowaitLoops(const OMPExecutableDirective *D) const {
    std::vector<std::shared_ptr<const ParallelRegion>> Loops;
    OpenMPDirectiveKind K = D->getDirectiveKind();
    if ((K != llvm::omp::OMPD_for && K != llvm::omp::OMPD_for_simd) ||
        Stack.size() < 2 || Stack.back() != D)
      return Loops;
    const auto *Block = dyn_cast<CompoundStmt>(Stack[Stack.size() - 2]);
    if (!Block)
      return Loops;
    std::vector<const Stmt *> Before;
    for (const Stmt *S : Block->body()) {
      if (S == D)
        break;
      Before.push_back(S);
    }
    for (auto It = Before.rbegin(); It != Before.rend(); ++It) {
      auto Found = NowaitLoops.find(*It);
      if (Found == NowaitLoops.end())
        break;
      Loops.push_back(Found->second);
    }
    return Loops;
  }

  llvm::function_ref<void(ModelledConstruct &&)> Found;
  /// Modelled worksharing loops that end with nowait.
  llvm::DenseMap<const Stmt *, std::shared_ptr<const ParallelRegion>>
      NowaitLoops;
};

class OpenMPModel : public ProgrammingModel {
public:
  const char *name() const override { return "OpenMP"; }

  bool appliesTo(const ASTContext &Ctx) const override {
    const LangOptions &LO = Ctx.getLangOpts();
    // Without -fopenmp, or with -fopenmp-simd, no OpenMP construct runs on
    // several threads. With offloading the host compile reports; the device
    // compile of the same source would only repeat it.
    return LO.OpenMP && !LO.OpenMPSimd && !LO.OpenMPIsTargetDevice;
  }

  void findConstructs(
      ASTContext &Ctx,
      llvm::function_ref<void(ModelledConstruct &&)> Found) override {
    UnitFinder Finder(Ctx, Found);
    Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  }

  std::vector<FixItHint> buildFix(const Finding &F, const ModelledConstruct &C,
                                  ASTContext &Ctx,
                                  std::string &WhyNot) override {
    return clangfe::buildFix(
        F, dyn_cast_or_null<OMPExecutableDirective>(C.Construct), C.Function,
        Ctx, WhyNot);
  }
};

} // namespace

std::unique_ptr<ProgrammingModel> createOpenMPModel() {
  return std::make_unique<OpenMPModel>();
}

} // namespace clangfe
} // namespace privateer
