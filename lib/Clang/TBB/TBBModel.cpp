//===- TBBModel.cpp - The TBB and C++17 parallel algorithms model ---------===//
//
// Part of privateer. Walks the translation unit once and turns each call
// that runs work in parallel (Constructs.h) into a model for the checks:
// the index form and the element forms are loops whose work-item variable
// is the body's parameter; a blocked_range body's loop over r.begin() to
// r.end() is the work-item loop, and the rest of the body runs once per
// chunk; parallel_invoke's bodies are sections; task_group::run makes a
// task per call. Sharing comes from the body's captures (TBBSemantics).
//
//===----------------------------------------------------------------------===//

#include "privateer/Clang/CXX/UserCodeVisitor.h"
#include "privateer/Clang/ProgrammingModel.h"

#include "privateer/Clang/CXX/CreatorCode.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/StmtWalk.h"
#include "privateer/Clang/SourceLoc.h"

#include "Constructs.h"
#include "Fixes.h"
#include "TBBSemantics.h"
#include "TaskGroups.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace privateer {
namespace clangfe {

using clang::Expr;

namespace {

class ConstructFinder : public UserCodeVisitor<ConstructFinder> {
public:
  ConstructFinder(ASTContext &Ctx,
                  llvm::function_ref<void(ModelledConstruct &&)> Found,
                  llvm::function_ref<void(ConstructAccount &&)> Skipped)
      : UserCodeVisitor(Ctx), Found(Found), Skipped(Skipped) {}

  bool VisitCallExpr(CallExpr *Call) {
    if (!Function || inDependentCode())
      return true;
    auto Units = recognizeUnits(Call, Ctx);
    for (const TBBConstruct &C : Units)
      model(Call, C);
    // A parallel call whose bodies are not lambdas or functors the unit
    // shows (a std::function, a function pointer): what it runs is unseen.
    if (Units.empty())
      if (auto Name = parallelCallName(Call, Ctx))
        Skipped(notAnalysed(toLoc(Call->getBeginLoc()), *Name,
                            "its body is not a lambda or function object "
                            "the unit shows (a std::function or a function "
                            "pointer)"));
    return true;
  }

private:
  void model(CallExpr *Call, const TBBConstruct &Unit) {
    const TBBConstruct *C = &Unit;
    UnitShape Shape;
    Shape.Kind = C->Kind;
    Shape.Construct = Call;
    Shape.Function = Function;
    Shape.InterleavedWork = true;
    // Loops around the call up to the function (or the body of an
    // enclosing construct): invariant in the unit; for tasks, the loops
    // that generate them.
    for (auto It = Stack.rbegin(); It != Stack.rend(); ++It) {
      if (isa<LambdaExpr>(*It))
        break;
      if (*It == Call)
        continue;
      if (const auto *F = dyn_cast<ForStmt>(*It))
        Shape.EnclosingLoops.push_back(F);
      if (C->Kind == RegionKind::Tasks &&
          (isa<ForStmt>(*It) || isa<CXXForRangeStmt>(*It) ||
           isa<WhileStmt>(*It) || isa<DoStmt>(*It)))
        Shape.GeneratingLoops.push_back(*It);
    }
    if (!waitsBetweenInstances(Shape, mayWaitForGroups)) {
      // Each waited for in the iteration that runs it: one at a time.
      ConstructAccount One =
          notAnalysed(toLoc(Call->getBeginLoc()), C->Name, "");
      One.Verdict = Outcome::ProvenFree;
      Skipped(std::move(One));
      return;
    }
    if (!findBodies(Call, C, Shape)) {
      Skipped(notAnalysed(toLoc(Call->getBeginLoc()), C->Name,
                          "its body is not in a form the model reads"));
      return;
    }
    ParallelRegion Seed;
    // Advice is worded for the model the user wrote: TBB's classes, or the
    // standard library's for a parallel algorithm.
    Seed.Model = C->StdAlgorithm ? ProgrammingModelKind::StdPar
                                 : ProgrammingModelKind::TBB;
    Seed.Construct = C->Name;
    Seed.Directive = toLoc(Call->getBeginLoc());
    // A TBB thread that waits runs other work (work stealing).
    Seed.InterleavedWork = true;
    TBBSemantics Semantics(Ctx, *C);
    RegionBuilder Builder(Ctx, Shape, Semantics);
    ParallelRegion TaskSeed = Seed;
    auto Region = Builder.build(std::move(Seed));
    if (!Region) {
      Skipped(notAnalysed(toLoc(Call->getBeginLoc()), C->Name,
                          "its body is not in a form the model reads"));
      return;
    }
    // A task a statement of a block runs on a task group (not one a loop
    // generates): what it is not ordered with there.
    if (C->Kind == RegionKind::Tasks && Shape.GeneratingLoops.empty() &&
        groupRunCallee(Call))
      if (auto [Block, Index] = statementOf(Call); Block) {
        Region->UnorderedSiblings = unorderedSiblings(Block, Index);
        llvm::SmallVector<Stmt *, 8> After;
        for (unsigned K = Index + 1; K < Block->size(); ++K) {
          Stmt *S = Block->body_begin()[K];
          if (mayWaitForGroups(S))
            break;
          After.push_back(S);
        }
        Region->Continuation =
            modelCreatorCode(Ctx, Shape, Semantics, std::move(TaskSeed), After);
        auto Copy = std::make_shared<ParallelRegion>(*Region);
        Copy->UnorderedSiblings.clear(); // each task looks back itself
        Copy->Continuation.reset();
        Tasks[Block->body_begin()[Index]] = std::move(Copy);
      }
    Found(ModelledConstruct{std::move(*Region), Call, Function});
  }

  /// The bodies of construct \p C, called by \p Call, into \p Shape: the
  /// work-item loops or the body per item, the sections, or the task's
  /// body; false when a body has no form the collector models.
  bool findBodies(CallExpr *Call, const TBBConstruct *C, UnitShape &Shape) {
    const WorkBody &B = C->Bodies.front();
    switch (C->Kind) {
    case RegionKind::Loop:
      if (C->RangeBody) {
        // One chunk per task: the body around the range loop runs once
        // per chunk, like the code of a thread around a worksharing loop.
        auto Loops = rangeLoops(B);
        if (Loops.empty())
          return false;
        for (const RangeLoop &L : Loops) {
          Shape.WorkItemLoops.push_back(L.Loop);
          Shape.ItemRanges.push_back(
              L.Dim < C->Dims.size() ? C->Dims[L.Dim]
                                     : std::pair<const Expr *, const Expr *>());
        }
        Shape.ThreadBody = B.body();
        Shape.HandedOnAt = Loops.front().HandedOnAt;
      } else {
        if (B.Function->getNumParams() == 0)
          return false;
        Shape.ItemParam = B.Function->getParamDecl(0);
        Shape.HandedItem = C->HandedItems;
        Shape.Body = B.body();
        Shape.ItemRanges.push_back({C->First, C->Last});
        Shape.ItemStep = C->Step;
        Shape.Elements = C->Elements;
      }
      break;
    case RegionKind::Sections:
      Shape.Body = Call;
      for (const WorkBody &S : C->Bodies) {
        Shape.Sections.push_back(S.body());
        if (C->HandedItems && S.Function->getNumParams() > 0)
          Shape.StageItems.push_back(S.Function->getParamDecl(0));
      }
      break;
    case RegionKind::Tasks:
    case RegionKind::Replicated:
      Shape.Body = B.body();
      break;
    }
    return true;
  }

  /// The block whose statement \p Call is (alone, through implicit nodes
  /// such as the cleanups of its lambda), and the statement's position.
  std::pair<const CompoundStmt *, unsigned> statementOf(const CallExpr *Call) {
    for (size_t K = Stack.size(); K-- > 1;) {
      if (!isa<Expr>(Stack[K - 1])) {
        const auto *Block = dyn_cast<CompoundStmt>(Stack[K - 1]);
        const auto *E = dyn_cast<Expr>(Stack[K]);
        if (!Block || !E || E->IgnoreImplicit() != Call)
          return {nullptr, 0};
        for (unsigned I = 0; I < Block->size(); ++I)
          if (Block->body_begin()[I] == Stack[K])
            return {Block, I};
        return {nullptr, 0};
      }
    }
    return {nullptr, 0};
  }

  /// The modelled tasks run by statements before statement \p Index of
  /// \p Block, nearest first, with no wait for their group between.
  std::vector<std::shared_ptr<const ParallelRegion>>
  unorderedSiblings(const CompoundStmt *Block, unsigned Index) const {
    std::vector<std::shared_ptr<const ParallelRegion>> Siblings;
    for (unsigned K = Index; K-- > 0;) {
      const Stmt *S = Block->body_begin()[K];
      if (auto It = Tasks.find(S); It != Tasks.end()) {
        Siblings.push_back(It->second);
        continue;
      }
      if (mayWaitForGroups(S))
        break;
    }
    return Siblings;
  }

  /// Modelled task_group tasks run by statements of a block.
  llvm::DenseMap<const Stmt *, std::shared_ptr<const ParallelRegion>> Tasks;
  llvm::function_ref<void(ModelledConstruct &&)> Found;
  llvm::function_ref<void(ConstructAccount &&)> Skipped;
};

class TBBModel : public ProgrammingModel {
public:
  const char *name() const override { return "TBB"; }

  bool appliesTo(const ASTContext &Ctx) const override {
    // C++ that declares TBB (namespace tbb, or oneapi::tbb) or the
    // standard execution policies; no -fopenmp needed.
    if (!Ctx.getLangOpts().CPlusPlus)
      return false;
    const TranslationUnitDecl *TU = Ctx.getTranslationUnitDecl();
    for (const char *Name : {"tbb", "oneapi"})
      if (!TU->lookup(&Ctx.Idents.get(Name)).empty())
        return true;
    for (const NamedDecl *Std : TU->lookup(&Ctx.Idents.get("std")))
      if (const auto *NS = dyn_cast<NamespaceDecl>(Std))
        if (!NS->lookup(&Ctx.Idents.get("execution")).empty())
          return true;
    return false;
  }

  void findConstructs(
      ASTContext &Ctx, llvm::function_ref<void(ModelledConstruct &&)> Found,
      llvm::function_ref<void(ConstructAccount &&)> Skipped) override {
    ConstructFinder Finder(Ctx, Found, Skipped);
    Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  }

  llvm::Expected<Edits> buildFix(const Finding &F, const ModelledConstruct &C,
                                 EditBuilder &E) override {
    return tbbfix::buildTBBFix(F, C, E);
  }
};

} // namespace

std::unique_ptr<ProgrammingModel> createTBBModel() {
  return std::make_unique<TBBModel>();
}

} // namespace clangfe
} // namespace privateer
