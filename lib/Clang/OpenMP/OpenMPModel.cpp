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

#include "privateer/Clang/CXX/CreatorCode.h"
#include "privateer/Clang/CXX/RegionBuilder.h"
#include "privateer/Clang/CXX/StmtWalk.h"
#include "privateer/Clang/SourceLoc.h"

#include "Fixes.h"
#include "OpenMPSemantics.h"
#include "Ordering.h"
#include "TeamRoutines.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace privateer {
namespace clangfe {

namespace {

std::optional<RegionKind> unitKind(OpenMPDirectiveKind K) {
  // A pure `simd` loop runs on one thread, its iterations in SIMD lanes
  // (ConstructKind::SimdLanes); loop transformations (tile, unroll) are
  // not parallel by themselves.
  if (isOpenMPLoopDirective(K)) {
    if (isOpenMPWorksharingDirective(K) || isOpenMPTaskLoopDirective(K) ||
        isOpenMPDistributeDirective(K) || isOpenMPGenericLoopDirective(K) ||
        K == llvm::omp::OMPD_simd)
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
             llvm::function_ref<void(ModelledConstruct &&)> Found,
             llvm::function_ref<void(ConstructAccount &&)> Skipped)
      : UserCodeVisitor(Ctx), Found(Found), Skipped(Skipped) {}

  bool VisitOMPExecutableDirective(OMPExecutableDirective *D) {
    if (Function && !inDependentCode() && !TeamRoutines.count(Function))
      modelTeamRoutine(D);
    auto Kind = unitKind(D->getDirectiveKind());
    if (!Kind || inDependentCode())
      return true;
    UnitShape Shape;
    Shape.Kind = *Kind;
    Shape.Construct = D;
    Shape.Function = Function;
    llvm::SmallVector<const OMPExecutableDirective *, 4> Enclosing;
    scanEnclosing(D, Shape, Enclosing);
    // Tasks a loop generates, each waited for in its iteration (a
    // 'taskwait' in the loop's body): one at a time, no instances race.
    // Tasks waited for in each iteration of an outer generating loop
    // (`for (it) { for (k) task; taskwait; }`) race only with those of the
    // same iteration: that loop and the ones around it repeat the unit,
    // their variables are invariant in it.
    if (Shape.Kind == RegionKind::Tasks)
      for (size_t K = 0; K < Shape.GeneratingLoops.size(); ++K) {
        if (!mayWaitForTasks(loopBody(Shape.GeneratingLoops[K])))
          continue;
        if (K == 0) {
          // Each waited for before the next is made: one at a time.
          Skipped(skipped(D, Outcome::ProvenFree, ""));
          return true;
        }
        Shape.GeneratingLoops.resize(K);
        break;
      }
    OpenMPSemantics Semantics(Ctx, D, Enclosing, Calls);
    ParallelRegion Seed;
    if (!Semantics.describe(Shape, Seed)) {
      Skipped(skipped(D, Semantics.NotModelled, Semantics.WhyNotModelled));
      return true;
    }
    RegionBuilder Builder(Ctx, Shape, Semantics);
    auto Region = Builder.build(std::move(Seed));
    if (!Region) {
      Skipped(skipped(D, Outcome::NotAnalysed,
                      isOpenMPLoopDirective(D->getDirectiveKind())
                          ? "its loop is not in a form the model reads "
                            "(a canonical 'for' over an integer, an iterator "
                            "or a pointer)"
                          : "its code is not in a form the model reads"));
      return true;
    }
    Region->Previous = previousNowaitLoops(D, Enclosing);
    if (const OMPClause *Nowait = nowaitLoopClause(D)) {
      Region->NowaitClause = toLoc(Nowait->getBeginLoc());
      auto Copy = std::make_shared<ParallelRegion>(*Region);
      Copy->Previous.clear(); // the next loop looks back itself
      NowaitLoops[D] = std::move(Copy);
    }
    // A task made inside a final task is included: its instances run one
    // after another, each to its end before its creator goes on.
    if (isPlainTask(D) && inFinalTask(Enclosing, Ctx)) {
      Skipped(skipped(D, Outcome::ProvenFree, ""));
      return true;
    }
    // A task not generated by a loop, directly in a block: what it is not
    // ordered with there (a generated task's instances are the unit).
    if (Shape.GeneratingLoops.empty() && isPlainTask(D) && enclosingBlock(D)) {
      Region->UnorderedSiblings = unorderedSiblings(D);
      if (isUndeferredTask(D, Ctx)) {
        // It has finished before its creator goes on: it races only with
        // earlier siblings, and no later task or code sees it running.
        if (Region->UnorderedSiblings.empty()) {
          Skipped(skipped(D, Outcome::ProvenFree, ""));
          return true;
        }
      } else {
        Region->Continuation = continuation(D, Shape, Enclosing);
        auto Copy = std::make_shared<ParallelRegion>(*Region);
        Copy->UnorderedSiblings.clear(); // each task looks back itself
        Copy->Continuation.reset();
        Tasks[D] = std::move(Copy);
      }
    } else if (isUndeferredTask(D, Ctx)) {
      // Each instance ends before the next is made.
      Skipped(skipped(D, Outcome::ProvenFree, ""));
      return true;
    }
    Found(ModelledConstruct{std::move(*Region), D, Function});
    return true;
  }

private:
  /// The account of \p D, which is not modelled: \p O, and why.
  ConstructAccount skipped(const OMPExecutableDirective *D, Outcome O,
                           std::string Why) const {
    ConstructAccount A =
        notAnalysed(toLoc(D->getBeginLoc()),
                    std::string("omp ") +
                        llvm::omp::getOpenMPDirectiveName(
                            D->getDirectiveKind(), Ctx.getLangOpts().OpenMP)
                            .str(),
                    std::move(Why));
    A.Verdict = O;
    return A;
  }

  /// The function \p D is in, as the code a caller's team runs, when \p D
  /// binds to that team (TeamRoutines.h) and the unit neither follows the
  /// function from a construct of its own nor shows it runs serially.
  void modelTeamRoutine(const OMPExecutableDirective *D) {
    UnitShape Shape;
    llvm::SmallVector<const OMPExecutableDirective *, 4> Enclosing;
    scanEnclosing(D, Shape, Enclosing);
    if (!bindsToCallersTeam(D, Enclosing))
      return;
    TeamRoutines.insert(Function);
    const auto *MD = dyn_cast<CXXMethodDecl>(Function);
    if ((MD && MD->getParent()->isLambda()) ||
        startsTeamItself(Function->getBody()) ||
        calledInConstruct(Function, Calls) || runsOnlySerially(Function, Calls))
      return;
    Shape = UnitShape();
    Shape.Kind = RegionKind::Replicated;
    Shape.Construct = D;
    Shape.Function = Function;
    OpenMPSemantics Semantics(Ctx, D, {}, Calls);
    ParallelRegion Seed;
    if (!Semantics.describeTeamRoutine(Function, Shape, Seed))
      return;
    RegionBuilder Builder(Ctx, Shape, Semantics);
    auto Region = Builder.build(std::move(Seed));
    if (!Region)
      return;
    // No directive of its own: no clause can name a buffer for it. Code
    // not written for a team may be a 'parallel' forgotten: "may".
    bool ForTeam = writtenForTeam(Function->getBody(), Ctx);
    for (Buffer &B : Region->Buffers) {
      B.VisibleAtConstruct = false;
      B.SharingUnproven |= !ForTeam;
    }
    Found(ModelledConstruct{std::move(*Region), D, Function});
  }

  /// The directives around \p D, innermost first, into \p Enclosing; into
  /// \p Shape, the loops around it that generate its instances (those
  /// inside the innermost enclosing directive) and every enclosing `for`.
  void scanEnclosing(
      const OMPExecutableDirective *D, UnitShape &Shape,
      llvm::SmallVectorImpl<const OMPExecutableDirective *> &Enclosing) {
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
  }

  /// The nowait clause of a worksharing loop (`for`, `for simd`) written
  /// in the file, if it has one.
  static const OMPClause *nowaitLoopClause(const OMPExecutableDirective *D) {
    OpenMPDirectiveKind K = D->getDirectiveKind();
    if (K != llvm::omp::OMPD_for && K != llvm::omp::OMPD_for_simd)
      return nullptr;
    return nowaitClause(D);
  }

  /// A construct one thread of the team runs without a barrier after it
  /// ('single nowait', 'master', 'masked').
  static bool oneThreadNoBarrier(const Stmt *S) {
    const auto *D = dyn_cast<OMPExecutableDirective>(S);
    if (!D)
      return false;
    OpenMPDirectiveKind K = D->getDirectiveKind();
    if (K == llvm::omp::OMPD_master || K == llvm::omp::OMPD_masked)
      return true;
    return K == llvm::omp::OMPD_single && nowaitClause(D);
  }

  /// The code of a one-thread construct \p D, modelled as one work item
  /// (a region of one task instance) with the data sharing of its team.
  std::shared_ptr<const ParallelRegion>
  oneThreadRegion(const OMPExecutableDirective *D,
                  llvm::ArrayRef<const OMPExecutableDirective *> Enclosing) {
    if (auto It = OneThread.find(D); It != OneThread.end())
      return It->second;
    UnitShape Shape;
    Shape.Kind = RegionKind::Tasks;
    Shape.Construct = D;
    Shape.Function = Function;
    OpenMPSemantics Semantics(Ctx, D, Enclosing, Calls);
    ParallelRegion Seed;
    std::shared_ptr<const ParallelRegion> Result;
    if (Semantics.describe(Shape, Seed) && Shape.Body) {
      RegionBuilder Builder(Ctx, Shape, Semantics);
      if (auto Region = Builder.build(std::move(Seed))) {
        if (const OMPClause *C = nowaitClause(D))
          Region->NowaitClause = toLoc(C->getBeginLoc());
        Result = std::make_shared<ParallelRegion>(std::move(*Region));
      }
    }
    OneThread[D] = Result;
    return Result;
  }

  /// The nowait clause written on \p D, if it has one.
  static const OMPClause *nowaitClause(const OMPExecutableDirective *D) {
    for (const OMPClause *C : D->clauses())
      if (C && isa<OMPNowaitClause>(C) && !C->isImplicit() &&
          C->getBeginLoc().isValid())
        return C;
    return nullptr;
  }

  /// For a worksharing loop, the constructs before it in the same block,
  /// up to the first statement that may hold a barrier, that end with no
  /// barrier, nearest first: modelled loops that end with nowait, and code
  /// one thread runs ('single nowait', 'master', 'masked'). Nothing orders
  /// them and it.
  std::vector<std::shared_ptr<const ParallelRegion>> previousNowaitLoops(
      const OMPExecutableDirective *D,
      llvm::ArrayRef<const OMPExecutableDirective *> Enclosing) {
    std::vector<std::shared_ptr<const ParallelRegion>> Loops;
    OpenMPDirectiveKind K = D->getDirectiveKind();
    if (K != llvm::omp::OMPD_for && K != llvm::omp::OMPD_for_simd)
      return Loops;
    for (const Stmt *S : statementsBefore(D)) {
      if (oneThreadNoBarrier(S)) {
        if (auto One =
                oneThreadRegion(cast<OMPExecutableDirective>(S), Enclosing))
          Loops.push_back(std::move(One));
        continue;
      }
      auto Found = NowaitLoops.find(S);
      if (Found != NowaitLoops.end()) {
        Loops.push_back(Found->second);
        continue;
      }
      // Code every thread runs on its own between the two (a counter
      // reset, a pointer swap) does not wait for the others.
      if (mayHoldBarrier(S))
        break;
    }
    return Loops;
  }

  /// The block \p D is a statement of, if it is one.
  const CompoundStmt *enclosingBlock(const Stmt *D) const {
    if (Stack.size() < 2 || Stack.back() != D)
      return nullptr;
    return dyn_cast<CompoundStmt>(Stack[Stack.size() - 2]);
  }

  /// The statements before \p D in its block, nearest first.
  std::vector<const Stmt *> statementsBefore(const Stmt *D) const {
    std::vector<const Stmt *> Before;
    if (const CompoundStmt *Block = enclosingBlock(D))
      for (const Stmt *S : Block->body()) {
        if (S == D)
          break;
        Before.insert(Before.begin(), S);
      }
    return Before;
  }

  /// The modelled tasks created before the task \p D in its block, nearest
  /// first, that nothing orders with it.
  std::vector<std::shared_ptr<const ParallelRegion>>
  unorderedSiblings(const OMPExecutableDirective *D) const {
    std::vector<std::shared_ptr<const ParallelRegion>> Siblings;
    // Undeferred tasks between a sibling and D: one that waits for the
    // sibling makes D start after it has finished.
    llvm::SmallVector<const Stmt *, 2> Undeferred;
    for (const Stmt *S : statementsBefore(D)) {
      if (isPlainTask(S)) {
        const auto *T = cast<OMPExecutableDirective>(S);
        // (Undeferred tasks are not in Tasks: they have finished before
        // D is created. A task whose 'if' may be true still races.)
        auto Found = Tasks.find(T);
        bool Waited = llvm::any_of(Undeferred, [&](const Stmt *U) {
          return waitsForSibling(U, T, Ctx);
        });
        if (Found != Tasks.end() && !Waited && !dependOrders(T, D))
          Siblings.push_back(Found->second);
        if (isUndeferredTask(S, Ctx))
          Undeferred.push_back(S);
        continue;
      }
      if (mayWaitForTasks(S))
        break;
    }
    return Siblings;
  }

  /// The code after the task \p D in its block, up to the first statement
  /// that may wait for it, modelled with the task's data sharing; null when
  /// there is none.
  std::shared_ptr<const ParallelRegion>
  continuation(const OMPExecutableDirective *D, const UnitShape &TaskShape,
               llvm::ArrayRef<const OMPExecutableDirective *> Enclosing) {
    const CompoundStmt *Block = enclosingBlock(D);
    llvm::SmallVector<Stmt *, 8> After;
    bool Seen = false;
    for (Stmt *S : const_cast<CompoundStmt *>(Block)->body()) {
      if (S == D) {
        Seen = true;
        continue;
      }
      if (!Seen)
        continue;
      if (mayWaitForTasks(S) || waitsForSibling(S, D, Ctx))
        break;
      After.push_back(S);
    }
    if (After.empty())
      return nullptr;
    UnitShape Shape;
    Shape.Kind = RegionKind::Tasks;
    Shape.Construct = D;
    Shape.Function = TaskShape.Function;
    Shape.EnclosingLoops = TaskShape.EnclosingLoops;
    OpenMPSemantics Semantics(Ctx, D, Enclosing, Calls);
    ParallelRegion Seed;
    if (!Semantics.describe(Shape, Seed))
      return nullptr;
    return modelCreatorCode(Ctx, Shape, Semantics, std::move(Seed), After);
  }

  llvm::function_ref<void(ModelledConstruct &&)> Found;
  llvm::function_ref<void(ConstructAccount &&)> Skipped;
  /// The unit's calls, indexed on the first question about them.
  CallSiteIndex Calls{Ctx};
  /// Functions already looked at as code a caller's team runs.
  llvm::SmallPtrSet<const FunctionDecl *, 8> TeamRoutines;
  /// Modelled tasks that are statements of a block, not generated by loops.
  llvm::DenseMap<const Stmt *, std::shared_ptr<const ParallelRegion>> Tasks;
  /// Code run by one thread with no barrier after it, modelled (or null).
  llvm::DenseMap<const Stmt *, std::shared_ptr<const ParallelRegion>> OneThread;
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
      ASTContext &Ctx, llvm::function_ref<void(ModelledConstruct &&)> Found,
      llvm::function_ref<void(ConstructAccount &&)> Skipped) override {
    UnitFinder Finder(Ctx, Found, Skipped);
    Finder.TraverseDecl(Ctx.getTranslationUnitDecl());
  }

  llvm::Expected<Edits> buildFix(const Finding &F, const ModelledConstruct &C,
                                 EditBuilder &E) override {
    return openmpfix::buildOpenMPFix(F, C, E);
  }
};

} // namespace

std::unique_ptr<ProgrammingModel> createOpenMPModel() {
  return std::make_unique<OpenMPModel>();
}

} // namespace clangfe
} // namespace privateer
