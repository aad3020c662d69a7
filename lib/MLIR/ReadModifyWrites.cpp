//===- ReadModifyWrites.cpp - Updates and writes on both arms -------------===//
//
// Part of privateer. A load-op-store of one element is one
// read-modify-write (what the checks call an accumulation), and a write on
// both arms of a two-way branch is made where the branch is.
//
//===----------------------------------------------------------------------===//

#include "AccessWalker.h"
#include "FlangOps.h"
#include "OpSemantics.h"
#include "RegionContext.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;

namespace privateer {
namespace mlirfe {

void AccessWalker::hoistWritesOnBothArms() {
  auto ArmOf = [](Operation *Op) -> std::pair<Operation *, unsigned> {
    Operation *P = Op ? Op->getParentOp() : nullptr;
    if (!P || !(flang::isIf(P) || isa<scf::IfOp>(P)) ||
        P->getNumRegions() != 2 || P->getRegion(1).empty())
      return {nullptr, 0};
    return {P, Op->getParentRegion()->getRegionNumber()};
  };
  auto SameIndex = [&](const Access &X, const Access &Y) {
    if (X.Index.size() != Y.Index.size() || X.Fields != Y.Fields)
      return false;
    for (size_t K = 0; K < X.Index.size(); ++K)
      if (State.R.print(*X.Index[K]) != State.R.print(*Y.Index[K]))
        return false;
    return true;
  };
  for (size_t I = 0; I < State.AccessOps.size(); ++I) {
    auto [If, Arm] = ArmOf(State.AccessOps[I]);
    Access &X = State.R.Accesses[I];
    if (!If || Arm != 0 || X.Kind != AccessKind::Write || X.SingleWorkItem)
      continue;
    for (size_t J = I + 1; J < State.AccessOps.size(); ++J) {
      Access &Y = State.R.Accesses[J];
      if (ArmOf(State.AccessOps[J]) != std::make_pair(If, 1u) ||
          Y.Kind != AccessKind::Write || Y.SingleWorkItem ||
          Y.BufferIndex != X.BufferIndex || !SameIndex(X, Y))
        continue;
      // Where the branch is: as unconditional as it, on its path and under
      // its conditions (as the C front end).
      AccessContext C = Ctx.Sync.contextOf(If);
      for (Access *W : {&X, &Y}) {
        W->Conditional = C.Conditional;
        W->Branch = C.Branch;
        W->Conditions = C.Conditions;
      }
    }
  }
}

void AccessWalker::noteUpdate(
    Operation *Store, Value Stored,
    llvm::function_ref<bool(Operation *Load)> SameElement) {
  Operation *Combine = Stored.getDefiningOp();
  if (auto Select = dyn_cast_or_null<arith::SelectOp>(Combine)) {
    noteSelectedExtreme(Store, Select, SameElement);
    return;
  }
  if (!Combine || Combine->getNumOperands() != 2)
    return;
  for (unsigned K = 0; K < 2; ++K) {
    Operation *Load = Combine->getOperand(K).getDefiningOp();
    if (!Load || !SameElement(Load) || Load->getBlock() != Store->getBlock() ||
        !Load->isBeforeInBlock(Store) || !Load->hasOneUse())
      continue;
    ReductionOp Op = combiningOp(Combine, K);
    if (Op == ReductionOp::None)
      continue;
    State.FoldedLoads.insert(Load);
    State.Updates[Store] = Op;
    return;
  }
}

void AccessWalker::noteSelectedExtreme(
    Operation *Store, arith::SelectOp Select,
    llvm::function_ref<bool(Operation *Load)> SameElement) {
  // `m = max(x, m)` as Flang lowers it: `select(cmp(x, m), x, m)`, and
  // `select(cmp(x, m), m, x)` for the other extreme.
  Operation *Cmp = Select.getCondition().getDefiningOp();
  if (!Cmp || !isa<arith::CmpIOp, arith::CmpFOp>(Cmp))
    return;
  Value Picked[2] = {Select.getTrueValue(), Select.getFalseValue()};
  for (unsigned K = 0; K < 2; ++K) {
    Operation *Load = Picked[K].getDefiningOp();
    Value New = Picked[1 - K];
    if (!Load || !SameElement(Load) || Load->getBlock() != Store->getBlock() ||
        !Load->isBeforeInBlock(Store))
      continue;
    // The comparison must compare exactly the two values picked from.
    unsigned NewAt;
    if (Cmp->getOperand(0) == New && Cmp->getOperand(1) == Picked[K])
      NewAt = 0;
    else if (Cmp->getOperand(1) == New && Cmp->getOperand(0) == Picked[K])
      NewAt = 1;
    else
      continue;
    // Every use of the loaded value is the select's or the comparison's.
    bool OnlyHere = llvm::all_of(Load->getUsers(), [&](Operation *U) {
      return U == Cmp || U == Select.getOperation();
    });
    ReductionOp Op = keptExtreme(Cmp, NewAt);
    if (!OnlyHere || Op == ReductionOp::None)
      continue;
    // Picking the old value when the comparison holds keeps the other one.
    if (K == 0)
      Op = Op == ReductionOp::Max ? ReductionOp::Min : ReductionOp::Max;
    State.FoldedLoads.insert(Load);
    State.Updates[Store] = Op;
    return;
  }
}

void AccessWalker::collectUpdates(Operation *Root) {
  // `%v = load m[idx]; %w = op %v, %x; store %w, m[idx]` in one block is one
  // read-modify-write: what the checks call an accumulation.
  Root->walk([&](memref::StoreOp Store) {
    noteUpdate(Store, Store.getValueToStore(), [&](Operation *Op) {
      auto Load = dyn_cast<memref::LoadOp>(Op);
      return Load && Load.getMemRef() == Store.getMemRef() &&
             Load.getIndices() == Store.getIndices();
    });
  });
  // Flang: `fir.load` of an element, an arith operation, and `hlfir.assign`
  // (or `fir.store`) to the same element: `s = s + a(i)`, `h(k) = h(k) + 1`.
  Root->walk([&](Operation *Store) {
    auto Stored = flang::storedValue(Store);
    if (!Stored)
      return;
    noteUpdate(Store, Stored->first, [&](Operation *Load) {
      auto Ref = flang::loadedRef(Load);
      return Ref && flang::sameElement(*Ref, Stored->second);
    });
  });
  // Flang: `if (a(i) > m) m = a(i)` keeps the maximum, a read-modify-write
  // of m with max, when nothing else in the loop touches m (otherwise a
  // reduction's private copy would change what that use sees).
  Root->walk([&](Operation *Store) {
    std::optional<flang::ConditionalAssign> Match =
        flang::conditionalAssign(Store);
    if (!Match || State.Updates.count(Store))
      return;
    ReductionOp Op = keptExtreme(Match->Compare, Match->ValueOperand);
    if (Op == ReductionOp::None)
      return;
    Value Target = flang::rootOf(flang::storedValue(Store)->second);
    bool OtherUse = false;
    Root->walk([&](Operation *User) {
      if (User == Store || User == Match->LoadOfTarget)
        return;
      for (Value Operand : User->getOperands())
        OtherUse |= flang::rootOf(Operand) == Target;
    });
    if (OtherUse)
      return;
    State.FoldedLoads.insert(Match->LoadOfTarget);
    State.Updates[Store] = Op;
  });
}

} // namespace mlirfe
} // namespace privateer
