//===- RegionBuilder.cpp - MLIR parallel loops to privateer's model -------===//
//
// Part of privateer. One ParallelRegion per `scf.parallel` or `omp.wsloop`:
// its induction variables become work-item symbols with their bounds, the
// memrefs it reaches from outside become shared buffers, and every memref
// load, store (a load-op-store of one element is one read-modify-write) and
// `omp.atomic` access becomes an Access whose indices are symbolic
// expressions over induction variables, constants and invariant values.
//
//===----------------------------------------------------------------------===//

#include "privateer/MLIR/RegionBuilder.h"
#include "FlangOps.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <variant>

using namespace mlir;

namespace privateer {
namespace mlirfe {

bool isParallelLoop(Operation *Op) {
  if (isa<scf::ParallelOp, scf::ForallOp, affine::AffineParallelOp,
          omp::WsloopOp>(Op))
    return true;
  // An `omp.parallel` whose body every thread runs: one without worksharing
  // or tasks inside (those are modelled on their own, or not yet).
  if (!isa<omp::ParallelOp>(Op))
    return false;
  bool Replicated = true;
  Op->walk([&](Operation *Inner) {
    if (Inner != Op &&
        isa<omp::WsloopOp, omp::SectionsOp, omp::TaskOp, omp::TaskloopOp,
            omp::DistributeOp, omp::ParallelOp, omp::TeamsOp>(Inner))
      Replicated = false;
  });
  return Replicated;
}

namespace {

bool heldLock(Operation *Op, Operation *Loop);
llvm::StringRef calleeName(Operation *Op);

/// Deep enough for any index a compiler writes; bounds the recursion on
/// pathological def-use chains.
constexpr unsigned MaxExprDepth = 32;

class RegionModeler {
public:
  RegionModeler(Operation *Loop, LocationTable &Locs)
      : Loop(Loop), Scope(Loop), Locs(Locs),
        Names(Loop->getParentWithTrait<OpTrait::IsIsolatedFromAbove>()
                  ? Loop->getParentWithTrait<OpTrait::IsIsolatedFromAbove>()
                  : Loop) {}

  std::optional<ParallelRegion> build();

private:
  std::string name(Value V);
  /// Whether \p V is defined inside \p Op (so it has a value per work item
  /// or per thread of \p Op).
  static bool definedInside(Value V, Operation *Op);
  ExprRef expr(Value V, unsigned Depth = 0);
  ExprRef affineExpr(AffineExpr E, ValueRange Dims, ValueRange Syms,
                     unsigned Depth);
  /// A loop bound: a value, a constant attribute, or an expression built
  /// already (from an affine map).
  using Bound = std::variant<OpFoldResult, ExprRef>;
  std::optional<int64_t> constantOf(Bound B);
  ExprRef boundExpr(Bound B);
  SymbolId loopSymbol(Value IV, SymbolKind Kind, Bound Lb, Bound Ub, Bound Step,
                      bool Inclusive);
  /// The variables of a parallel loop (scf.parallel, scf.forall,
  /// affine.parallel) as symbols of kind \p Kind; false for other ops.
  bool addParallelVars(Operation *Op, SymbolKind Kind);
  /// The executing thread's number (`omp_get_thread_num()`).
  SymbolId threadIdSymbol();
  void registerInnerLoops(Operation *Op);
  std::optional<unsigned> buffer(Value MemRef);
  void addAccess(Operation *Op, Value MemRef, std::vector<ExprRef> Index,
                 AccessKind Kind, ReductionOp RedOp, Guard Protection,
                 bool WholeBuffer = false);
  void addFlangAccess(Operation *Op, Value Ref, AccessKind Kind,
                      ReductionOp RedOp);
  ExprRef loadedValue(Operation *Load, Value Ref, unsigned Depth);
  Operation *nearestWriter(Operation *Load, Value Root);
  bool writtenInLoop(Value Root);
  bool lastIterationOnly(Value Condition, unsigned Depth = 0);
  std::string fortranName(Value V);
  void collectUpdates();
  void visit(Operation *Op);

  Operation *Loop;
  /// Values defined inside it are per work item or per thread: the
  /// enclosing `omp.parallel` of an `omp.wsloop`, or the loop itself.
  Operation *Scope;
  LocationTable &Locs;
  AsmState Names;
  ParallelRegion R;
  llvm::DenseMap<Value, SymbolId> Symbols;
  llvm::DenseMap<Value, unsigned> Buffers;
  /// Loads folded into the read-modify-write of the store that follows, and
  /// the operator of each such store.
  llvm::DenseSet<Operation *> FoldedLoads;
  llvm::DenseMap<Operation *, ReductionOp> Updates;
  llvm::DenseMap<std::pair<Operation *, unsigned>, unsigned> BranchIds;
  unsigned Order = 0;
  /// Barriers passed so far in the walk of a replicated region.
  unsigned Phase = 0;
  std::optional<SymbolId> ThreadId;
  /// The distributed `omp.loop_nest` of an `omp.wsloop`: its variables are
  /// the work items', not an inner loop's.
  Operation *Nest = nullptr;
};

std::string RegionModeler::name(Value V) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  V.printAsOperand(OS, Names);
  return S;
}

bool RegionModeler::definedInside(Value V, Operation *Op) {
  Operation *Owner = V.getDefiningOp();
  if (!Owner)
    Owner = cast<BlockArgument>(V).getOwner()->getParentOp();
  return Owner && Op->isAncestor(Owner);
}

std::optional<int64_t> RegionModeler::constantOf(Bound B) {
  if (auto *E = std::get_if<ExprRef>(&B))
    return *E && (*E)->kind() == ExprKind::Constant
               ? std::optional<int64_t>((*E)->value())
               : std::nullopt;
  OpFoldResult F = std::get<OpFoldResult>(B);
  if (auto A = dyn_cast_if_present<Attribute>(F)) {
    if (auto I = dyn_cast<IntegerAttr>(A))
      return I.getInt();
    return std::nullopt;
  }
  APInt C;
  if (Value V = dyn_cast_if_present<Value>(F);
      V && matchPattern(V, m_ConstantInt(&C)))
    return C.getSExtValue();
  return std::nullopt;
}

ExprRef RegionModeler::boundExpr(Bound B) {
  if (auto *E = std::get_if<ExprRef>(&B))
    return *E;
  if (std::optional<int64_t> C = constantOf(B))
    return Expr::constant(*C);
  return expr(cast<Value>(std::get<OpFoldResult>(B)));
}

SymbolId RegionModeler::loopSymbol(Value IV, SymbolKind Kind, Bound Lb,
                                   Bound Ub, Bound Step, bool Inclusive) {
  Symbol S;
  S.Name = name(IV);
  S.Kind = Kind;
  // Flang stores the loop's value into the Fortran variable's private copy
  // (a `do` loop through an iteration argument): name it so.
  llvm::SmallVector<Value> Carriers{IV};
  if (auto Arg = dyn_cast<BlockArgument>(IV))
    if (flang::isDoLoop(Arg.getOwner()->getParentOp()))
      for (Value V : Arg.getOwner()->getArguments().drop_front())
        Carriers.push_back(V);
  for (Value C : Carriers)
    for (Operation *U : C.getUsers())
      if (auto Stored = flang::storedValue(U); Stored && Stored->first == C) {
        std::string Fortran;
        flang::rootOf(Stored->second, &Fortran);
        if (!Fortran.empty() && S.Name == name(IV))
          S.Name = Fortran;
      }
  ExprRef LbE = boundExpr(Lb), UbE = boundExpr(Ub);
  std::optional<int64_t> StC = constantOf(Step);
  int64_t St = StC && *StC ? *StC : 1;
  S.Step = std::llabs(St);
  if (St < 0) {
    // A descending loop (Flang's `do i = n, 1, -1`): from Lb down to Ub.
    S.Descending = true;
    S.Max = LbE;
    S.Min =
        Inclusive ? UbE : Expr::binary(ExprKind::Add, UbE, Expr::constant(1));
  } else {
    S.Min = LbE;
    if (LbE->kind() == ExprKind::Constant &&
        UbE->kind() == ExprKind::Constant && StC) {
      // The last value the lattice reaches, so the solver never picks one
      // between the steps.
      int64_t L = LbE->value(), U = UbE->value();
      int64_t Last = Inclusive ? U : U - 1;
      S.Max = Expr::constant(Last < L ? L - 1 : L + (Last - L) / St * St);
    } else {
      S.Max =
          Inclusive ? UbE : Expr::binary(ExprKind::Sub, UbE, Expr::constant(1));
    }
  }
  SymbolId Id = R.addSymbol(std::move(S));
  Symbols[IV] = Id;
  return Id;
}

ExprRef RegionModeler::affineExpr(AffineExpr E, ValueRange Dims,
                                  ValueRange Syms, unsigned Depth) {
  if (auto C = dyn_cast<AffineConstantExpr>(E))
    return Expr::constant(C.getValue());
  if (auto D = dyn_cast<AffineDimExpr>(E))
    return expr(Dims[D.getPosition()], Depth + 1);
  if (auto S = dyn_cast<AffineSymbolExpr>(E))
    return expr(Syms[S.getPosition()], Depth + 1);
  auto B = cast<AffineBinaryOpExpr>(E);
  ExprRef L = affineExpr(B.getLHS(), Dims, Syms, Depth + 1);
  ExprRef Rt = affineExpr(B.getRHS(), Dims, Syms, Depth + 1);
  switch (E.getKind()) {
  case AffineExprKind::Add:
    return Expr::binary(ExprKind::Add, L, Rt);
  case AffineExprKind::Mul:
    return Expr::binary(ExprKind::Mul, L, Rt);
  // Affine floordiv and mod round toward minus infinity; indices are
  // non-negative, where they agree with C's division.
  case AffineExprKind::FloorDiv:
    return Expr::binary(ExprKind::Div, L, Rt);
  case AffineExprKind::Mod:
    return Expr::binary(ExprKind::Mod, L, Rt);
  default:
    return nullptr;
  }
}

ExprRef RegionModeler::expr(Value V, unsigned Depth) {
  APInt C;
  if (matchPattern(V, m_ConstantInt(&C)))
    return Expr::constant(C.getSExtValue());
  auto It = Symbols.find(V);
  if (It != Symbols.end())
    return Expr::symbol(It->second);
  auto NewSymbol = [&](SymbolKind K, bool Dependent) {
    Symbol S;
    S.Name = name(V);
    S.Kind = K;
    S.IterationDependent = Dependent;
    SymbolId Id = R.addSymbol(std::move(S));
    Symbols[V] = Id;
    return Expr::symbol(Id);
  };
  // Values from outside the loop are the same for every work item.
  if (!definedInside(V, Loop)) {
    // One symbol for every load of an unchanged Fortran variable (`n`).
    if (Operation *D = V.getDefiningOp())
      if (auto Ref = flang::loadedRef(D))
        if (ExprRef E = loadedValue(D, *Ref, Depth))
          return E;
    ExprRef E = NewSymbol(SymbolKind::Invariant, false);
    std::string Fortran = fortranName(V);
    if (!Fortran.empty())
      R.Symbols[E->symbol()].Name = Fortran;
    return E;
  }
  if (auto Arg = dyn_cast<BlockArgument>(V)) {
    // Flang counts a `do` variable in an iteration argument that starts at
    // the loop's lower bound and moves with it: the loop's own value.
    Operation *Owner = Arg.getOwner()->getParentOp();
    auto Strip = [](Value X) {
      while (Operation *C = X.getDefiningOp()) {
        if (!flang::isConversion(C))
          break;
        X = C->getOperand(0);
      }
      return X;
    };
    unsigned Init = 3 + Arg.getArgNumber() - 1;
    if (flang::isDoLoop(Owner) && Arg.getArgNumber() >= 1 &&
        Init < Owner->getNumOperands() &&
        Strip(Owner->getOperand(Init)) == Strip(Owner->getOperand(0)))
      return expr(Arg.getOwner()->getArgument(0), Depth + 1);
  }
  Operation *D = V.getDefiningOp();
  if (!D || Depth > MaxExprDepth)
    return NewSymbol(SymbolKind::Opaque, true);
  auto Bin = [&](ExprKind K) -> ExprRef {
    ExprRef L = expr(D->getOperand(0), Depth + 1);
    ExprRef Rt = expr(D->getOperand(1), Depth + 1);
    return Expr::binary(K, L, Rt);
  };
  if (isa<arith::AddIOp>(D))
    return Bin(ExprKind::Add);
  if (isa<arith::SubIOp>(D))
    return Bin(ExprKind::Sub);
  if (isa<arith::MulIOp>(D))
    return Bin(ExprKind::Mul);
  if (isa<arith::DivSIOp, arith::DivUIOp>(D))
    return Bin(ExprKind::Div);
  if (isa<arith::RemSIOp, arith::RemUIOp>(D))
    return Bin(ExprKind::Mod);
  if (isa<arith::ShLIOp>(D))
    return Bin(ExprKind::Shl);
  if (isa<arith::ShRSIOp, arith::ShRUIOp>(D))
    return Bin(ExprKind::Shr);
  if (isa<arith::MinSIOp, arith::MinUIOp>(D))
    return Bin(ExprKind::Min);
  // `select(a < b, a, b)` is how Flang spells min (and max with `>`).
  if (auto Select = dyn_cast<arith::SelectOp>(D))
    if (auto Cmp = Select.getCondition().getDefiningOp<arith::CmpIOp>()) {
      using P = arith::CmpIPredicate;
      P Pred = Cmp.getPredicate();
      bool Less =
          Pred == P::slt || Pred == P::sle || Pred == P::ult || Pred == P::ule;
      bool Greater =
          Pred == P::sgt || Pred == P::sge || Pred == P::ugt || Pred == P::uge;
      bool Same = Select.getTrueValue() == Cmp.getLhs() &&
                  Select.getFalseValue() == Cmp.getRhs();
      bool Swapped = Select.getTrueValue() == Cmp.getRhs() &&
                     Select.getFalseValue() == Cmp.getLhs();
      if ((Less || Greater) && (Same || Swapped)) {
        ExprRef L = expr(Cmp.getLhs(), Depth + 1);
        ExprRef Rt = expr(Cmp.getRhs(), Depth + 1);
        return Expr::binary((Less == Same) ? ExprKind::Min : ExprKind::Max, L,
                            Rt);
      }
    }
  if (isa<arith::MaxSIOp, arith::MaxUIOp>(D))
    return Bin(ExprKind::Max);
  // Integer conversions keep the value of every index a loop reaches.
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
          arith::ExtUIOp, arith::TruncIOp>(D))
    return expr(D->getOperand(0), Depth + 1);
  if (flang::isConversion(D))
    return expr(D->getOperand(0), Depth + 1);
  if (calleeName(D) == "omp_get_thread_num")
    return Expr::symbol(threadIdSymbol());
  if (auto Ref = flang::loadedRef(D))
    if (ExprRef E = loadedValue(D, *Ref, Depth))
      return E;
  if (auto Apply = dyn_cast<affine::AffineApplyOp>(D)) {
    AffineMap M = Apply.getAffineMap();
    if (M.getNumResults() == 1)
      if (ExprRef E = affineExpr(M.getResult(0), Apply.getDimOperands(),
                                 Apply.getSymbolOperands(), Depth))
        return E;
  }
  // A load, a call, arithmetic we do not model: a value per work item.
  ExprRef E = NewSymbol(SymbolKind::Opaque, true);
  std::string Fortran = fortranName(V);
  if (!Fortran.empty())
    R.Symbols[E->symbol()].Name = Fortran;
  return E;
}

bool RegionModeler::addParallelVars(Operation *Op, SymbolKind Kind) {
  std::vector<SymbolId> Vars;
  if (auto Par = dyn_cast<scf::ParallelOp>(Op)) {
    for (unsigned K = 0; K < Par.getNumLoops(); ++K)
      Vars.push_back(loopSymbol(Par.getInductionVars()[K], Kind,
                                OpFoldResult(Par.getLowerBound()[K]),
                                OpFoldResult(Par.getUpperBound()[K]),
                                OpFoldResult(Par.getStep()[K]), false));
  } else if (auto Forall = dyn_cast<scf::ForallOp>(Op)) {
    auto Lbs = Forall.getMixedLowerBound(), Ubs = Forall.getMixedUpperBound(),
         Steps = Forall.getMixedStep();
    auto IVs = Forall.getInductionVars();
    for (unsigned K = 0; K < IVs.size(); ++K)
      Vars.push_back(loopSymbol(IVs[K], Kind, Lbs[K], Ubs[K], Steps[K], false));
  } else if (auto Par = dyn_cast<affine::AffineParallelOp>(Op)) {
    // One bound expression per dimension (max/min of several is not
    // modelled: the loop is left alone).
    auto Steps = Par.getSteps();
    for (unsigned K = 0; K < Par.getNumDims(); ++K) {
      AffineMap Lb = Par.getLowerBoundMap(K), Ub = Par.getUpperBoundMap(K);
      if (Lb.getNumResults() != 1 || Ub.getNumResults() != 1)
        return false;
      auto LbOps = Par.getLowerBoundsOperands();
      auto UbOps = Par.getUpperBoundsOperands();
      ExprRef LbE =
          affineExpr(Lb.getResult(0), LbOps.take_front(Lb.getNumDims()),
                     LbOps.drop_front(Lb.getNumDims()), 0);
      ExprRef UbE =
          affineExpr(Ub.getResult(0), UbOps.take_front(Ub.getNumDims()),
                     UbOps.drop_front(Ub.getNumDims()), 0);
      if (!LbE || !UbE)
        return false;
      Vars.push_back(loopSymbol(Par.getIVs()[K], Kind, LbE, UbE,
                                Expr::constant(Steps[K]), false));
    }
  } else {
    return false;
  }
  if (Kind == SymbolKind::Induction)
    R.WorkItemVars = Vars;
  return true;
}

void RegionModeler::registerInnerLoops(Operation *Op) {
  // Sequential loops (and nested parallel loops, sequential within one work
  // item of this loop) inside the body: their variables range over their
  // bounds.
  if (auto For = dyn_cast<scf::ForOp>(Op)) {
    loopSymbol(For.getInductionVar(), SymbolKind::InnerLoop,
               For.getLowerBound(), For.getUpperBound(), For.getStep(), false);
  } else if (auto For = dyn_cast<affine::AffineForOp>(Op)) {
    if (For.hasConstantBounds())
      loopSymbol(For.getInductionVar(), SymbolKind::InnerLoop,
                 Expr::constant(For.getConstantLowerBound()),
                 Expr::constant(For.getConstantUpperBound()),
                 Expr::constant(For.getStepAsInt()), false);
  } else if (addParallelVars(Op, SymbolKind::InnerLoop)) {
  } else if (flang::isDoLoop(Op) && Op->getNumOperands() >= 3 &&
             Op->getNumRegions() == 1 && !Op->getRegion(0).empty()) {
    // `fir.do_loop %j = %lb to %ub step %s`: the upper bound is inclusive.
    loopSymbol(Op->getRegion(0).getArgument(0), SymbolKind::InnerLoop,
               Op->getOperand(0), Op->getOperand(1), Op->getOperand(2), true);
  } else if (auto Nest = dyn_cast<omp::LoopNestOp>(Op)) {
    for (unsigned K = 0; K < Nest.getNumLoops(); ++K)
      loopSymbol(Nest.getIVs()[K], SymbolKind::InnerLoop,
                 Nest.getLoopLowerBounds()[K], Nest.getLoopUpperBounds()[K],
                 Nest.getLoopSteps()[K], Nest.getLoopInclusive());
  }
}

std::optional<unsigned> RegionModeler::buffer(Value MemRef) {
  // A cast keeps the indexing; any other view is a buffer of its own.
  while (auto Cast = MemRef.getDefiningOp<memref::CastOp>())
    MemRef = Cast.getSource();
  // Flang's variables: through their declarations to the memory.
  std::string FortranName;
  Operation *Declaration = nullptr;
  MemRef = flang::rootOf(MemRef, &FortranName, &Declaration);
  // Memory made inside the parallel scope (or a private or reduction block
  // argument of the construct) belongs to one work item or one thread; a
  // global's address may be taken anywhere.
  if (definedInside(MemRef, Scope) && !flang::isGlobal(MemRef))
    return std::nullopt;
  // A `linear` list item has a private copy per thread (Flang leaves it to
  // the translation to LLVM IR to make it).
  if (auto Ws = dyn_cast<omp::WsloopOp>(Loop))
    for (Value Linear : Ws.getLinearVars())
      if (flang::rootOf(Linear) == MemRef)
        return std::nullopt;
  auto It = Buffers.find(MemRef);
  if (It != Buffers.end())
    return It->second;
  Buffer B;
  B.Name = FortranName.empty() ? name(MemRef) : FortranName;
  B.Handle = MemRef.getAsOpaquePointer();
  B.Attr = Sharing::Shared;
  auto Type = dyn_cast<MemRefType>(MemRef.getType());
  if (Type) {
    B.Kind = Type.getRank() == 0 ? BufferKind::Scalar : BufferKind::Array;
    mlir::Type Elt = Type.getElementType();
    if (Elt.isIndex())
      B.ElementSize = 8;
    else if (Elt.isIntOrFloat())
      B.ElementSize = (Elt.getIntOrFloatBitWidth() + 7) / 8;
    if (Type.getRank() > 0 && !Type.isDynamicDim(0))
      B.Extent = Type.getDimSize(0);
  }
  if (!Type) {
    // A Flang variable: what its printed type says.
    flang::MemoryShape Shape = flang::shapeOf(MemRef.getType());
    B.ElementSize = Shape.ElementBytes;
    if (Shape.Extents.size() == 1 && Shape.Extents[0] >= 0)
      B.Extent = Shape.Extents[0];
  }
  if (Declaration)
    B.Decl = Locs.add(Declaration->getLoc());
  else if (Operation *D = MemRef.getDefiningOp())
    B.Decl = Locs.add(D->getLoc());
  else
    B.Decl = Locs.add(cast<BlockArgument>(MemRef).getLoc());
  R.Buffers.push_back(std::move(B));
  unsigned Index = R.Buffers.size() - 1;
  Buffers[MemRef] = Index;
  return Index;
}

void RegionModeler::addAccess(Operation *Op, Value MemRef,
                              std::vector<ExprRef> Index, AccessKind Kind,
                              ReductionOp RedOp, Guard Protection,
                              bool WholeBuffer) {
  std::optional<unsigned> BI = buffer(MemRef);
  if (!BI)
    return;
  // A Flang variable is an array when it is subscripted or assigned whole.
  if (!isa<MemRefType>(MemRef.getType()) && (!Index.empty() || WholeBuffer))
    R.Buffers[*BI].Kind = BufferKind::Array;
  Access A;
  A.WholeBuffer = WholeBuffer;
  A.BufferIndex = *BI;
  A.Kind = Kind;
  A.Op = RedOp;
  A.Protection = Protection;
  // Byte strides of a row-major memref with the identity layout.
  if (auto Type = dyn_cast<MemRefType>(MemRef.getType());
      Type && Type.getLayout().isIdentity()) {
    uint64_t Stride = R.Buffers[*BI].ElementSize;
    A.Strides.assign(Index.size(), 0);
    for (int64_t D = int64_t(Index.size()) - 1; D >= 0; --D) {
      A.Strides[D] = Stride;
      if (Type.isDynamicDim(D))
        Stride = 0;
      else
        Stride *= Type.getDimSize(D);
    }
  }
  // A Flang vector: consecutive subscripts are consecutive elements.
  if (!isa<MemRefType>(MemRef.getType()) && Index.size() == 1)
    A.Strides.assign(1, R.Buffers[*BI].ElementSize);
  A.Index = std::move(Index);
  A.Fields.assign(A.Index.size(), std::string());
  if (A.Strides.size() != A.Index.size())
    A.Strides.assign(A.Index.size(), 0);
  // Where the access sits inside the work item: loops around it, the
  // branches of `scf.if` it is in, guards of the `omp` dialect.
  std::vector<unsigned> Branch;
  for (Operation *P = Op->getParentOp(); P && P != Loop; P = P->getParentOp()) {
    if ((isa<scf::ForOp, scf::ParallelOp, scf::ForallOp, affine::AffineForOp,
             affine::AffineParallelOp, omp::LoopNestOp, scf::WhileOp>(P) ||
         flang::isDoLoop(P)) &&
        P != Nest)
      ++A.LoopDepth;
    if (isa<scf::WhileOp>(P))
      A.Conditional = true;
    if (isa<scf::IfOp, affine::AffineIfOp, scf::IndexSwitchOp>(P) ||
        flang::isIf(P)) {
      A.Conditional = true;
      Region *Holder = Op->getParentRegion();
      while (Holder->getParentOp() != P)
        Holder = Holder->getParentOp()->getParentRegion();
      if (Holder->getRegionNumber() == 0 && P->getNumOperands() >= 1 &&
          lastIterationOnly(P->getOperand(0)))
        A.SingleWorkItem = true;
      auto Key = std::make_pair(P, Holder->getRegionNumber());
      auto It = BranchIds.try_emplace(Key, BranchIds.size() + 1).first;
      Branch.push_back(It->second);
    }
    if (A.Protection == Guard::None) {
      if (isa<omp::CriticalOp>(P))
        A.Protection = Guard::Critical;
      else if (isa<omp::OrderedRegionOp>(P))
        A.Protection = Guard::Ordered;
      else if (isa<omp::SingleOp, omp::MaskedOp, omp::MasterOp>(P))
        A.Protection = Guard::Single;
    }
  }
  A.Branch.assign(Branch.rbegin(), Branch.rend());
  if (A.Protection == Guard::None && heldLock(Op, Loop))
    A.Protection = Guard::Lock;
  A.Order = Order++;
  A.Phase = Phase;
  A.Where = Locs.add(Op->getLoc());
  A.Spelling = R.Buffers[*BI].Name;
  if (!A.Index.empty()) {
    A.Spelling += "[";
    for (size_t K = 0; K < A.Index.size(); ++K)
      A.Spelling += (K ? ", " : "") + R.print(*A.Index[K]);
    A.Spelling += "]";
  }
  R.Accesses.push_back(std::move(A));
}

/// The callee of a `func.call` or `fir.call`, if direct.
llvm::StringRef calleeName(Operation *Op) {
  if (!Op->getName().getStringRef().ends_with(".call"))
    return "";
  if (auto Callee = Op->getAttrOfType<SymbolRefAttr>("callee"))
    return Callee.getLeafReference().getValue();
  return "";
}

/// Whether an OpenMP lock is held at \p Op: an `omp_set_lock` before it
/// in its block (or an enclosing one) without an `omp_unset_lock` between.
bool heldLock(Operation *Op, Operation *Loop) {
  // Within one work item: from the access up to the loop's body.
  for (Operation *At = Op; At && At != Loop && At->getBlock();
       At = At->getParentOp()) {
    if (isa<omp::LoopNestOp>(At))
      return false;
    for (Operation *Prev = At->getPrevNode(); Prev;
         Prev = Prev->getPrevNode()) {
      llvm::StringRef Callee = calleeName(Prev);
      if (Callee == "omp_set_lock" || Callee == "omp_set_nest_lock")
        return true;
      if (Callee == "omp_unset_lock" || Callee == "omp_unset_nest_lock")
        return false;
    }
  }
  return false;
}

/// The reduction operator of an arith operation combining a loaded value
/// with another (`s[k] = s[k] + x`), if it is one.
ReductionOp combiningOp(Operation *Op, unsigned LoadOperand) {
  if (isa<arith::AddIOp, arith::AddFOp>(Op))
    return ReductionOp::Add;
  if (isa<arith::SubIOp, arith::SubFOp>(Op))
    return LoadOperand == 0 ? ReductionOp::Sub : ReductionOp::None;
  if (isa<arith::MulIOp, arith::MulFOp>(Op))
    return ReductionOp::Mul;
  if (isa<arith::AndIOp>(Op))
    return ReductionOp::And;
  if (isa<arith::OrIOp>(Op))
    return ReductionOp::Or;
  if (isa<arith::XOrIOp>(Op))
    return ReductionOp::Xor;
  if (isa<arith::MinSIOp, arith::MinUIOp, arith::MinimumFOp, arith::MinNumFOp>(
          Op))
    return ReductionOp::Min;
  if (isa<arith::MaxSIOp, arith::MaxUIOp, arith::MaximumFOp, arith::MaxNumFOp>(
          Op))
    return ReductionOp::Max;
  return ReductionOp::None;
}

void RegionModeler::collectUpdates() {
  // `%v = load m[idx]; %w = op %v, %x; store %w, m[idx]` in one block is one
  // read-modify-write: what the checks call an accumulation.
  Loop->walk([&](memref::StoreOp Store) {
    Operation *Combine = Store.getValueToStore().getDefiningOp();
    if (!Combine || Combine->getNumOperands() != 2)
      return;
    for (unsigned K = 0; K < 2; ++K) {
      auto Load = Combine->getOperand(K).getDefiningOp<memref::LoadOp>();
      if (!Load || Load.getMemRef() != Store.getMemRef() ||
          Load.getIndices() != Store.getIndices() ||
          Load->getBlock() != Store->getBlock() ||
          !Load->isBeforeInBlock(Store) || !Load->hasOneUse())
        continue;
      ReductionOp Op = combiningOp(Combine, K);
      if (Op == ReductionOp::None)
        continue;
      FoldedLoads.insert(Load);
      Updates[Store] = Op;
      return;
    }
  });
  // Flang: `fir.load` of an element, an arith operation, and `hlfir.assign`
  // (or `fir.store`) to the same element: `s = s + a(i)`, `h(k) = h(k) + 1`.
  Loop->walk([&](Operation *Store) {
    auto Stored = flang::storedValue(Store);
    if (!Stored)
      return;
    Operation *Combine = Stored->first.getDefiningOp();
    if (!Combine || Combine->getNumOperands() != 2)
      return;
    for (unsigned K = 0; K < 2; ++K) {
      Operation *Load = Combine->getOperand(K).getDefiningOp();
      auto Ref = flang::loadedRef(Load);
      if (!Ref || !flang::sameElement(*Ref, Stored->second) ||
          Load->getBlock() != Store->getBlock() ||
          !Load->isBeforeInBlock(Store) || !Load->hasOneUse())
        continue;
      ReductionOp Op = combiningOp(Combine, K);
      if (Op == ReductionOp::None)
        continue;
      FoldedLoads.insert(Load);
      Updates[Store] = Op;
      return;
    }
  });
}

bool RegionModeler::lastIterationOnly(Value Condition, unsigned Depth) {
  // Flang's `lastprivate` copy-out runs where `iv + step` passes the upper
  // bound: `select(step < 0, iv + step < ub, iv + step > ub)`.
  auto NestOp = dyn_cast_or_null<omp::LoopNestOp>(Nest);
  Operation *D = Condition.getDefiningOp();
  if (!NestOp || NestOp.getNumLoops() != 1 || !D || Depth > 4)
    return false;
  if (auto Select = dyn_cast<arith::SelectOp>(D)) {
    // The step's sign, compared with constants.
    auto Sign = Select.getCondition().getDefiningOp<arith::CmpIOp>();
    APInt L, Rt;
    if (!Sign || !matchPattern(Sign.getLhs(), m_ConstantInt(&L)) ||
        !matchPattern(Sign.getRhs(), m_ConstantInt(&Rt)))
      return false;
    int64_t A = L.getSExtValue(), B = Rt.getSExtValue();
    std::optional<bool> Chosen;
    switch (Sign.getPredicate()) {
    case arith::CmpIPredicate::slt:
      Chosen = A < B;
      break;
    case arith::CmpIPredicate::sgt:
      Chosen = A > B;
      break;
    case arith::CmpIPredicate::sle:
      Chosen = A <= B;
      break;
    case arith::CmpIPredicate::sge:
      Chosen = A >= B;
      break;
    default:
      return false;
    }
    return lastIterationOnly(
        *Chosen ? Select.getTrueValue() : Select.getFalseValue(), Depth + 1);
  }
  auto Cmp = dyn_cast<arith::CmpIOp>(D);
  if (!Cmp)
    return false;
  Value IV = NestOp.getIVs()[0];
  // Flang loads the bound again for the test: compare what they are.
  auto IsUb = [&](Value V) {
    return expr(V)->equals(*expr(NestOp.getLoopUpperBounds()[0]));
  };
  APInt Step;
  if (!matchPattern(NestOp.getLoopSteps()[0], m_ConstantInt(&Step)) ||
      !NestOp.getLoopInclusive())
    return false;
  int64_t St = Step.getSExtValue();
  // `iv == ub` names the last iteration of an ascending loop with step 1.
  if (Cmp.getPredicate() == arith::CmpIPredicate::eq && St == 1 &&
      ((Cmp.getLhs() == IV && IsUb(Cmp.getRhs())) ||
       (IsUb(Cmp.getLhs()) && Cmp.getRhs() == IV)))
    return true;
  auto Next = Cmp.getLhs().getDefiningOp<arith::AddIOp>();
  APInt Added;
  if (!Next || !IsUb(Cmp.getRhs()) ||
      !((Next.getLhs() == IV &&
         matchPattern(Next.getRhs(), m_ConstantInt(&Added))) ||
        (Next.getRhs() == IV &&
         matchPattern(Next.getLhs(), m_ConstantInt(&Added)))) ||
      Added.getSExtValue() != St)
    return false;
  return (St > 0 && Cmp.getPredicate() == arith::CmpIPredicate::sgt) ||
         (St < 0 && Cmp.getPredicate() == arith::CmpIPredicate::slt);
}

SymbolId RegionModeler::threadIdSymbol() {
  if (ThreadId)
    return *ThreadId;
  Symbol S;
  S.Name = "thread";
  S.Kind = SymbolKind::ThreadId;
  S.Min = Expr::constant(0);
  if (R.NumThreads && R.NumThreads->kind() == ExprKind::Constant)
    S.Max = Expr::constant(R.NumThreads->value() - 1);
  ThreadId = R.addSymbol(std::move(S));
  return *ThreadId;
}

std::string RegionModeler::fortranName(Value V) {
  Operation *D = V.getDefiningOp();
  auto Ref = flang::loadedRef(D);
  if (!Ref)
    return "";
  std::string Name;
  flang::rootOf(*Ref, &Name);
  return Name;
}

bool RegionModeler::writtenInLoop(Value Root) {
  bool Written = false;
  Loop->walk([&](Operation *W) {
    if (auto Stored = flang::storedValue(W))
      Written |= flang::rootOf(Stored->second) == Root;
  });
  return Written;
}

Operation *RegionModeler::nearestWriter(Operation *Load, Value Root) {
  // The write that reaches the load: before it in an enclosing block, the
  // innermost such block, the last write there.
  Operation *Best = nullptr;
  Scope->walk([&](Operation *W) {
    auto Stored = flang::storedValue(W);
    if (!Stored || flang::rootOf(Stored->second) != Root)
      return;
    Value Base;
    llvm::SmallVector<Value> Indices;
    if (flang::elementOf(Stored->second, Base, Indices))
      return;
    Operation *Ancestor = W->getBlock()->findAncestorOpInBlock(*Load);
    if (!Ancestor || Ancestor == W || !W->isBeforeInBlock(Ancestor))
      return;
    if (!Best ||
        (W->getBlock() == Best->getBlock() && Best->isBeforeInBlock(W)) ||
        (W->getBlock() != Best->getBlock() &&
         Best->getBlock()->findAncestorOpInBlock(*W)))
      Best = W;
  });
  return Best;
}

ExprRef RegionModeler::loadedValue(Operation *Load, Value Ref, unsigned Depth) {
  Value Base;
  llvm::SmallVector<Value> Indices;
  if (flang::elementOf(Ref, Base, Indices))
    return nullptr; // an index loaded from an array: opaque
  Value Root = flang::rootOf(Ref);
  // A private copy (Flang's loop variables): the value last stored into it.
  if (definedInside(Root, Scope) && !flang::isGlobal(Root)) {
    if (Operation *W = nearestWriter(Load, Root))
      return expr(flang::storedValue(W)->first, Depth + 1);
    return nullptr;
  }
  // A shared variable the loop never writes (`n`): one value for all.
  if (writtenInLoop(Root))
    return nullptr;
  auto It = Symbols.find(Root);
  if (It != Symbols.end())
    return Expr::symbol(It->second);
  Symbol S;
  flang::rootOf(Ref, &S.Name);
  if (S.Name.empty())
    S.Name = name(Root);
  S.Kind = SymbolKind::Invariant;
  S.IterationDependent = false;
  SymbolId Id = R.addSymbol(std::move(S));
  Symbols[Root] = Id;
  return Expr::symbol(Id);
}

void RegionModeler::addFlangAccess(Operation *Op, Value Ref, AccessKind Kind,
                                   ReductionOp RedOp) {
  Value Base;
  llvm::SmallVector<Value> Indices;
  std::vector<ExprRef> Index;
  bool Whole = false;
  if (flang::elementOf(Ref, Base, Indices)) {
    for (Value I : Indices)
      Index.push_back(expr(I));
  } else if (Operation *D = Ref.getDefiningOp();
             D && D->getName().getStringRef() == "hlfir.designate") {
    return; // sections, components: not modelled yet
  } else {
    Base = Ref;
    Whole = flang::isArrayReference(Ref.getType());
  }
  addAccess(Op, Base, std::move(Index), Kind, RedOp, Guard::None, Whole);
}

void RegionModeler::visit(Operation *Op) {
  auto Indices = [&](ValueRange Vs) {
    std::vector<ExprRef> Index;
    for (Value V : Vs)
      Index.push_back(expr(V));
    return Index;
  };
  auto AffineIndices = [&](AffineMap M, ValueRange Operands) {
    std::vector<ExprRef> Index;
    ValueRange Dims = Operands.take_front(M.getNumDims());
    ValueRange Syms = Operands.drop_front(M.getNumDims());
    for (AffineExpr E : M.getResults()) {
      ExprRef X = affineExpr(E, Dims, Syms, 0);
      if (!X) {
        Symbol S;
        S.Name = "?";
        S.Kind = SymbolKind::Opaque;
        X = Expr::symbol(R.addSymbol(std::move(S)));
      }
      Index.push_back(X);
    }
    return Index;
  };
  // Zero indices: the element an `omp.atomic` operand points to.
  auto FirstElement = [&](Value MemRef) {
    std::vector<ExprRef> Index;
    if (auto Type = dyn_cast<MemRefType>(MemRef.getType()))
      Index.assign(Type.getRank(), Expr::constant(0));
    return Index;
  };
  if (auto Load = dyn_cast<memref::LoadOp>(Op)) {
    if (!FoldedLoads.count(Op))
      addAccess(Op, Load.getMemRef(), Indices(Load.getIndices()),
                AccessKind::Read, ReductionOp::None, Guard::None);
  } else if (auto Store = dyn_cast<memref::StoreOp>(Op)) {
    auto It = Updates.find(Op);
    if (It != Updates.end())
      addAccess(Op, Store.getMemRef(), Indices(Store.getIndices()),
                AccessKind::ReadModifyWrite, It->second, Guard::None);
    else
      addAccess(Op, Store.getMemRef(), Indices(Store.getIndices()),
                AccessKind::Write, ReductionOp::None, Guard::None);
  } else if (auto Load = dyn_cast<affine::AffineLoadOp>(Op)) {
    addAccess(Op, Load.getMemRef(),
              AffineIndices(Load.getAffineMap(), Load.getMapOperands()),
              AccessKind::Read, ReductionOp::None, Guard::None);
  } else if (auto Store = dyn_cast<affine::AffineStoreOp>(Op)) {
    addAccess(Op, Store.getMemRef(),
              AffineIndices(Store.getAffineMap(), Store.getMapOperands()),
              AccessKind::Write, ReductionOp::None, Guard::None);
  } else if (auto Ref = flang::loadedRef(Op)) {
    if (!FoldedLoads.count(Op))
      addFlangAccess(Op, *Ref, AccessKind::Read, ReductionOp::None);
  } else if (auto Stored = flang::storedValue(Op)) {
    auto It = Updates.find(Op);
    if (It != Updates.end())
      addFlangAccess(Op, Stored->second, AccessKind::ReadModifyWrite,
                     It->second);
    else
      addFlangAccess(Op, Stored->second, AccessKind::Write, ReductionOp::None);
    // `b = a` on arrays reads the right-hand side's memory.
    if (flang::isReference(Stored->first.getType()))
      addFlangAccess(Op, Stored->first, AccessKind::Read, ReductionOp::None);
  } else if (auto Update = dyn_cast<omp::AtomicUpdateOp>(Op)) {
    addAccess(Op, Update.getX(), FirstElement(Update.getX()),
              AccessKind::ReadModifyWrite, ReductionOp::Other, Guard::Atomic);
  } else if (auto Read = dyn_cast<omp::AtomicReadOp>(Op)) {
    addAccess(Op, Read.getX(), FirstElement(Read.getX()), AccessKind::Read,
              ReductionOp::None, Guard::Atomic);
    addAccess(Op, Read.getV(), FirstElement(Read.getV()), AccessKind::Write,
              ReductionOp::None, Guard::None);
  } else if (auto Write = dyn_cast<omp::AtomicWriteOp>(Op)) {
    addAccess(Op, Write.getX(), FirstElement(Write.getX()), AccessKind::Write,
              ReductionOp::None, Guard::Atomic);
  }
}

std::optional<ParallelRegion> RegionModeler::build() {
  R.Kind = RegionKind::Loop;
  R.Handle = Loop;
  R.Directive = Locs.add(Loop->getLoc());
  if (isa<scf::ParallelOp, scf::ForallOp, affine::AffineParallelOp>(Loop)) {
    R.Construct = Loop->getName().getStringRef().str();
    if (!addParallelVars(Loop, SymbolKind::Induction))
      return std::nullopt;
  } else if (auto Team = dyn_cast<omp::ParallelOp>(Loop)) {
    // Every thread of the team runs the body: the work items are threads.
    R.Kind = RegionKind::Replicated;
    R.Construct = flang::isFortran(Loop) ? "!$omp parallel" : "omp.parallel";
    R.CreatesTeam = true;
    if (Value N = Team.getNumThreads()) {
      R.NumThreadsClause = true;
      R.NumThreads = expr(N);
    }
    R.WorkItemVars.push_back(threadIdSymbol());
  } else if (auto Ws = dyn_cast<omp::WsloopOp>(Loop)) {
    R.Construct = "omp.wsloop";
    if (flang::isFortran(Loop)) {
      // `!$omp parallel do` is an omp.parallel around the loop alone.
      auto Team = dyn_cast_or_null<omp::ParallelOp>(Loop->getParentOp());
      bool Combined =
          Team && llvm::all_of(Team.getRegion().getOps(), [&](Operation &Op) {
            return &Op == Loop || Op.getNumRegions() == 0;
          });
      R.Construct = Combined ? "!$omp parallel do" : "!$omp do";
    }
    if (auto Team = Loop->getParentOfType<omp::ParallelOp>())
      Scope = Team;
    omp::LoopNestOp Nest;
    Loop->walk([&](omp::LoopNestOp N) {
      Nest = N;
      return WalkResult::interrupt();
    });
    if (!Nest)
      return std::nullopt;
    this->Nest = Nest;
    for (unsigned K = 0; K < Nest.getNumLoops(); ++K)
      R.WorkItemVars.push_back(
          loopSymbol(Nest.getIVs()[K], SymbolKind::Induction,
                     Nest.getLoopLowerBounds()[K], Nest.getLoopUpperBounds()[K],
                     Nest.getLoopSteps()[K], Nest.getLoopInclusive()));
    if (auto Kind = Ws.getScheduleKind()) {
      switch (*Kind) {
      case omp::ClauseScheduleKind::Static:
        R.Schedule = ScheduleKind::Static;
        break;
      case omp::ClauseScheduleKind::Dynamic:
        R.Schedule = ScheduleKind::Dynamic;
        break;
      case omp::ClauseScheduleKind::Guided:
        R.Schedule = ScheduleKind::Guided;
        break;
      case omp::ClauseScheduleKind::Auto:
        R.Schedule = ScheduleKind::Auto;
        break;
      default:
        R.Schedule = ScheduleKind::Runtime;
        break;
      }
      R.ScheduleClause = R.Directive;
      if (Value Chunk = Ws.getScheduleChunk())
        R.Chunk = expr(Chunk);
    }
  } else {
    return std::nullopt;
  }
  collectUpdates();
  Loop->walk<WalkOrder::PreOrder>([&](Operation *Op) {
    if (Op == Loop)
      return;
    // Accesses after a barrier never race with those before it.
    if (isa<omp::BarrierOp>(Op))
      ++Phase;
    // The distributed loop nest's variables are the work items' already.
    if (Op != Nest)
      registerInnerLoops(Op);
    visit(Op);
  });
  return R;
}

} // namespace

std::optional<ParallelRegion> buildRegion(Operation *Loop,
                                          LocationTable &Locs) {
  if (!isParallelLoop(Loop))
    return std::nullopt;
  return RegionModeler(Loop, Locs).build();
}

} // namespace mlirfe
} // namespace privateer
