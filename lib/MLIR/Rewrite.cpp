//===- Rewrite.cpp - Applies shared-buffer remedies to MLIR ---------------===//
//
// Part of privateer. The pass `privateer-privatize` runs the shared-buffer
// check on every parallel loop and applies the exact remedies it computes,
// in upstream dialects:
//
// - Privatize (a private copy): scratch allocated outside the loop becomes a
//   `memref.alloca` at the top of the loop body, one per iteration; the
//   outer allocation and its deallocations go.
// - Reduce: `load; combine; store` of one invariant element becomes a
//   reduction of the loop whose initial value is the element's value before
//   the loop, stored back after it: an `scf.reduce` operand in
//   `scf.parallel`, a `reduction` operand (with an `omp.declare_reduction`)
//   in `omp.wsloop`.
//
// Detection stays the analysis's: a finding's remedy decides what to do,
// and its BufferHandle (the memref Value) says which memory. The rewrite
// only locates the operations to change and declines, with a remark that
// says why, wherever the change would not be exact.
//
//===----------------------------------------------------------------------===//

#include "PrivateerPass.h"
#include "privateer/MLIR/ConstructAnalyzer.h"
#include "privateer/MLIR/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

#include <set>
#include <vector>

using namespace mlir;

namespace privateer {
namespace mlirfe {
namespace {

/// One iteration's update of an element: `%s = load; %t = Combine %s, %x;
/// store %t` (or `Combine %x, %s`).
struct Update {
  memref::StoreOp Store;
  memref::LoadOp Load;
  Operation *Combine = nullptr;
  unsigned LoadOperand = 0;
  /// `s - x`: the terms are subtracted, their sum is.
  bool Negated = false;
};

class RewritePass : public PrivateerPass<RewritePass> {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(RewritePass)

  RewritePass() = default;
  RewritePass(const RewritePass &Other) : PrivateerPass(Other) {}

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
  void reduceWsloop(omp::WsloopOp Loop, const Finding &F, Value Memory);
  /// The omp.parallel around \p Loop, when a reduction of \p Memory can be
  /// added to it; null (and a remark) otherwise.
  omp::ParallelOp reductionTeam(omp::WsloopOp Loop, const std::string &Name,
                                Value Memory);
  /// The name of the module's omp.declare_reduction for \p U's operation
  /// and type, made when missing; none (and a remark) when another symbol
  /// has the name.
  std::optional<std::string> declareReduction(omp::WsloopOp Loop,
                                              const std::string &Name, Update U,
                                              TypedAttr Neutral);
  /// The update `load; combine; store` of \p Memory, once per iteration
  /// in \p Body at indices defined outside \p Scope; none (and a remark)
  /// when the loop does anything else with it.
  std::optional<Update> findUpdate(Operation *Loop, Block *Body,
                                   Operation *Scope, const std::string &Name,
                                   Value Memory);

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

/// The block of the `memref.alloca_scope` that is all of \p Body (as
/// allocaScope makes it), or \p Body.
Block *scopeOf(Block *Body) {
  Operation *Term = Body->getTerminator();
  if (auto Scope = dyn_cast<memref::AllocaScopeOp>(Body->front());
      Scope && Scope->getNextNode() == Term && Scope->getNumResults() == 0)
    return &Scope.getBodyRegion().front();
  return Body;
}

/// Where a per-iteration alloca of \p Loop goes: the body itself, or for
/// `omp.wsloop` a `memref.alloca_scope` around it (made once), so that the
/// stack is released after each iteration. Nothing lowering `omp.wsloop`
/// does that, and an alloca per iteration of a long loop overflows the
/// stack; `--convert-scf-to-openmp` wraps `scf.parallel` bodies itself.
/// Bodies of several blocks (Flang's) cannot be wrapped and keep the
/// alloca in their entry block.
Block *allocaScope(Operation *Loop, Block *Body) {
  if (!isa<omp::WsloopOp>(Loop) || !Body->getParent()->hasOneBlock())
    return Body;
  Operation *Term = Body->getTerminator();
  if (Term->getNumOperands())
    return Body;
  if (Block *Inner = scopeOf(Body); Inner != Body)
    return Inner;
  OpBuilder B(Term);
  auto Scope = memref::AllocaScopeOp::create(B, Loop->getLoc(), TypeRange());
  Block *Inner = B.createBlock(&Scope.getBodyRegion());
  Inner->getOperations().splice(Inner->end(), Body->getOperations(),
                                Body->begin(), Scope->getIterator());
  memref::AllocaScopeReturnOp::create(B, Loop->getLoc(), ValueRange());
  return Inner;
}

void RewritePass::privatize(Operation *Loop, const Finding &F, Value Memory) {
  const std::string &Name = F.BufferName;
  if (std::get<remedy::Privatize>(F.Fix).Copy != PrivateCopy::Private) {
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
  Block *Into = allocaScope(Loop, Body);
  OpBuilder B(Into, Into->begin());
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

std::optional<Update> RewritePass::findUpdate(Operation *Loop, Block *Body,
                                              Operation *Scope,
                                              const std::string &Name,
                                              Value Memory) {
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
    return std::nullopt;
  }
  memref::StoreOp Store = Stores.front();
  if (Store->getBlock() != Body) {
    // Under a condition or in an inner loop an iteration contributes zero
    // or several times: that is not one reduction operand per iteration.
    decline(Loop, Name) << "its update is not made exactly once per "
                           "iteration (it is nested in '"
                        << Store->getParentOp()->getName() << "')";
    return std::nullopt;
  }
  // Indices from inside the scope (the loop, or the omp.parallel around
  // an omp.wsloop) may differ between iterations or threads.
  for (Value Index : Store.getIndices())
    if (definedIn(Index, Scope)) {
      decline(Loop, Name) << "iterations update different elements";
      return std::nullopt;
    }
  Update U;
  U.Store = Store;
  U.Combine = Store.getValueToStore().getDefiningOp();
  if (U.Combine && U.Combine->getNumOperands() == 2)
    for (unsigned K = 0; K < 2; ++K)
      if (auto L = U.Combine->getOperand(K).getDefiningOp<memref::LoadOp>();
          L && L.getMemRef() == Memory && L.getIndices() == Store.getIndices())
        U.Load = L, U.LoadOperand = K;
  if (!U.Load || !U.Load->hasOneUse() || !U.Combine->hasOneUse() ||
      U.Combine->getOperand(1 - U.LoadOperand) == U.Load.getResult()) {
    decline(Loop, Name) << "its update is not 'load; combine; store' of one "
                           "element";
    return std::nullopt;
  }
  // Integers combine exactly in any order (overflow wraps); floating point
  // does not: the sum of the partial sums rounds differently.
  Type Elt = U.Load.getType();
  bool Float = isa<FloatType>(Elt);
  if (Float && !AllowReassociation) {
    decline(Loop, Name) << "a floating-point reduction adds in another order "
                           "and rounds differently; pass "
                           "'allow-reassociation=1' to accept that";
    return std::nullopt;
  }
  if (!Float && !Elt.isIntOrIndex()) {
    decline(Loop, Name) << "its element type is neither an integer nor a "
                           "float";
    return std::nullopt;
  }
  U.Negated = isa<arith::SubIOp, arith::SubFOp>(U.Combine);
  if (U.Negated && U.LoadOperand != 0) {
    decline(Loop, Name) << "'x - s' is no reduction";
    return std::nullopt;
  }
  return U;
}

Operation *RewritePass::reduce(Operation *Loop, const Finding &F,
                               Value Memory) {
  const std::string &Name = F.BufferName;
  if (auto Ws = dyn_cast<omp::WsloopOp>(Loop)) {
    reduceWsloop(Ws, F, Memory);
    return Loop;
  }
  auto Par = dyn_cast<scf::ParallelOp>(Loop);
  if (!Par) {
    decline(Loop, Name) << "reductions are made for scf.parallel and "
                           "omp.wsloop only ('"
                        << Loop->getName()
                        << "' would need results of its own)";
    return Loop;
  }
  std::optional<Update> U = findUpdate(Loop, Par.getBody(), Loop, Name, Memory);
  if (!U)
    return Loop;
  memref::StoreOp Store = U->Store;
  memref::LoadOp Load = U->Load;
  Operation *Combine = U->Combine;
  unsigned LoadOperand = U->LoadOperand;
  bool Negated = U->Negated;
  bool Float = isa<FloatType>(Load.getType());
  Type Elt = Load.getType();
  SmallVector<Value> Indices(Store.getIndices());
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

/// The value the combiner of \p Like leaves every other value unchanged
/// by: what each thread's private copy starts from.
TypedAttr neutralValue(Operation *Like, Type Elt) {
  if (auto FT = dyn_cast<FloatType>(Elt)) {
    const llvm::fltSemantics &Sem = FT.getFloatSemantics();
    // -0.0, not 0.0: -0.0 + x is x for every x, -0.0 included.
    if (isa<arith::AddFOp, arith::SubFOp>(Like))
      return FloatAttr::get(Elt, llvm::APFloat::getZero(Sem, true));
    if (isa<arith::MulFOp>(Like))
      return FloatAttr::get(Elt, llvm::APFloat::getOne(Sem));
    if (isa<arith::MinimumFOp, arith::MinNumFOp>(Like))
      return FloatAttr::get(Elt, llvm::APFloat::getInf(Sem, false));
    if (isa<arith::MaximumFOp, arith::MaxNumFOp>(Like))
      return FloatAttr::get(Elt, llvm::APFloat::getInf(Sem, true));
    return nullptr;
  }
  unsigned Bits = Elt.getIntOrFloatBitWidth();
  llvm::APInt V;
  if (isa<arith::AddIOp, arith::SubIOp, arith::OrIOp, arith::XOrIOp,
          arith::MaxUIOp>(Like))
    V = llvm::APInt::getZero(Bits);
  else if (isa<arith::MulIOp>(Like))
    V = llvm::APInt(Bits, 1);
  else if (isa<arith::AndIOp, arith::MinUIOp>(Like))
    V = llvm::APInt::getAllOnes(Bits);
  else if (isa<arith::MinSIOp>(Like))
    V = llvm::APInt::getSignedMaxValue(Bits);
  else if (isa<arith::MaxSIOp>(Like))
    V = llvm::APInt::getSignedMinValue(Bits);
  else
    return nullptr;
  return IntegerAttr::get(Elt, V);
}

/// The variable an omp.wsloop reduction combines into: stack memory of the
/// function, outside \p Team, holding the element \p U updates before the
/// loop and its sum after.
Value reductionVariable(omp::ParallelOp Team, Value Memory, Update U) {
  Location L = U.Store.getLoc();
  auto Ptr = LLVM::LLVMPointerType::get(Team->getContext());
  Type Elt = U.Load.getType();
  SmallVector<Value> Indices(U.Store.getIndices());
  OpBuilder B(Team);
  Value Old = memref::LoadOp::create(B, L, Memory, Indices).getResult();
  Value One =
      LLVM::ConstantOp::create(B, L, B.getI64Type(), B.getI64IntegerAttr(1))
          .getResult();
  Value Var = LLVM::AllocaOp::create(B, L, Ptr, Elt, One).getResult();
  LLVM::StoreOp::create(B, L, Old, Var);
  B.setInsertionPointAfter(Team);
  Value New = LLVM::LoadOp::create(B, L, Elt, Var).getResult();
  memref::StoreOp::create(B, L, New, Memory, Indices);
  return Var;
}

/// Adds \p Var, reduced by declaration \p Sym, to \p Loop's reductions;
/// returns the thread's copy, the loop's new block argument (reductions
/// come last among the wrapper's block arguments).
Value addReduction(omp::WsloopOp Loop, Value Var, StringRef Sym, Location L) {
  MLIRContext *Ctx = Loop->getContext();
  unsigned Reductions = Loop.getReductionVars().size();
  Loop.getReductionVarsMutable().append(Var);
  SmallVector<Attribute> Syms;
  if (ArrayAttr Old = Loop.getReductionSymsAttr())
    Syms.assign(Old.begin(), Old.end());
  Syms.push_back(FlatSymbolRefAttr::get(Ctx, Sym));
  Loop.setReductionSymsAttr(ArrayAttr::get(Ctx, Syms));
  SmallVector<bool> ByRef(Reductions, false);
  if (auto Old = Loop.getReductionByref())
    ByRef.assign(Old->begin(), Old->end());
  ByRef.push_back(false);
  Loop.setReductionByref(ByRef);
  return Loop.getRegion().front().addArgument(LLVM::LLVMPointerType::get(Ctx),
                                              L);
}

/// Makes update \p U go to the thread's copy \p Private; overflow flags
/// go, as in the combiner (a partial sum may overflow where the whole did
/// not).
void updatePrivateCopy(Update U, Value Private) {
  Location L = U.Store.getLoc();
  Type Elt = U.Load.getType();
  OpBuilder B(U.Load);
  Value Loaded = LLVM::LoadOp::create(B, L, Elt, Private).getResult();
  Value X = U.LoadOperand == 0 ? Loaded : U.Combine->getOperand(0);
  Value Y = U.LoadOperand == 1 ? Loaded : U.Combine->getOperand(1);
  B.setInsertionPoint(U.Combine);
  Value Combined = combine(B, L, U.Combine, /*Negated=*/false, X, Y);
  B.setInsertionPoint(U.Store);
  LLVM::StoreOp::create(B, L, Combined, Private);
  U.Store->erase();
  U.Combine->erase();
  U.Load->erase();
}

omp::ParallelOp RewritePass::reductionTeam(omp::WsloopOp Loop,
                                           const std::string &Name,
                                           Value Memory) {
  // The reduction's declaration is a symbol of the module: a pass on a
  // function may not add one (functions are processed concurrently).
  if (!getOperation()->hasTrait<OpTrait::SymbolTable>()) {
    decline(Loop, Name) << "an omp.wsloop reduction needs an "
                           "omp.declare_reduction in the module: run "
                           "privateer-privatize on builtin.module";
    return nullptr;
  }
  // The shared variable lives outside the team; an orphaned loop's team
  // is its caller's, which this function cannot reach.
  auto Team = dyn_cast_or_null<omp::ParallelOp>(Loop->getParentOp());
  if (!Team) {
    decline(Loop, Name) << "the omp.wsloop is not directly in an "
                           "omp.parallel";
    return nullptr;
  }
  // The element is read before the team and written after it: the team
  // must not touch it outside the loop (a read after the loop's barrier
  // would see the old value).
  for (Operation *User : Memory.getUsers())
    if (Team->isProperAncestor(User) && !Loop->isProperAncestor(User)) {
      InFlightDiagnostic D = decline(Loop, Name)
                             << "the omp.parallel uses it outside the loop";
      D.attachNote(User->getLoc()) << "this use would see the old value";
      return nullptr;
    }
  return Team;
}

std::optional<std::string>
RewritePass::declareReduction(omp::WsloopOp Loop, const std::string &Name,
                              Update U, TypedAttr Neutral) {
  Operation *Module = getOperation();
  Location L = U.Store.getLoc();
  Type Elt = U.Load.getType();
  // The declaration, once per operation and type: the private copy starts
  // at the neutral value, copies combine with the operation (an addition
  // for a subtraction: each thread's copy sums its negated terms).
  std::string Op = U.Combine->getName().stripDialect().str();
  std::string Sym;
  llvm::raw_string_ostream(Sym) << "__privateer_" << Op << "_" << Elt;
  Operation *Existing = SymbolTable::lookupSymbolIn(Module, Sym);
  if (Existing && !isa<omp::DeclareReductionOp>(Existing)) {
    decline(Loop, Name) << "the module has a symbol '" << Sym << "' of its own";
    return std::nullopt;
  }
  if (Existing)
    return Sym;
  // After the declarations there are, in the order made.
  Block &Top = Module->getRegion(0).front();
  auto At = llvm::find_if(
      Top, [](Operation &Op) { return !isa<omp::DeclareReductionOp>(Op); });
  OpBuilder B(&Top, At);
  auto Decl = omp::DeclareReductionOp::create(B, L, Sym, Elt, TypeAttr());
  B.createBlock(&Decl.getInitializerRegion(), {}, {Elt}, {L});
  Value Zero = arith::ConstantOp::create(B, L, Neutral).getResult();
  omp::YieldOp::create(B, L, Zero);
  Block *Comb =
      B.createBlock(&Decl.getReductionRegion(), {}, {Elt, Elt}, {L, L});
  Value Sum = combine(B, L, U.Combine, U.Negated, Comb->getArgument(0),
                      Comb->getArgument(1));
  omp::YieldOp::create(B, L, Sum);
  return Sym;
}

void RewritePass::reduceWsloop(omp::WsloopOp Loop, const Finding &F,
                               Value Memory) {
  const std::string &Name = F.BufferName;
  omp::ParallelOp Team = reductionTeam(Loop, Name, Memory);
  if (!Team)
    return;
  Block *Body = iterationBody(Loop);
  if (!Body)
    return;
  // A scratch buffer privatized before has wrapped the body in a scope.
  std::optional<Update> U = findUpdate(Loop, scopeOf(Body), Team, Name, Memory);
  if (!U)
    return;
  Type Elt = U->Load.getType();
  TypedAttr Neutral = Elt.isIndex() ? nullptr : neutralValue(U->Combine, Elt);
  if (!Neutral) {
    decline(Loop, Name) << "no omp.declare_reduction is made for '"
                        << U->Combine->getName() << "' on " << Elt;
    return;
  }
  std::optional<std::string> Sym = declareReduction(Loop, Name, *U, Neutral);
  if (!Sym)
    return;
  Value Var = reductionVariable(Team, Memory, *U);
  Value Private = addReduction(Loop, Var, *Sym, U->Store.getLoc());
  updatePrivateCopy(*U, Private);
}

Operation *RewritePass::apply(Operation *Loop, const Finding &F) {
  Value Memory = valueOf(F.Buffer);
  switch (kindOf(F.Fix)) {
  case RemedyKind::Privatize:
    privatize(Loop, F, Memory);
    return Loop;
  case RemedyKind::Reduce:
    return reduce(Loop, F, Memory);
  default:
    decline(Loop, F.BufferName) << "the analysis has no privatization or "
                                   "reduction that fixes this race exactly";
    return Loop;
  }
}

void RewritePass::runOnOperation() {
  // The remedies rewritten here are the shared-buffer check's.
  std::optional<Options> Opts = options("privateer-shared-buffer");
  if (!Opts)
    return signalPassFailure();
  ConstructAnalyzer Analyzer(*Opts);
  // Inner loops first: a buffer privatized in an inner loop is no longer
  // the outer one's.
  for (Operation *Loop : ConstructAnalyzer::constructsIn(getOperation())) {
    std::optional<AnalyzedConstruct> A = Analyzer.analyze(Loop);
    if (!A)
      continue;
    // The check reports one finding per buffer and region, its remedy
    // judged over every access to the buffer; a second one would name a
    // buffer already rewritten. Privatizations first: a reduction rebuilds
    // the loop.
    std::vector<Finding> Todo;
    std::set<BufferHandle> Seen;
    for (Finding &F : A->Findings)
      if (F.Buffer && Seen.insert(F.Buffer).second)
        Todo.push_back(std::move(F));
    for (bool Reductions : {false, true})
      for (const Finding &F : Todo)
        if (std::holds_alternative<remedy::Reduce>(F.Fix) == Reductions)
          Loop = apply(Loop, F);
  }
  summarize(Analyzer);
}

} // namespace

std::unique_ptr<Pass> createRewritePass() {
  return std::make_unique<RewritePass>();
}

} // namespace mlirfe
} // namespace privateer
