//===- ValueFacts.cpp - Writes and conditions of values -------------------===//
//
// Part of privateer. Whether the unit writes a variable, the write that
// reaches a load, the constant a scalar holds, and the comparisons a
// condition holds.
//
//===----------------------------------------------------------------------===//

#include "ValueFacts.h"
#include "FlangOps.h"
#include "OpSemantics.h"
#include "RegionContext.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace privateer {
namespace mlirfe {

namespace {
/// Whether \p Call may write the memory \p Root: it is passed to the call
/// (Fortran passes by reference), or its address is in the host tuple a
/// contained procedure is handed, and the call's function is not one of
/// the module that only reads it there (`slavef` handed to a procedure
/// that compares it); or the call's function (of the module, \p Depth
/// levels deep) writes the global \p Key.
bool callMayWrite(Operation *Call, Value Root, const std::string &Key,
                  unsigned Depth) {
  Operation *Callee = visibleCallee(Call);
  for (unsigned K = 0; K < Call->getNumOperands(); ++K) {
    Value Passed = flang::rootOf(Call->getOperand(K));
    // A contained procedure reaches the host's variables through the tuple
    // of their addresses it is handed.
    if (Root && Passed != Root)
      for (int64_t Slot : flang::hostSlotsOf(Passed, Root))
        if (!Callee || !flang::hostSlotOnlyRead(Callee, K, Slot))
          return true;
    if (Passed != Root)
      continue;
    Region *Body = Callee ? &Callee->getRegion(0) : nullptr;
    if (!Body || Body->empty() || K >= Body->front().getNumArguments() ||
        !flang::onlyReadThrough(Body->front().getArgument(K)))
      return true;
  }
  if (Key.empty())
    return false;
  if (!Callee || Depth == 0)
    return false;
  bool Writes = false;
  Callee->walk([&](Operation *W) {
    if (auto Stored = flang::storedValue(W))
      Writes |= flang::globalKey(flang::rootOf(Stored->second)) == Key;
    else if (!calleeName(W).empty())
      Writes |= callMayWrite(W, Value(), Key, Depth - 1);
  });
  return Writes;
}
} // namespace

bool ValueFacts::writtenInUnit(Value Root) {
  std::string Key = flang::globalKey(Root);
  bool Written = false;
  auto Check = [&](Operation *W) {
    if (auto Stored = flang::storedValue(W))
      Written |= Ctx.Exprs.rootOf(Stored->second) == Root;
    else if (!calleeName(W).empty() &&
             !(calleeFamilies(calleeName(W)) & callee::FortranRuntime))
      Written |= callMayWrite(W, Root, Key, MaxCallDepth);
  };
  if (State.Body.empty())
    State.Unit->walk(Check);
  for (Operation *Op : State.Body)
    Op->walk(Check);
  return Written;
}

Operation *ValueFacts::nearestWriter(Operation *Load, Value Root,
                                     Operation *Within) {
  // The write that reaches the load: before it in an enclosing block, the
  // innermost such block, the last write there. A write in the entry block
  // of a region of several blocks (a loop body left by `cycle`) reaches the
  // other blocks too, when none of them writes the variable again.
  llvm::SmallVector<Operation *> Writes;
  Within->walk([&](Operation *W) {
    auto Stored = flang::storedValue(W);
    if (!Stored || Ctx.Exprs.rootOf(Stored->second) != Root)
      return;
    Value Base;
    llvm::SmallVector<Value> Indices;
    if (!flang::elementOf(Stored->second, Base, Indices))
      Writes.push_back(W);
  });
  auto Reaches = [&](Operation *W) {
    Block *B = W->getBlock();
    if (Operation *Ancestor = B->findAncestorOpInBlock(*Load))
      return Ancestor != W && W->isBeforeInBlock(Ancestor);
    Region *Body = B->getParent();
    if (!B->isEntryBlock() || !Body->isAncestor(Load->getParentRegion()))
      return false;
    return llvm::none_of(Writes, [&](Operation *Other) {
      return Other->getBlock() != B &&
             Body->isAncestor(Other->getParentRegion());
    });
  };
  Operation *Best = nullptr;
  for (Operation *W : Writes) {
    if (!Reaches(W))
      continue;
    if (!Best ||
        (W->getBlock() == Best->getBlock() && Best->isBeforeInBlock(W)) ||
        (W->getBlock() != Best->getBlock() &&
         Best->getBlock()->findAncestorOpInBlock(*W)))
      Best = W;
  }
  return Best;
}

std::optional<int64_t> ValueFacts::constantAt(Operation *At, Value Root,
                                              Operation *Ignore) {
  // A local scalar of the function (not a global, not a dummy argument),
  // whose address no call receives.
  Operation *Alloc = Root.getDefiningOp();
  if (!Alloc || Alloc->getName().getStringRef() != "fir.alloca" ||
      flang::isArrayReference(Root.getType()))
    return std::nullopt;
  auto Fn = Alloc->getParentOfType<mlir::FunctionOpInterface>();
  if (!Fn || !Fn->isAncestor(At))
    return std::nullopt;
  Operation *W = nearestWriter(At, Root, Fn);
  if (!W)
    return std::nullopt;
  Value Stored = flang::storedValue(W)->first;
  while (Operation *C = Stored.getDefiningOp()) {
    if (!flang::isConversion(C) && !isa<arith::ExtSIOp, arith::TruncIOp>(C))
      break;
    Stored = C->getOperand(0);
  }
  APInt Constant;
  if (!matchPattern(Stored, m_ConstantInt(&Constant)))
    return std::nullopt;
  // Every other write comes before W in its block, or after the point of
  // use: none can reach the use without passing W again.
  Block *B = W->getBlock();
  Operation *Use = B->findAncestorOpInBlock(*At);
  bool Reaches = true;
  Fn->walk([&](Operation *Op) {
    bool Writes = false;
    if (auto S = flang::storedValue(Op))
      Writes = Op != W && Ctx.Exprs.rootOf(S->second) == Root;
    else if (!calleeName(Op).empty())
      for (mlir::Value Operand : Op->getOperands())
        Writes |= flang::rootOf(Operand) == Root;
    if (!Writes)
      return;
    if (Ignore && Ignore->isAncestor(Op))
      return;
    Operation *A = B->findAncestorOpInBlock(*Op);
    if (!A || A == Use || !(A->isBeforeInBlock(W) || Use->isBeforeInBlock(A)))
      Reaches = false;
  });
  if (!Reaches)
    return std::nullopt;
  return Constant.trySExtValue();
}

void ValueFacts::conditionsOf(Value Cond, bool Holds,
                              std::vector<Condition> &Out, unsigned Depth) {
  Operation *D = Cond.getDefiningOp();
  if (!D || Depth > 8)
    return;
  if (flang::isConversion(D) && D->getNumOperands() == 1)
    return conditionsOf(D->getOperand(0), Holds, Out, Depth + 1);
  // `.not. c`: c xor true.
  if (auto Xor = dyn_cast<arith::XOrIOp>(D)) {
    for (int Side = 0; Side < 2; ++Side)
      if (auto One = Xor->getOperand(Side).getDefiningOp<arith::ConstantOp>())
        if (auto Int = dyn_cast<IntegerAttr>(One.getValue());
            Int && Int.getValue().isAllOnes())
          return conditionsOf(Xor->getOperand(1 - Side), !Holds, Out,
                              Depth + 1);
    return;
  }
  // a .and. b holds: both do; a .or. b fails: neither holds.
  if ((Holds && isa<arith::AndIOp>(D)) || (!Holds && isa<arith::OrIOp>(D))) {
    conditionsOf(D->getOperand(0), Holds, Out, Depth + 1);
    conditionsOf(D->getOperand(1), Holds, Out, Depth + 1);
    return;
  }
  auto Cmp = dyn_cast<arith::CmpIOp>(D);
  if (!Cmp || !Cmp.getLhs().getType().isSignlessIntOrIndex())
    return;
  Comparison Op;
  switch (Cmp.getPredicate()) {
  case arith::CmpIPredicate::eq:
    Op = Comparison::EQ;
    break;
  case arith::CmpIPredicate::ne:
    Op = Comparison::NE;
    break;
  case arith::CmpIPredicate::slt:
    Op = Comparison::LT;
    break;
  case arith::CmpIPredicate::sle:
    Op = Comparison::LE;
    break;
  case arith::CmpIPredicate::sgt:
    Op = Comparison::GT;
    break;
  case arith::CmpIPredicate::sge:
    Op = Comparison::GE;
    break;
  default:
    return; // unsigned comparisons: not what Fortran writes
  }
  if (!Holds)
    Op = negated(Op);
  Out.push_back(
      {Ctx.Exprs.expr(Cmp.getLhs()), Op, Ctx.Exprs.expr(Cmp.getRhs())});
}

} // namespace mlirfe
} // namespace privateer
