//===- Rewrite.cpp - Applies shared-buffer remedies to MLIR ---------------===//
//
// Part of privateer. The pass `privateer-privatize` runs the shared-buffer
// check on every parallel loop and applies the exact remedies it computes,
// in upstream dialects:
//
// - Privatize (a private copy): scratch allocated outside the loop becomes a
//   `memref.alloca` at the top of the loop body, one per iteration; the
//   outer allocation and its deallocations go.
// - Reduce: `load; combine; store` of one invariant element in an
//   `scf.parallel` becomes a reduction of the loop (`scf.reduce`) whose
//   initial value is the element's value before the loop, stored back
//   after it.
//
// Detection stays the analysis's: a finding's remedy decides what to do,
// and its BufferHandle (the memref Value) says which memory. The rewrite
// only locates the operations to change and declines, with a remark that
// says why, wherever the change would not be exact.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/IndexSolver.h"
#include "privateer/Analysis/RunChecks.h"
#include "privateer/MLIR/Passes.h"
#include "privateer/MLIR/RegionBuilder.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <vector>

using namespace mlir;

namespace privateer {
namespace mlirfe {
namespace {

class RewritePass : public PassWrapper<RewritePass, OperationPass<>> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RewritePass)

  RewritePass() = default;
  RewritePass(const RewritePass &Other) : PassWrapper(Other) {}

  StringRef getArgument() const override { return "privateer-privatize"; }
  StringRef getDescription() const override {
    return "apply the exact remedies of privateer-shared-buffer: scratch "
           "becomes a per-iteration memref.alloca, accumulations in "
           "scf.parallel become scf.reduce";
  }
  void getDependentDialects(DialectRegistry &Registry) const override {
    Registry
        .insert<arith::ArithDialect, memref::MemRefDialect, scf::SCFDialect>();
  }

  void runOnOperation() override;

private:
  /// Applies \p F's remedy to \p Loop; returns the loop that stands in its
  /// place afterwards (a reduction rebuilds an `scf.parallel`).
  Operation *apply(Operation *Loop, const Finding &F);
  void privatize(Operation *Loop, const Finding &F, Value Memory);
  Operation *reduce(Operation *Loop, const Finding &F, Value Memory);

  Option<bool> AllowReassociation{
      *this, "allow-reassociation",
      llvm::cl::desc("also turn floating-point accumulations into "
                     "reductions, although summing in another order "
                     "changes the rounding"),
      llvm::cl::init(false)};
};

/// Says why the remedy of a finding on \p Name was not applied.
InFlightDiagnostic decline(Operation *Loop, const std::string &Name) {
  return emitRemark(Loop->getLoc())
         << "privateer-privatize: '" << Name << "' left shared: ";
}

/// The block whose operations run once per iteration: the body of the loop
/// (of its `omp.loop_nest` for `omp.wsloop`); null for a replicated
/// `omp.parallel`, which has iterations of no loop.
Block *iterationBody(Operation *Loop) {
  if (auto Ws = dyn_cast<omp::WsloopOp>(Loop)) {
    auto Nest = dyn_cast_or_null<omp::LoopNestOp>(Ws.getWrappedLoop());
    return Nest ? &Nest.getRegion().front() : nullptr;
  }
  if (isa<scf::ParallelOp, scf::ForallOp, affine::AffineParallelOp>(Loop))
    return &Loop->getRegion(0).front();
  return nullptr;
}

/// Whether \p V is defined inside \p Loop (an iteration's value).
bool definedIn(Value V, Operation *Loop) {
  Region *R = V.getParentRegion();
  return R && Loop->isAncestor(R->getParentOp());
}

void RewritePass::privatize(Operation *Loop, const Finding &F, Value Memory) {
  const std::string &Name = F.BufferName;
  if (F.Fix.Copy != PrivateCopy::Private) {
    // Iterations read elements that none of them writes: a fresh copy
    // would not hold them.
    decline(Loop, Name) << "iterations read elements they do not write "
                           "first, so a private copy would need the shared "
                           "values copied in";
    return;
  }
  Operation *Def = Memory.getDefiningOp();
  if (!isa_and_nonnull<memref::AllocOp, memref::AllocaOp>(Def)) {
    decline(Loop, Name) << "it is not made by memref.alloc or memref.alloca "
                           "(a function argument or a global belongs to "
                           "code outside the loop)";
    return;
  }
  Block *Body = iterationBody(Loop);
  if (!Body) {
    decline(Loop, Name) << "'" << Loop->getName()
                        << "' is not a loop with a body per iteration";
    return;
  }
  // Anything but the loop and deallocations keeps the outer buffer: what
  // is read after the loop, or a second loop that shares it, would see
  // other memory. With no other use, nothing initializes it either: no
  // defined value reaches the loop through it, and none leaves.
  SmallVector<Operation *> Deallocs;
  for (OpOperand &Use : Memory.getUses()) {
    Operation *User = Use.getOwner();
    if (Loop->isProperAncestor(User))
      continue;
    if (isa<memref::DeallocOp>(User)) {
      Deallocs.push_back(User);
      continue;
    }
    InFlightDiagnostic D = decline(Loop, Name)
                           << "it is used outside the loop, by '"
                           << User->getName() << "'";
    D.attachNote(User->getLoc()) << "this use would see other memory";
    return;
  }
  // The per-iteration allocation needs its sizes inside the body.
  DominanceInfo Dom(getOperation());
  for (Value Size : Def->getOperands())
    if (!Dom.properlyDominates(Size, &Body->front())) {
      decline(Loop, Name) << "its dynamic sizes are not available in the "
                             "loop body";
      return;
    }
  OpBuilder B(Body, Body->begin());
  auto Type = cast<MemRefType>(Memory.getType());
  Value Private;
  if (auto A = dyn_cast<memref::AllocOp>(Def))
    Private =
        memref::AllocaOp::create(B, Def->getLoc(), Type, A.getDynamicSizes(),
                                 A.getSymbolOperands(), A.getAlignmentAttr())
            .getResult();
  else {
    auto S = cast<memref::AllocaOp>(Def);
    Private =
        memref::AllocaOp::create(B, Def->getLoc(), Type, S.getDynamicSizes(),
                                 S.getSymbolOperands(), S.getAlignmentAttr())
            .getResult();
  }
  Memory.replaceUsesWithIf(Private, [&](OpOperand &Use) {
    return Loop->isProperAncestor(Use.getOwner());
  });
  for (Operation *D : Deallocs)
    D->erase();
  Def->erase();
}

/// The combiner of a reduction region: \p Like's operation on \p X and
/// \p Y (an addition for a subtraction, whose terms are negated).
Value combine(OpBuilder &B, Location L, Operation *Like, bool Negated, Value X,
              Value Y) {
  // A subtraction `s - x` sums the negated terms: the combiner is the
  // addition of the same type.
  StringRef Name = Like->getName().getStringRef();
  if (Negated)
    Name = isa<arith::SubIOp>(Like) ? arith::AddIOp::getOperationName()
                                    : arith::AddFOp::getOperationName();
  OperationState S(L, Name);
  S.addOperands({X, Y});
  S.addTypes(X.getType());
  // Fast-math flags carry over; integer overflow flags do not: another
  // order of additions may overflow where the sequential one did not.
  if (auto FM = Like->getAttr("fastmath"))
    S.addAttribute("fastmath", FM);
  return B.create(S)->getResult(0);
}

Operation *RewritePass::reduce(Operation *Loop, const Finding &F,
                               Value Memory) {
  const std::string &Name = F.BufferName;
  auto Par = dyn_cast<scf::ParallelOp>(Loop);
  if (!Par) {
    decline(Loop, Name) << "reductions are made for scf.parallel only ('"
                        << Loop->getName() << "' would need "
                        << (isa<omp::WsloopOp>(Loop)
                                ? "an omp.declare_reduction"
                                : "results of its own")
                        << ")";
    return Loop;
  }
  // The update: the only store to the memory in the loop, of a combination
  // of a load of the same element.
  SmallVector<memref::StoreOp> Stores;
  unsigned Uses = 0;
  for (OpOperand &Use : Memory.getUses())
    if (Loop->isProperAncestor(Use.getOwner())) {
      ++Uses;
      if (auto S = dyn_cast<memref::StoreOp>(Use.getOwner());
          S && S.getMemRef() == Memory)
        Stores.push_back(S);
    }
  if (Stores.size() != 1 || Uses != 2) {
    decline(Loop, Name) << "the loop does more with it than one update per "
                           "iteration";
    return Loop;
  }
  memref::StoreOp Store = Stores.front();
  SmallVector<Value> Indices(Store.getIndices());
  if (Store->getBlock() != Par.getBody()) {
    // Under a condition or in an inner loop an iteration contributes zero
    // or several times: that is not one reduction operand per iteration.
    decline(Loop, Name) << "its update is not made exactly once per "
                           "iteration (it is nested in '"
                        << Store->getParentOp()->getName() << "')";
    return Loop;
  }
  for (Value Index : Store.getIndices())
    if (definedIn(Index, Loop)) {
      decline(Loop, Name) << "iterations update different elements";
      return Loop;
    }
  Operation *Combine = Store.getValueToStore().getDefiningOp();
  memref::LoadOp Load;
  unsigned LoadOperand = 0;
  if (Combine && Combine->getNumOperands() == 2)
    for (unsigned K = 0; K < 2; ++K)
      if (auto L = Combine->getOperand(K).getDefiningOp<memref::LoadOp>();
          L && L.getMemRef() == Memory && L.getIndices() == Store.getIndices())
        Load = L, LoadOperand = K;
  if (!Load || !Load->hasOneUse() || !Combine->hasOneUse() ||
      Combine->getOperand(1 - LoadOperand) == Load.getResult()) {
    decline(Loop, Name) << "its update is not 'load; combine; store' of one "
                           "element";
    return Loop;
  }
  // Integers combine exactly in any order (overflow wraps); floating point
  // does not: the sum of the partial sums rounds differently.
  Type Elt = Load.getType();
  bool Float = isa<FloatType>(Elt);
  if (Float && !AllowReassociation) {
    decline(Loop, Name) << "a floating-point reduction adds in another order "
                           "and rounds differently; pass "
                           "'allow-reassociation=1' to accept that";
    return Loop;
  }
  if (!Float && !Elt.isIntOrIndex()) {
    decline(Loop, Name) << "its element type is neither an integer nor a "
                           "float";
    return Loop;
  }
  bool Negated = isa<arith::SubIOp, arith::SubFOp>(Combine);
  if (Negated && LoadOperand != 0) {
    decline(Loop, Name) << "'x - s' is no reduction";
    return Loop;
  }
  Location L = Store.getLoc();
  // The contribution of one iteration: the other operand (negated for a
  // subtraction, `s - x` being `s + (-x)` exactly).
  OpBuilder B(Combine);
  Value Term = Combine->getOperand(1 - LoadOperand);
  if (Negated && Float)
    Term = arith::NegFOp::create(B, L, Term).getResult();
  else if (Negated)
    Term = arith::SubIOp::create(
               B, L, arith::ConstantOp::create(B, L, B.getZeroAttr(Elt)), Term)
               .getResult();

  // Initial value: the element before the loop.
  B.setInsertionPoint(Par);
  Value Old = memref::LoadOp::create(B, L, Memory, Indices).getResult();
  SmallVector<Value> Inits(Par.getInitVals());
  Inits.push_back(Old);
  auto New = scf::ParallelOp::create(B, Par.getLoc(), Par.getLowerBound(),
                                     Par.getUpperBound(), Par.getStep(), Inits);
  New->setAttrs(Par->getDiscardableAttrDictionary());
  New.getRegion().takeBody(Par.getRegion());

  // The terminator gains the new operand and its combining region.
  auto OldReduce = cast<scf::ReduceOp>(New.getBody()->getTerminator());
  SmallVector<Value> Operands(OldReduce.getOperands());
  Operands.push_back(Term);
  B.setInsertionPoint(OldReduce);
  auto NewReduce = scf::ReduceOp::create(B, OldReduce.getLoc(), Operands);
  for (unsigned I = 0, E = OldReduce.getNumOperands(); I < E; ++I)
    NewReduce.getReductions()[I].takeBody(OldReduce.getReductions()[I]);
  Block &Combiner = NewReduce.getReductions().back().front();
  B.setInsertionPointToStart(&Combiner);
  Value Sum = combine(B, L, Combine, Negated, Combiner.getArgument(0),
                      Combiner.getArgument(1));
  scf::ReduceReturnOp::create(B, L, Sum);
  OldReduce->erase();

  Store->erase();
  Combine->erase();
  Load->erase();
  for (unsigned I = 0, E = Par.getNumResults(); I < E; ++I)
    Par.getResult(I).replaceAllUsesWith(New.getResult(I));
  B.setInsertionPointAfter(New);
  memref::StoreOp::create(B, L, New.getResults().back(), Memory, Indices);
  Par->erase();
  return New;
}

Operation *RewritePass::apply(Operation *Loop, const Finding &F) {
  Value Memory = Value::getFromOpaquePointer(F.BufferHandle);
  switch (F.Fix.What) {
  case Remedy::Kind::Privatize:
    privatize(Loop, F, Memory);
    return Loop;
  case Remedy::Kind::Reduce:
    return reduce(Loop, F, Memory);
  default:
    decline(Loop, F.BufferName) << "the analysis has no privatization or "
                                   "reduction that fixes this race exactly";
    return Loop;
  }
}

void RewritePass::runOnOperation() {
  CheckFilter Filter("privateer-shared-buffer");
  SolverOptions Options;
  SolverStats Stats;
  std::unique_ptr<IndexOracle> Oracle = createIndexSolver(Options, Stats);
  CheckContext Context{*Oracle, 64};
  // Inner loops first: a buffer privatized in an inner loop is no longer
  // the outer one's.
  SmallVector<Operation *> Loops;
  getOperation()->walk([&](Operation *Op) {
    if (isParallelConstruct(Op))
      Loops.push_back(Op);
  });
  for (Operation *Loop : Loops) {
    LocationTable Locs;
    std::optional<ParallelRegion> R = buildRegion(Loop, Locs);
    if (!R)
      continue;
    // The check reports one finding per buffer and region, its remedy
    // judged over every access to the buffer; a second one would name a
    // buffer already rewritten. Privatizations first: a reduction rebuilds
    // the loop.
    std::vector<Finding> Todo;
    llvm::DenseSet<const void *> Seen;
    for (Finding &F : runChecks(*R, Filter, Context))
      if (F.BufferHandle && Seen.insert(F.BufferHandle).second)
        Todo.push_back(std::move(F));
    for (bool Reductions : {false, true})
      for (const Finding &F : Todo)
        if ((F.Fix.What == Remedy::Kind::Reduce) == Reductions)
          Loop = apply(Loop, F);
  }
}

} // namespace

std::unique_ptr<Pass> createRewritePass() {
  return std::make_unique<RewritePass>();
}

} // namespace mlirfe
} // namespace privateer
