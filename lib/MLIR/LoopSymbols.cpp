//===- LoopSymbols.cpp - Loop variables and the team as symbols -----------===//
//
// Part of privateer. The variables of loops (the work items' and the
// sequential loops' inside them, sections of an assignment) as symbols with
// their bounds and steps, and the thread number and team size.
//
//===----------------------------------------------------------------------===//

#include "ExprTranslator.h"
#include "FlangOps.h"
#include "RegionContext.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "llvm/Support/CheckedArithmetic.h"

#include <variant>

using namespace mlir;

namespace privateer {
namespace mlirfe {

std::optional<int64_t> ExprTranslator::constantOf(Bound B) {
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

ExprRef ExprTranslator::boundExpr(Bound B) {
  if (auto *E = std::get_if<ExprRef>(&B))
    return *E;
  if (std::optional<int64_t> C = constantOf(B))
    return Expr::constant(*C);
  return expr(cast<Value>(std::get<OpFoldResult>(B)));
}

std::optional<int64_t> ExprTranslator::lastOnLattice(int64_t Lb, int64_t Ub,
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

SymbolId ExprTranslator::loopSymbol(Value IV, SymbolKind Kind, Bound Lb,
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
  SymbolId Id = State.R.addSymbol(std::move(S));
  State.Symbols[IV] = Id;
  return Id;
}

ExprRef ExprTranslator::sectionVariable(ExprRef LoE, ExprRef HiE,
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
  return Expr::symbol(State.R.addSymbol(std::move(S)));
}

bool ExprTranslator::addParallelVars(Operation *Op, SymbolKind Kind) {
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
    State.R.WorkItemVars = Vars;
  return true;
}

void ExprTranslator::registerInnerLoops(Operation *Op) {
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

SymbolId ExprTranslator::threadIdSymbol() {
  if (State.ThreadId)
    return *State.ThreadId;
  Symbol S;
  S.Name = State.Kind == UnitKind::League ? "team" : "thread";
  S.Kind = SymbolKind::ThreadId;
  S.Min = Expr::constant(0);
  if (State.R.NumThreads && State.R.NumThreads->kind() == ExprKind::Constant)
    if (auto Last = llvm::checkedSub<int64_t>(State.R.NumThreads->value(), 1))
      S.Max = Expr::constant(*Last);
  State.ThreadId = State.R.addSymbol(std::move(S));
  return *State.ThreadId;
}

SymbolId ExprTranslator::teamSizeSymbol() {
  if (State.TeamSize)
    return *State.TeamSize;
  Symbol S;
  S.Name = State.Kind == UnitKind::League ? "omp_get_num_teams()"
                                          : "omp_get_num_threads()";
  S.Kind = SymbolKind::Invariant;
  S.IterationDependent = false;
  S.Min = Expr::constant(1);
  if (State.R.NumThreads && State.R.NumThreads->kind() == ExprKind::Constant)
    S.Min = S.Max = State.R.NumThreads;
  State.TeamSize = State.R.addSymbol(std::move(S));
  // 0 <= thread < the team's size.
  if (State.ThreadId && !State.R.Symbols[*State.ThreadId].Max)
    State.R.Symbols[*State.ThreadId].Max = Expr::binary(
        ExprKind::Sub, Expr::symbol(*State.TeamSize), Expr::constant(1));
  return *State.TeamSize;
}

} // namespace mlirfe
} // namespace privateer
