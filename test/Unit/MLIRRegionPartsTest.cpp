//===- MLIRRegionPartsTest.cpp - The parts of the MLIR region model -------===//
//
// The parts of lib/MLIR's region model (RegionContext.h) on small MLIR
// snippets: ExprTranslator on `arith` index arithmetic, ValueFacts on the
// comparisons a condition holds and on a constant a Flang scalar holds
// (Flang's operations in generic form), CallFollower on a call into the
// module, SyncTracker on barriers and guards, and RegionAssembler composing
// the accesses of a parallel loop.
//
//===----------------------------------------------------------------------===//

#include "RegionContext.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace privateer;
using namespace privateer::mlirfe;

namespace {

/// A module parsed from MLIR text, and the operations of its functions.
struct Snippet {
  mlir::MLIRContext Context;
  mlir::OwningOpRef<mlir::ModuleOp> Module;
  LocationTable Locs;

  explicit Snippet(llvm::StringRef Text) {
    // Flang's operations in generic form, without Flang's dialects.
    Context.allowUnregisteredDialects();
    Context.loadDialect<mlir::func::FuncDialect, mlir::arith::ArithDialect,
                        mlir::memref::MemRefDialect, mlir::scf::SCFDialect,
                        mlir::omp::OpenMPDialect>();
    Module = mlir::parseSourceString<mlir::ModuleOp>(Text, &Context);
  }
  /// The first operation named \p Name.
  Operation *find(llvm::StringRef Name) {
    Operation *Found = nullptr;
    Module->walk([&](Operation *Op) {
      if (!Found && Op->getName().getStringRef() == Name)
        Found = Op;
    });
    return Found;
  }
  /// The result of the operation that defines the SSA name \p Name (its
  /// `loc` is the name, a NameLoc).
  Value named(llvm::StringRef Name) {
    Value Found;
    Module->walk([&](Operation *Op) {
      if (auto L = llvm::dyn_cast<mlir::NameLoc>(Op->getLoc());
          L && L.getName() == Name)
        Found = Op->getResult(0);
    });
    return Found;
  }
};

constexpr llvm::StringLiteral ParallelLoop = R"mlir(
func.func @f(%a: memref<100xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c50 = arith.constant 50 : index
  scf.parallel (%i) = (%c0) to (%c50) step (%c1) {
    %c2 = arith.constant 2 : index loc("two")
    %j = arith.muli %i, %c2 : index loc("twice")
    %k = arith.addi %j, %c1 : index loc("next")
    %m = arith.addi %k, %n : index loc("shifted")
    %lt = arith.cmpi slt, %i, %n : index loc("less")
    %v = memref.load %a[%j] : memref<100xf32>
    memref.store %v, %a[%k] : memref<100xf32>
    scf.reduce
  }
  return
}
)mlir";

TEST(ExprTranslator, TranslatesIndexArithmetic) {
  Snippet S(ParallelLoop);
  ASSERT_TRUE(S.Module);
  RegionContext Ctx(S.find("scf.parallel"), S.Locs);
  ASSERT_TRUE(Ctx.Exprs.addParallelVars(Ctx.State.Unit, SymbolKind::Induction));
  ASSERT_EQ(Ctx.State.R.WorkItemVars.size(), 1u);
  const Symbol &I = Ctx.State.R.symbol(Ctx.State.R.WorkItemVars[0]);
  EXPECT_EQ(Ctx.State.R.print(*I.Min), "0");
  EXPECT_EQ(Ctx.State.R.print(*I.Max), "49");

  ExprRef Two = Ctx.Exprs.expr(S.named("two"));
  ASSERT_EQ(Two->kind(), ExprKind::Constant);
  EXPECT_EQ(Two->value(), 2);
  ExprRef Next = Ctx.Exprs.expr(S.named("next"));
  EXPECT_EQ(Next->kind(), ExprKind::Add);
  EXPECT_EQ(
      Ctx.State.R.print(*Next),
      Ctx.State.R.print(*Expr::binary(
          ExprKind::Add,
          Expr::binary(ExprKind::Mul, Expr::symbol(Ctx.State.R.WorkItemVars[0]),
                       Expr::constant(2)),
          Expr::constant(1))));
  EXPECT_TRUE(Ctx.State.R.dependsOnWorkItem(*Next));
  // %n is made outside the loop: one invariant symbol for every work item.
  ExprRef Shifted = Ctx.Exprs.expr(S.named("shifted"));
  EXPECT_TRUE(Ctx.State.R.dependsOnWorkItem(*Shifted));
  ExprRef N =
      Ctx.Exprs.expr(S.find("func.func")->getRegion(0).front().getArgument(1));
  ASSERT_EQ(N->kind(), ExprKind::Symbol);
  EXPECT_EQ(Ctx.State.R.symbol(N->symbol()).Kind, SymbolKind::Invariant);
  EXPECT_FALSE(Ctx.State.R.dependsOnWorkItem(*N));
}

TEST(ValueFacts, ComparisonsAConditionHolds) {
  Snippet S(ParallelLoop);
  ASSERT_TRUE(S.Module);
  RegionContext Ctx(S.find("scf.parallel"), S.Locs);
  ASSERT_TRUE(Ctx.Exprs.addParallelVars(Ctx.State.Unit, SymbolKind::Induction));
  std::vector<Condition> Holds, Fails;
  Ctx.Facts.conditionsOf(S.named("less"), true, Holds);
  Ctx.Facts.conditionsOf(S.named("less"), false, Fails);
  ASSERT_EQ(Holds.size(), 1u);
  EXPECT_EQ(Holds[0].Op, Comparison::LT);
  ASSERT_EQ(Fails.size(), 1u);
  EXPECT_EQ(Fails[0].Op, Comparison::GE);
  EXPECT_TRUE(Holds[0].Lhs->equals(*Fails[0].Lhs));
  // A constant is no condition: nothing holds.
  std::vector<Condition> None;
  Ctx.Facts.conditionsOf(S.named("two"), true, None);
  EXPECT_TRUE(None.empty());
}

TEST(RegionAssembler, ParallelLoopAccesses) {
  Snippet S(ParallelLoop);
  ASSERT_TRUE(S.Module);
  std::optional<ParallelRegion> R = modelUnit(S.find("scf.parallel"), S.Locs);
  ASSERT_TRUE(R);
  ASSERT_EQ(R->Buffers.size(), 1u);
  ASSERT_EQ(R->Accesses.size(), 2u);
  EXPECT_EQ(R->Accesses[0].Kind, AccessKind::Read);
  EXPECT_EQ(R->Accesses[1].Kind, AccessKind::Write);
  EXPECT_NE(R->print(*R->Accesses[0].Index[0]),
            R->print(*R->Accesses[1].Index[0]));
}

constexpr llvm::StringLiteral FlangScalar = R"mlir(
func.func @h(%a: memref<10xi32>) {
  %k = "fir.alloca"() : () -> !fir.ref<i32>
  %c3 = arith.constant 3 : i32
  "fir.store"(%c3, %k) : (i32, !fir.ref<i32>) -> ()
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  scf.parallel (%i) = (%c0) to (%c10) step (%c1) {
    %v = "fir.load"(%k) : (!fir.ref<i32>) -> i32 loc("loaded")
    memref.store %v, %a[%i] : memref<10xi32>
    scf.reduce
  }
  return
}
)mlir";

TEST(ValueFacts, ConstantAssignedBeforeTheLoop) {
  Snippet S(FlangScalar);
  ASSERT_TRUE(S.Module);
  Operation *Loop = S.find("scf.parallel");
  RegionContext Ctx(Loop, S.Locs);
  ASSERT_TRUE(Ctx.Exprs.addParallelVars(Loop, SymbolKind::Induction));
  Value K = S.find("fir.alloca")->getResult(0);
  EXPECT_EQ(Ctx.Facts.constantAt(Loop, K), std::optional<int64_t>(3));
  EXPECT_FALSE(Ctx.Facts.writtenInUnit(K));
  // The load inside the loop reads the constant.
  ExprRef Loaded = Ctx.Exprs.expr(S.named("loaded"));
  ASSERT_EQ(Loaded->kind(), ExprKind::Constant);
  EXPECT_EQ(Loaded->value(), 3);
}

constexpr llvm::StringLiteral Call = R"mlir(
func.func @fill(%x: memref<10xf32>, %j: index) {
  %one = arith.constant 1.0 : f32
  memref.store %one, %x[%j] : memref<10xf32>
  return
}
func.func @caller(%a: memref<10xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  scf.parallel (%i) = (%c0) to (%c10) step (%c1) {
    func.call @fill(%a, %i) : (memref<10xf32>, index) -> ()
    scf.reduce
  }
  return
}
)mlir";

TEST(CallFollower, FollowsACallWithItsArgumentsBound) {
  Snippet S(Call);
  ASSERT_TRUE(S.Module);
  Operation *Loop = S.find("scf.parallel");
  RegionContext Ctx(Loop, S.Locs);
  ASSERT_TRUE(Ctx.Exprs.addParallelVars(Loop, SymbolKind::Induction));
  EXPECT_TRUE(Ctx.Follower.inlineCall(S.find("func.call")));
  EXPECT_TRUE(Ctx.State.Calls.empty());
  EXPECT_TRUE(Ctx.State.Bindings.empty());
  ParallelRegion &R = Ctx.State.R;
  ASSERT_EQ(R.Accesses.size(), 1u);
  EXPECT_EQ(R.Accesses[0].Kind, AccessKind::Write);
  EXPECT_EQ(R.Accesses[0].Via, "fill");
  // The callee's %j is the caller's %i: the loop's variable.
  ASSERT_EQ(R.Accesses[0].Index.size(), 1u);
  EXPECT_TRUE(R.Accesses[0].Index[0]->equals(*Expr::symbol(R.WorkItemVars[0])));
  // The caller's buffer, not the callee's dummy argument.
  ASSERT_EQ(R.Buffers.size(), 1u);
  EXPECT_EQ(valueOf(R.Buffers[0].Handle),
            S.find("func.func")->getNextNode()->getRegion(0).getArgument(0));
}

constexpr llvm::StringLiteral Team = R"mlir(
func.func @g(%x: memref<1xi32>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i32
  omp.parallel {
    memref.store %one, %x[%c0] : memref<1xi32> loc("before")
    omp.barrier loc("barrier")
    omp.critical {
      memref.store %one, %x[%c0] : memref<1xi32> loc("guarded")
      omp.terminator
    }
    omp.terminator
  }
  return
}
)mlir";

TEST(SyncTracker, BarrierStartsAPhase) {
  Snippet S(Team);
  ASSERT_TRUE(S.Module);
  RegionContext Ctx(S.find("omp.parallel"), S.Locs);
  EXPECT_EQ(Ctx.State.Phase, 0u);
  EXPECT_FALSE(Ctx.Sync.visitNested(S.find("memref.store")));
  EXPECT_EQ(Ctx.State.Phase, 0u);
  EXPECT_TRUE(Ctx.Sync.visitNested(S.find("omp.barrier")));
  EXPECT_EQ(Ctx.State.Phase, 1u);
}

TEST(SyncTracker, CriticalGuardsItsAccesses) {
  Snippet S(Team);
  ASSERT_TRUE(S.Module);
  RegionContext Ctx(S.find("omp.parallel"), S.Locs);
  Operation *Guarded = nullptr;
  S.Module->walk([&](mlir::memref::StoreOp Store) {
    if (Store->getParentOfType<mlir::omp::CriticalOp>())
      Guarded = Store;
  });
  ASSERT_TRUE(Guarded);
  EXPECT_EQ(Ctx.Sync.contextOf(Guarded).Protection, Guard::Critical);
  EXPECT_EQ(Ctx.Sync.contextOf(S.find("memref.store")).Protection, Guard::None);
  // The model: the write before the barrier and the guarded one after it.
  std::optional<ParallelRegion> R = modelUnit(S.find("omp.parallel"), S.Locs);
  ASSERT_TRUE(R);
  ASSERT_EQ(R->Accesses.size(), 2u);
  EXPECT_EQ(R->Accesses[0].Phase, 0u);
  EXPECT_EQ(R->Accesses[1].Phase, 1u);
  EXPECT_EQ(R->Accesses[1].Protection, Guard::Critical);
}

} // namespace
