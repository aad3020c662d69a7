//===- WorkItemTests.cpp - Conditions that select one work item -----------===//
//
// Part of privateer. Tests a branch makes of the work item: the last
// iteration of the distributed nest, one work item (`tid == 0`, `i == n`),
// one thread of the team, a team of one thread.
//
//===----------------------------------------------------------------------===//

#include "RegionContext.h"
#include "SyncTracker.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

namespace privateer {
namespace mlirfe {

bool SyncTracker::lastIterationOnly(Value Condition, unsigned Depth) {
  // Flang's `lastprivate` copy-out runs where `iv + step` passes the upper
  // bound of every loop of the nest (`and` of one test per collapsed loop).
  auto NestOp = dyn_cast_or_null<omp::LoopNestOp>(State.Nest);
  if (!NestOp)
    return false;
  std::vector<bool> Tested(NestOp.getNumLoops(), false);
  return lastIterationTests(Condition, Tested, Depth) &&
         llvm::all_of(Tested, [](bool T) { return T; });
}

bool SyncTracker::lastIterationTests(Value Condition, std::vector<bool> &Tested,
                                     unsigned Depth) {
  // One loop's test: `select(step < 0, iv + step < ub, iv + step > ub)`.
  auto NestOp = cast<omp::LoopNestOp>(State.Nest);
  Operation *D = Condition.getDefiningOp();
  if (!D || Depth > 8)
    return false;
  if (auto And = dyn_cast<arith::AndIOp>(D))
    return lastIterationTests(And.getLhs(), Tested, Depth + 1) &&
           lastIterationTests(And.getRhs(), Tested, Depth + 1);
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
    return lastIterationTests(*Chosen ? Select.getTrueValue()
                                      : Select.getFalseValue(),
                              Tested, Depth + 1);
  }
  auto Cmp = dyn_cast<arith::CmpIOp>(D);
  if (!Cmp || !NestOp.getLoopInclusive())
    return false;
  for (unsigned K = 0; K < NestOp.getNumLoops(); ++K) {
    Value IV = NestOp.getIVs()[K];
    // Flang loads the bound again for the test: compare what they are.
    auto IsUb = [&](Value V) {
      return Ctx.Exprs.expr(V)->equals(
          *Ctx.Exprs.expr(NestOp.getLoopUpperBounds()[K]));
    };
    // (A target region's loop has its step from the host.)
    ExprRef Step = Ctx.Exprs.expr(NestOp.getLoopSteps()[K]);
    if (Step->kind() != ExprKind::Constant)
      continue;
    int64_t St = Step->value();
    // `iv == ub` names the last iteration of an ascending loop with step 1.
    if (Cmp.getPredicate() == arith::CmpIPredicate::eq && St == 1 &&
        ((Cmp.getLhs() == IV && IsUb(Cmp.getRhs())) ||
         (IsUb(Cmp.getLhs()) && Cmp.getRhs() == IV)))
      return Tested[K] = true;
    auto Next = Cmp.getLhs().getDefiningOp<arith::AddIOp>();
    APInt Added;
    if (!Next ||
        !((Next.getLhs() == IV &&
           matchPattern(Next.getRhs(), m_ConstantInt(&Added))) ||
          (Next.getRhs() == IV &&
           matchPattern(Next.getLhs(), m_ConstantInt(&Added)))) ||
        Added.trySExtValue() != St || !IsUb(Cmp.getRhs()))
      continue;
    if ((St > 0 && Cmp.getPredicate() == arith::CmpIPredicate::sgt) ||
        (St < 0 && Cmp.getPredicate() == arith::CmpIPredicate::slt))
      return Tested[K] = true;
  }
  return false;
}

ExprRef SyncTracker::pinnedValue(Value Condition) {
  auto Cmp = Condition.getDefiningOp<arith::CmpIOp>();
  if (!Cmp || Cmp.getPredicate() != arith::CmpIPredicate::eq ||
      State.R.WorkItemVars.size() != 1)
    return nullptr;
  ExprRef L = Ctx.Exprs.expr(Cmp.getLhs()), Rt = Ctx.Exprs.expr(Cmp.getRhs());
  auto IsItem = [&](const ExprRef &E) {
    return E->kind() == ExprKind::Symbol && State.R.isWorkItemVar(E->symbol());
  };
  if (IsItem(L) && !State.R.dependsOnWorkItem(*Rt))
    return Rt;
  if (IsItem(Rt) && !State.R.dependsOnWorkItem(*L))
    return L;
  return nullptr;
}

bool SyncTracker::teamOfOneTest(Value Condition) {
  auto Cmp = dyn_cast_or_null<arith::CmpIOp>(Condition.getDefiningOp());
  if (!Cmp || Cmp.getPredicate() != arith::CmpIPredicate::eq)
    return false;
  // (Translating the sides makes the team's size a symbol where they call
  // omp_get_num_threads.)
  ExprRef L = Ctx.Exprs.expr(Cmp.getLhs()), Rt = Ctx.Exprs.expr(Cmp.getRhs());
  if (!State.TeamSize)
    return false;
  auto IsTeamSize = [&](const ExprRef &E) {
    return E->kind() == ExprKind::Symbol && E->symbol() == *State.TeamSize;
  };
  auto IsOne = [](const ExprRef &E) {
    return E->kind() == ExprKind::Constant && E->value() == 1;
  };
  return (IsTeamSize(L) && IsOne(Rt)) || (IsTeamSize(Rt) && IsOne(L));
}

bool SyncTracker::oneThreadOnly(Value Condition) {
  Operation *D = Condition.getDefiningOp();
  if (auto And = dyn_cast_or_null<arith::AndIOp>(D))
    return oneThreadOnly(And.getLhs()) || oneThreadOnly(And.getRhs());
  // `tid == 1 .or. nthreads == 1`: in a team of one its only thread, in a
  // larger team the one thread the other side selects.
  if (auto Or = dyn_cast_or_null<arith::OrIOp>(D))
    return (teamOfOneTest(Or.getLhs()) && oneThreadOnly(Or.getRhs())) ||
           (teamOfOneTest(Or.getRhs()) && oneThreadOnly(Or.getLhs()));
  auto Cmp = dyn_cast_or_null<arith::CmpIOp>(D);
  if (!Cmp || Cmp.getPredicate() != arith::CmpIPredicate::eq)
    return false;
  // `omp_get_num_threads() == 1`: the serial path of a team of one.
  if (teamOfOneTest(Condition))
    return true;
  ExprRef L = Ctx.Exprs.expr(Cmp.getLhs()), Rt = Ctx.Exprs.expr(Cmp.getRhs());
  // (In a region every thread runs, the thread is the work item.)
  auto IsThread = [&](const ExprRef &E) {
    return E->kind() == ExprKind::Symbol &&
           State.R.symbol(E->symbol()).Kind == SymbolKind::ThreadId;
  };
  // `tid == k`, `tid == nthreads - 1`: one thread of the team.
  return (IsThread(L) && !State.R.dependsOnWorkItem(*Rt)) ||
         (IsThread(Rt) && !State.R.dependsOnWorkItem(*L));
}

} // namespace mlirfe
} // namespace privateer
