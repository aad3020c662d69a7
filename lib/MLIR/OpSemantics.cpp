//===- OpSemantics.cpp - What MLIR operations mean to the model -----------===//
//
// Part of privateer. See OpSemantics.h.
//
//===----------------------------------------------------------------------===//

#include "OpSemantics.h"
#include "FlangOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;

namespace privateer {
namespace mlirfe {

bool readsAtMost(Operation *Op) {
  if (Op->getNumRegions() != 0)
    return false;
  return isa<memref::LoadOp>(Op) || flang::loadedRef(Op) ||
         isMemoryEffectFree(Op);
}

llvm::StringRef calleeName(Operation *Op) {
  if (!Op->getName().getStringRef().ends_with(".call"))
    return "";
  if (auto Callee = Op->getAttrOfType<SymbolRefAttr>("callee"))
    return Callee.getLeafReference().getValue();
  return "";
}

KnownCallee knownCallee(llvm::StringRef Name) {
  return llvm::StringSwitch<KnownCallee>(Name)
#define KNOWN_CALLEE(Id, Spelling, Families) .Case(Spelling, KnownCallee::Id)
#include "KnownFunctions.def"
      .Default(KnownCallee::Unlisted);
}

unsigned calleeFamilies(llvm::StringRef Name) {
  using namespace callee;
  unsigned Families = llvm::StringSwitch<unsigned>(Name)
#define KNOWN_CALLEE(Id, Spelling, F) .Case(Spelling, F)
#include "KnownFunctions.def"
                          .Default(0);
#define CALLEE_PREFIX(F, Spelling)                                             \
  if (Name.starts_with(Spelling))                                              \
    Families |= F;
#include "KnownFunctions.def"
  return Families;
}

bool heldLock(Operation *Op, Operation *Loop) {
  // Within one work item: from the access up to the loop's body.
  for (Operation *At = Op; At && At != Loop && At->getBlock();
       At = At->getParentOp()) {
    if (isa<omp::LoopNestOp>(At))
      return false;
    for (Operation *Prev = At->getPrevNode(); Prev;
         Prev = Prev->getPrevNode()) {
      unsigned Callee = calleeFamilies(calleeName(Prev));
      if (Callee & callee::LockCall)
        return true;
      if (Callee & callee::UnlockCall)
        return false;
    }
  }
  return false;
}

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

ReductionOp keptExtreme(Operation *Cmp, unsigned ValueOperand) {
  std::optional<bool> Greater;
  if (auto I = dyn_cast<arith::CmpIOp>(Cmp)) {
    using P = arith::CmpIPredicate;
    P Pred = I.getPredicate();
    if (Pred == P::sgt || Pred == P::sge)
      Greater = true;
    else if (Pred == P::slt || Pred == P::sle)
      Greater = false;
  } else if (auto F = dyn_cast<arith::CmpFOp>(Cmp)) {
    using P = arith::CmpFPredicate;
    P Pred = F.getPredicate();
    if (Pred == P::OGT || Pred == P::OGE)
      Greater = true;
    else if (Pred == P::OLT || Pred == P::OLE)
      Greater = false;
  }
  if (!Greater || ValueOperand > 1)
    return ReductionOp::None;
  // `x > m` keeps the larger; so does `m < x`.
  return *Greater == (ValueOperand == 0) ? ReductionOp::Max : ReductionOp::Min;
}

} // namespace mlirfe
} // namespace privateer
