//===- IndexTranslator.cpp - MLIR values to symbolic index expressions ----===//
//
// Part of privateer. Values become privateer expressions: constants, loop
// variables with their bounds (the work items' and the sequential loops'
// inside them), values from outside the construct as invariant symbols, the
// integer arithmetic of `arith` and `affine.apply`, the thread number, and
// for Flang the loop variable read back from its private copy in memory.
// Anything else is an opaque value per work item.
//
//===----------------------------------------------------------------------===//

#include "FlangOps.h"
#include "OpSemantics.h"
#include "RegionModeler.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace privateer {
namespace mlirfe {

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
  // Constants wider than 64 bits (i128) that do not fit are unknown.
  if (auto A = dyn_cast_if_present<Attribute>(F)) {
    if (auto I = dyn_cast<IntegerAttr>(A))
      return I.getValue().trySExtValue();
    return std::nullopt;
  }
  APInt C;
  if (Value V = dyn_cast_if_present<Value>(F);
      V && matchPattern(V, m_ConstantInt(&C)))
    return C.trySExtValue();
  return std::nullopt;
}

ExprRef RegionModeler::boundExpr(Bound B) {
  if (auto *E = std::get_if<ExprRef>(&B))
    return *E;
  if (std::optional<int64_t> C = constantOf(B))
    return Expr::constant(*C);
  return expr(cast<Value>(std::get<OpFoldResult>(B)));
}

std::optional<int64_t> RegionModeler::lastOnLattice(int64_t Lb, int64_t Ub,
                                                    bool Inclusive,
                                                    int64_t Step) {
  // User constants: a value past int64_t leaves the bound symbolic.
  std::optional<int64_t> Last =
      Inclusive ? std::optional<int64_t>(Ub) : llvm::checkedSub<int64_t>(Ub, 1);
  if (!Last || Step <= 0)
    return std::nullopt;
  if (*Last < Lb)
    return llvm::checkedSub<int64_t>(Lb, 1); // no value
  std::optional<int64_t> Span = llvm::checkedSub<int64_t>(*Last, Lb);
  if (!Span)
    return std::nullopt;
  return Lb + *Span / Step * Step; // at most Last
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
  // A step of INT64_MIN has no magnitude in an int64_t: like a symbolic
  // step, it is taken as 1 (every value between the bounds).
  if (StC && *StC == INT64_MIN)
    StC.reset();
  int64_t St = StC && *StC ? *StC : 1;
  S.Step = St < 0 ? -St : St;
  if (St < 0) {
    // A descending loop (Flang's `do i = n, 1, -1`): from Lb down to Ub.
    S.Descending = true;
    S.Max = LbE;
    S.Min =
        Inclusive ? UbE : Expr::binary(ExprKind::Add, UbE, Expr::constant(1));
  } else {
    S.Min = LbE;
    S.Max =
        Inclusive ? UbE : Expr::binary(ExprKind::Sub, UbE, Expr::constant(1));
    if (LbE->kind() == ExprKind::Constant &&
        UbE->kind() == ExprKind::Constant && StC)
      // The last value the lattice reaches, so the solver never picks one
      // between the steps.
      if (auto Last = lastOnLattice(LbE->value(), UbE->value(), Inclusive, St))
        S.Max = Expr::constant(*Last);
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
  // (A constant past int64_t is modelled as the value it is not.)
  if (matchPattern(V, m_ConstantInt(&C)))
    if (std::optional<int64_t> Fits = C.trySExtValue())
      return Expr::constant(*Fits);
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

ExprRef RegionModeler::sectionVariable(ExprRef LoE, ExprRef HiE,
                                       int64_t Step64) {
  // Not keyed by a value: each section's variable is its own.
  Symbol S;
  S.Name = "section";
  S.Kind = SymbolKind::InnerLoop;
  // (INT64_MIN, whose magnitude no int64_t holds, as 1: every value.)
  if (Step64 == INT64_MIN)
    Step64 = 1;
  S.Step = Step64 < 0 ? -Step64 : Step64;
  if (Step64 < 0) {
    // `a(hi:lo:-1)`: from the first value down to the last.
    S.Descending = true;
    S.Max = LoE;
    S.Min = HiE;
  } else {
    S.Min = LoE;
    S.Max = HiE;
    // The last value the step reaches, as for loops.
    if (LoE->kind() == ExprKind::Constant && HiE->kind() == ExprKind::Constant)
      if (auto Last = lastOnLattice(LoE->value(), HiE->value(), true, Step64))
        S.Max = Expr::constant(*Last);
  }
  return Expr::symbol(R.addSymbol(std::move(S)));
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
    if (!L.trySExtValue() || !Rt.trySExtValue())
      return false;
    int64_t A = *L.trySExtValue(), B = *Rt.trySExtValue();
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
      !NestOp.getLoopInclusive() || !Step.trySExtValue())
    return false;
  int64_t St = *Step.trySExtValue();
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
      Added.trySExtValue() != St)
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
    if (auto Last = llvm::checkedSub<int64_t>(R.NumThreads->value(), 1))
      S.Max = Expr::constant(*Last);
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

} // namespace mlirfe
} // namespace privateer
