//===- RegionPartsTest.cpp - Tests of the parts of a C/C++ region ---------===//
//
// Part of privateer. The parts of lib/Clang/CXX/RegionContext.h on their own,
// on small ASTs: ExprTranslator turns a Clang expression into a Model::Expr
// of the variables' symbols, ValueFacts knows the value of a local never
// reassigned, SyncTracker counts the team's barriers and those on some paths
// only, TargetResolver finds where a subscript lands, AllocationTracker the
// size of `new T[n]`, and RegionAssembler builds a region whose accesses
// AccessWalker and CallFollower found.
//
//===----------------------------------------------------------------------===//

#include "RegionContext.h"
#include "Target.h"

#include "privateer/Clang/CXX/StmtWalk.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

#include <map>
#include <memory>
#include <string>

using namespace clang;
using privateer::AccessKind;
using privateer::AllocatorKind;
using privateer::evaluate;
using privateer::ExprKind;
using privateer::ExprRef;
using privateer::ParallelRegion;
using privateer::RegionKind;
using privateer::Sharing;
using privateer::SymbolId;
using namespace privateer::clangfe;

namespace {

/// A programming model that shares everything and knows one statement of
/// its own: a call of `barrier()` is the team's barrier.
class BarrierOnlySemantics : public ConstructSemantics {
public:
  Sharing sharingOf(const VarDecl *, DeclScope) const override {
    return Sharing::Shared;
  }
  Sharing sharingOfField(const FieldDecl *) const override {
    return Sharing::Shared;
  }
  bool namedByConstruct(const ValueDecl *) const override { return false; }
  bool orderedOn(const ValueDecl *) const override { return false; }
  bool privatizedByNestedConstruct(const ValueDecl *) const override {
    return false;
  }
  bool visitNested(const Stmt *S, NestedCodeVisitor &Visitor) override {
    const auto *Call = dyn_cast<CallExpr>(S);
    if (!Call || calleeName(Call) != "barrier")
      return false;
    Visitor.barrier();
    return true;
  }
};

/// The parts of a region whose unit is the body of `f` in \p Code, run by
/// every thread of a team.
struct RegionParts {
  explicit RegionParts(llvm::StringRef Code)
      : Unit(tooling::buildASTFromCode(Code)) {
    for (const Decl *D :
         Unit->getASTContext().getTranslationUnitDecl()->decls())
      if (const auto *FD = dyn_cast<FunctionDecl>(D);
          FD && FD->getName() == "f" && FD->hasBody())
        F = FD;
    Shape.Kind = RegionKind::Replicated;
    Shape.Function = F;
    Shape.Body = F ? F->getBody() : nullptr;
    // The construct is the body itself (a region's handle needs one).
    Shape.Construct = Shape.Body;
    Ctx = std::make_unique<RegionContext>(Unit->getASTContext(), Shape,
                                          Semantics);
  }

  /// The argument of the first call of \p Callee in `f`.
  const Expr *argumentOf(llvm::StringRef Callee) const {
    const Expr *Arg = nullptr;
    walkStmts(F->getBody(), [&](const Stmt *S) {
      const auto *Call = dyn_cast<CallExpr>(S);
      if (!Call || calleeName(Call) != Callee || Call->getNumArgs() == 0)
        return WalkStep::Advance;
      Arg = Call->getArg(0);
      return WalkStep::Interrupt;
    });
    return Arg;
  }

  /// The local or parameter \p Name of `f`.
  const VarDecl *variable(llvm::StringRef Name) const {
    const VarDecl *Found = nullptr;
    for (const ParmVarDecl *P : F->parameters())
      if (P->getName() == Name)
        Found = P;
    walkStmts(F->getBody(), [&](const Stmt *S) {
      if (const auto *DS = dyn_cast<DeclStmt>(S))
        for (const Decl *D : DS->decls())
          if (const auto *V = dyn_cast<VarDecl>(D); V && V->getName() == Name)
            Found = V;
      return WalkStep::Advance;
    });
    return Found;
  }

  /// \p E's value with each symbol given the value of its name in \p Values.
  std::optional<int64_t> valueOf(const ExprRef &E,
                                 const std::map<std::string, int64_t> &Values) {
    return evaluate(*E, [&](SymbolId S) -> std::optional<int64_t> {
      auto It = Values.find(Ctx->State.R.symbol(S).Name);
      if (It == Values.end())
        return std::nullopt;
      return It->second;
    });
  }

  std::unique_ptr<ASTUnit> Unit;
  const FunctionDecl *F = nullptr;
  UnitShape Shape;
  BarrierOnlySemantics Semantics;
  std::unique_ptr<RegionContext> Ctx;
};

TEST(ExprTranslator, TranslatesRowMajorIndex) {
  RegionParts P(
      "void use(int); void f(int i, int n, int j) { use(i * n + j); }");
  ASSERT_NE(P.F, nullptr);
  const Expr *Index = P.argumentOf("use");
  ASSERT_NE(Index, nullptr);
  ExprRef E = P.Ctx->Exprs.translate(Index);
  ASSERT_TRUE(E);
  EXPECT_EQ(E->kind(), ExprKind::Add);
  // One symbol per variable: i * n + j at i = 2, n = 10, j = 3.
  EXPECT_EQ(P.valueOf(E, {{"i", 2}, {"n", 10}, {"j", 3}}),
            std::optional<int64_t>(23));
  // The same variables, the same symbols.
  EXPECT_TRUE(P.Ctx->Exprs.translate(Index)->equals(*E));
  EXPECT_TRUE(P.Ctx->Exprs.isWorkItemInvariant(E));
}

TEST(ExprTranslator, FoldsConstants) {
  RegionParts P("void use(int); void f() { use(3 * 4 + 1); }");
  ASSERT_NE(P.F, nullptr);
  ExprRef E = P.Ctx->Exprs.translate(P.argumentOf("use"));
  ASSERT_TRUE(E);
  ASSERT_EQ(E->kind(), ExprKind::Constant);
  EXPECT_EQ(E->value(), 13);
}

TEST(ValueFacts, ConstantOfLocalNeverReassigned) {
  RegionParts P("void use(int); void f() { const int n = 4; int m = 4; m++; "
                "use(n + m); }");
  ASSERT_NE(P.F, nullptr);
  const VarDecl *N = P.variable("n"), *M = P.variable("m");
  ASSERT_NE(N, nullptr);
  ASSERT_NE(M, nullptr);
  EXPECT_FALSE(P.Ctx->Facts.modifiedInFunction(N));
  EXPECT_TRUE(P.Ctx->Facts.modifiedInFunction(M));
  ExprRef Value = P.Ctx->Facts.outerDefinition(N);
  ASSERT_TRUE(Value);
  ASSERT_EQ(Value->kind(), ExprKind::Constant);
  EXPECT_EQ(Value->value(), 4);
  // m++ changes m: its initializer is not its value.
  EXPECT_FALSE(P.Ctx->Facts.outerDefinition(M));
}

TEST(SyncTracker, CountsBarriers) {
  RegionParts P("void f() {}");
  ASSERT_NE(P.F, nullptr);
  PhaseMark Start = P.Ctx->Sync.phaseMark();
  P.Ctx->Sync.barrier();
  EXPECT_EQ(P.Ctx->Sync.phaseMark().Phase, Start.Phase + 1);
  // After a return of a called function only some paths reach it.
  P.Ctx->State.AfterReturn = true;
  P.Ctx->Sync.barrier();
  EXPECT_EQ(P.Ctx->Sync.phaseMark().Phase, Start.Phase + 1);
  EXPECT_EQ(P.Ctx->Sync.phaseMark().Possible, Start.Possible + 1);
}

TEST(SyncTracker, SeesBarrierThroughWalk) {
  // The walk hands `barrier()` to the model, which calls the tracker back:
  // one barrier on every path, one on some paths only.
  RegionParts P("void barrier(void); void f() { barrier(); "
                "for (;;) { barrier(); break; } }");
  ASSERT_NE(P.F, nullptr);
  P.Ctx->Walker.visitStmt(P.F->getBody());
  EXPECT_EQ(P.Ctx->State.Phase, 1u);
  EXPECT_EQ(P.Ctx->State.PossibleBarriers, 1u);
}

TEST(TargetResolver, SubscriptLandsInArray) {
  RegionParts P("int a[8]; void use(int); void f(int i) { use(a[i + 1]); }");
  ASSERT_NE(P.F, nullptr);
  const Expr *Load = P.argumentOf("use");
  ASSERT_NE(Load, nullptr);
  std::optional<Target> T =
      P.Ctx->Targets.resolveLValue(Load->IgnoreImpCasts());
  ASSERT_TRUE(T);
  ASSERT_NE(T->Decl, nullptr);
  EXPECT_EQ(T->Decl->getName(), "a");
  EXPECT_EQ(T->Level, 0u);
  ASSERT_EQ(T->Index.size(), 1u);
  EXPECT_EQ(P.valueOf(T->Index[0], {{"i", 5}}), std::optional<int64_t>(6));
  ASSERT_EQ(T->Strides.size(), 1u);
  EXPECT_EQ(T->Strides[0], sizeof(int));
}

TEST(AllocationTracker, NewArrayBytes) {
  RegionParts P("void f(int n) { double *p = new double[n]; int k = n; }");
  ASSERT_NE(P.F, nullptr);
  const VarDecl *Ptr = P.variable("p"), *K = P.variable("k");
  ASSERT_NE(Ptr, nullptr);
  ASSERT_NE(K, nullptr);
  auto Shape =
      P.Ctx->Allocations.allocationShape(Ptr->getInit(), Ptr->getType());
  ASSERT_TRUE(Shape);
  EXPECT_EQ(Shape->Allocator, AllocatorKind::NewArray);
  ASSERT_TRUE(Shape->Bytes);
  EXPECT_EQ(P.valueOf(Shape->Bytes, {{"n", 10}}),
            std::optional<int64_t>(10 * sizeof(double)));
  // A copy of a value allocates nothing.
  EXPECT_FALSE(P.Ctx->Allocations.allocationShape(K->getInit(), K->getType()));
}

TEST(RegionAssembler, BuildsBuffersAndAccesses) {
  // A store through a subscript (AccessWalker) and memset's range
  // (CallFollower), each in a buffer of its own.
  RegionParts P("void *memset(void *, int, unsigned long); int a[8]; "
                "char b[16]; void f() { a[1] = 2; memset(b, 0, 16); }");
  ASSERT_NE(P.F, nullptr);
  std::optional<ParallelRegion> R = P.Ctx->Assembler.build(ParallelRegion());
  ASSERT_TRUE(R);
  std::map<std::string, unsigned> Buffers;
  for (unsigned K = 0; K < R->Buffers.size(); ++K)
    Buffers[R->Buffers[K].Name] = K;
  ASSERT_EQ(Buffers.count("a"), 1u);
  ASSERT_EQ(Buffers.count("b"), 1u);
  bool StoreToA = false, StoreToB = false;
  for (const auto &A : R->Accesses) {
    if (A.Kind != AccessKind::Write)
      continue;
    if (A.BufferIndex == Buffers["a"] && A.Index.size() == 1 &&
        A.Index[0]->kind() == ExprKind::Constant && A.Index[0]->value() == 1)
      StoreToA = true;
    if (A.BufferIndex == Buffers["b"])
      StoreToB = true;
  }
  EXPECT_TRUE(StoreToA);
  EXPECT_TRUE(StoreToB);
}

TEST(CallFollower, BindsParametersToCallersBuffer) {
  // g's p is bound to the caller's a, its i to 3: the store lands in a[3].
  RegionParts P("void g(int *p, int i) { p[i] = 0; } int a[8]; "
                "void f() { g(a, 3); }");
  ASSERT_NE(P.F, nullptr);
  std::optional<ParallelRegion> R = P.Ctx->Assembler.build(ParallelRegion());
  ASSERT_TRUE(R);
  bool StoreToA3 = false;
  for (const auto &A : R->Accesses)
    if (A.Kind == AccessKind::Write && R->Buffers[A.BufferIndex].Name == "a" &&
        A.Index.size() == 1 && A.Index[0]->kind() == ExprKind::Constant &&
        A.Index[0]->value() == 3)
      StoreToA3 = true;
  EXPECT_TRUE(StoreToA3);
  // Nothing of g's own remains bound once the call is left.
  EXPECT_TRUE(P.Ctx->State.InlineStack.empty());
}

TEST(SyncTracker, LockSpans) {
  // omp_set_lock takes a lock, omp_unset_lock releases it; other
  // statements are not the tracker's.
  RegionParts P("typedef struct { int x; } omp_lock_t; "
                "void omp_set_lock(omp_lock_t *); "
                "void omp_unset_lock(omp_lock_t *); omp_lock_t l; int a; "
                "void f() { omp_set_lock(&l); a = 1; omp_unset_lock(&l); "
                "omp_unset_lock(&l); }");
  ASSERT_NE(P.F, nullptr);
  const auto *Body = cast<CompoundStmt>(P.F->getBody());
  ASSERT_EQ(Body->size(), 4u);
  const Stmt *const *S = Body->body_begin();
  EXPECT_TRUE(P.Ctx->Sync.noteLockStatement(S[0], 0));
  EXPECT_EQ(P.Ctx->State.LockDepth, 1u);
  EXPECT_FALSE(P.Ctx->Sync.noteLockStatement(S[1], 0));
  EXPECT_EQ(P.Ctx->State.LockDepth, 1u);
  EXPECT_TRUE(P.Ctx->Sync.noteLockStatement(S[2], 0));
  EXPECT_EQ(P.Ctx->State.LockDepth, 0u);
  // A release of a lock taken before the block leaves the count alone.
  EXPECT_TRUE(P.Ctx->Sync.noteLockStatement(S[3], 0));
  EXPECT_EQ(P.Ctx->State.LockDepth, 0u);
}

TEST(SyncTracker, BranchGuards) {
  // A branch on the thread's number runs for one work item of a team (each
  // thread is one): pinned to it, and restored after; a branch on data is
  // conditional code under no guard.
  RegionParts P("int omp_get_thread_num(void); int a; "
                "void f(int k) { if (omp_get_thread_num() == 1) a = 1; "
                "if (k > 3) a = 2; }");
  ASSERT_NE(P.F, nullptr);
  ASSERT_TRUE(P.Ctx->Assembler.setUpWorkItems());
  const auto *Body = cast<CompoundStmt>(P.F->getBody());
  const auto *OnThread = cast<IfStmt>(Body->body_front());
  const auto *OnData = cast<IfStmt>(Body->body_back());

  BranchGuards Saved = P.Ctx->Sync.enterBranch(OnThread->getCond());
  EXPECT_TRUE(P.Ctx->State.InSingleItem);
  ASSERT_TRUE(P.Ctx->State.PinnedItem);
  EXPECT_EQ(P.valueOf(P.Ctx->State.PinnedItem, {}), 1);
  P.Ctx->Sync.restoreGuards(Saved);
  EXPECT_FALSE(P.Ctx->State.InSingleItem);
  EXPECT_FALSE(P.Ctx->State.PinnedItem);

  Saved = P.Ctx->Sync.enterBranch(OnData->getCond());
  EXPECT_FALSE(P.Ctx->State.InSingleItem);
  EXPECT_TRUE(P.Ctx->State.InConditional);
  EXPECT_EQ(P.Ctx->State.CurrentGuard, privateer::Guard::None);
  P.Ctx->Sync.restoreGuards(Saved);
}

} // namespace
