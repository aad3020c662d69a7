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

using namespace mlir;

namespace privateer {
namespace mlirfe {

bool isParallelLoop(Operation *Op) {
  return isa<scf::ParallelOp, omp::WsloopOp>(Op);
}

namespace {

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
  SymbolId loopSymbol(Value IV, SymbolKind Kind, Value Lb, Value Ub, Value Step,
                      bool Inclusive);
  void registerInnerLoops(Operation *Op);
  std::optional<unsigned> buffer(Value MemRef);
  void addAccess(Operation *Op, Value MemRef, std::vector<ExprRef> Index,
                 AccessKind Kind, ReductionOp RedOp, Guard Protection);
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

SymbolId RegionModeler::loopSymbol(Value IV, SymbolKind Kind, Value Lb,
                                   Value Ub, Value Step, bool Inclusive) {
  Symbol S;
  S.Name = name(IV);
  S.Kind = Kind;
  APInt LbC, UbC, StC;
  bool ConstLb = matchPattern(Lb, m_ConstantInt(&LbC));
  bool ConstUb = matchPattern(Ub, m_ConstantInt(&UbC));
  bool ConstSt = Step && matchPattern(Step, m_ConstantInt(&StC));
  int64_t St = ConstSt ? StC.getSExtValue() : 1;
  if (St == 0)
    St = 1;
  S.Step = std::llabs(St);
  if (St < 0) {
    // A descending loop (Flang's `do i = n, 1, -1`): from Lb down to Ub.
    S.Descending = true;
    S.Max = expr(Lb);
    S.Min = Inclusive
                ? expr(Ub)
                : Expr::binary(ExprKind::Add, expr(Ub), Expr::constant(1));
  } else {
    S.Min = expr(Lb);
    if (ConstLb && ConstUb && ConstSt) {
      // The last value the lattice reaches, so the solver never picks one
      // between the steps.
      int64_t L = LbC.getSExtValue(), U = UbC.getSExtValue();
      int64_t Last = Inclusive ? U : U - 1;
      S.Max = Expr::constant(Last < L ? L - 1 : L + (Last - L) / St * St);
    } else {
      S.Max = Inclusive
                  ? expr(Ub)
                  : Expr::binary(ExprKind::Sub, expr(Ub), Expr::constant(1));
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
  if (!definedInside(V, Loop))
    return NewSymbol(SymbolKind::Invariant, false);
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
  if (isa<arith::MaxSIOp, arith::MaxUIOp>(D))
    return Bin(ExprKind::Max);
  // Integer conversions keep the value of every index a loop reaches.
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
          arith::ExtUIOp, arith::TruncIOp>(D))
    return expr(D->getOperand(0), Depth + 1);
  if (auto Apply = dyn_cast<affine::AffineApplyOp>(D)) {
    AffineMap M = Apply.getAffineMap();
    if (M.getNumResults() == 1)
      if (ExprRef E = affineExpr(M.getResult(0), Apply.getDimOperands(),
                                 Apply.getSymbolOperands(), Depth))
        return E;
  }
  // A load, a call, arithmetic we do not model: a value per work item.
  return NewSymbol(SymbolKind::Opaque, true);
}

void RegionModeler::registerInnerLoops(Operation *Op) {
  // Sequential loops (and nested parallel loops, sequential within one work
  // item of this loop) inside the body: their variables range over their
  // bounds.
  if (auto For = dyn_cast<scf::ForOp>(Op)) {
    loopSymbol(For.getInductionVar(), SymbolKind::InnerLoop,
               For.getLowerBound(), For.getUpperBound(), For.getStep(), false);
  } else if (auto Par = dyn_cast<scf::ParallelOp>(Op)) {
    for (unsigned K = 0; K < Par.getNumLoops(); ++K)
      loopSymbol(Par.getInductionVars()[K], SymbolKind::InnerLoop,
                 Par.getLowerBound()[K], Par.getUpperBound()[K],
                 Par.getStep()[K], false);
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
  // Memory made inside the parallel scope (or a private or reduction block
  // argument of the construct) belongs to one work item or one thread.
  if (definedInside(MemRef, Scope))
    return std::nullopt;
  auto It = Buffers.find(MemRef);
  if (It != Buffers.end())
    return It->second;
  Buffer B;
  B.Name = name(MemRef);
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
  if (Operation *D = MemRef.getDefiningOp())
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
                              ReductionOp RedOp, Guard Protection) {
  std::optional<unsigned> BI = buffer(MemRef);
  if (!BI)
    return;
  Access A;
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
  A.Index = std::move(Index);
  A.Fields.assign(A.Index.size(), std::string());
  if (A.Strides.size() != A.Index.size())
    A.Strides.assign(A.Index.size(), 0);
  // Where the access sits inside the work item: loops around it, the
  // branches of `scf.if` it is in, guards of the `omp` dialect.
  std::vector<unsigned> Branch;
  for (Operation *P = Op->getParentOp(); P && P != Loop; P = P->getParentOp()) {
    if (isa<scf::ForOp, scf::ParallelOp, affine::AffineForOp, omp::LoopNestOp,
            scf::WhileOp>(P) &&
        P != Nest)
      ++A.LoopDepth;
    if (isa<scf::WhileOp>(P))
      A.Conditional = true;
    if (isa<scf::IfOp, affine::AffineIfOp, scf::IndexSwitchOp>(P)) {
      A.Conditional = true;
      Region *Holder = Op->getParentRegion();
      while (Holder->getParentOp() != P)
        Holder = Holder->getParentOp()->getParentRegion();
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
  A.Order = Order++;
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
  if (auto Par = dyn_cast<scf::ParallelOp>(Loop)) {
    R.Construct = "scf.parallel";
    for (unsigned K = 0; K < Par.getNumLoops(); ++K)
      R.WorkItemVars.push_back(
          loopSymbol(Par.getInductionVars()[K], SymbolKind::Induction,
                     Par.getLowerBound()[K], Par.getUpperBound()[K],
                     Par.getStep()[K], false));
  } else if (auto Ws = dyn_cast<omp::WsloopOp>(Loop)) {
    R.Construct = "omp.wsloop";
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
