//===- Constructs.cpp - What the omp dialect's operations are -------------===//
//
// Part of privateer. See Constructs.h.
//
//===----------------------------------------------------------------------===//

#include "Constructs.h"
#include "FlangOps.h"
#include "OpSemantics.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace privateer {
namespace mlirfe {

bool isLoopWrapper(Operation *Op) {
  return Op && isa<omp::LoopWrapperInterface>(Op);
}

UnitKind unitKind(Operation *Op) {
  if (isa<scf::ParallelOp, scf::ForallOp, affine::AffineParallelOp>(Op))
    return UnitKind::ParallelLoop;
  if (isLoopWrapper(Op)) {
    // The inner wrappers of a composite (`do simd`, `distribute parallel
    // do`) belong to the outermost one.
    if (isLoopWrapper(Op->getParentOp()) || !loopNestOf(Op))
      return UnitKind::None;
    return isa<omp::SimdOp>(Op) ? UnitKind::Simd : UnitKind::Worksharing;
  }
  if (auto Team = dyn_cast<omp::ParallelOp>(Op)) {
    // The team of a composite `distribute parallel do` runs nothing but
    // the loop, which is the unit.
    if (Op->hasAttr("omp.composite"))
      return UnitKind::None;
    return UnitKind::Team;
  }
  if (isa<omp::TeamsOp>(Op))
    return UnitKind::League;
  if (isa<omp::SectionsOp>(Op))
    return UnitKind::Sections;
  if (isa<omp::TaskOp>(Op))
    return UnitKind::Task;
  if (isa<omp::SingleOp, omp::MasterOp, omp::MaskedOp>(Op) &&
      isa_and_nonnull<omp::ParallelOp>(Op->getParentOp()))
    return UnitKind::OneThread;
  return UnitKind::None;
}

omp::LoopNestOp loopNestOf(Operation *Wrapper) {
  for (unsigned Depth = 0; Wrapper && Depth < 4; ++Depth) {
    if (Wrapper->getNumRegions() != 1 || Wrapper->getRegion(0).empty())
      return nullptr;
    Operation *Inner = nullptr;
    for (Operation &Op : Wrapper->getRegion(0).front()) {
      if (auto Nest = dyn_cast<omp::LoopNestOp>(Op))
        return Nest;
      if (isLoopWrapper(&Op))
        Inner = &Op;
    }
    Wrapper = Inner;
  }
  return nullptr;
}

Operation *enclosingTeam(Operation *Op) {
  for (Operation *P = Op->getParentOp(); P && !isa<FunctionOpInterface>(P);
       P = P->getParentOp())
    if (isa<omp::ParallelOp, omp::TeamsOp>(P))
      return P;
  return nullptr;
}

bool endsWithBarrier(Operation *Op) {
  if (auto Ws = dyn_cast<omp::WsloopOp>(Op))
    return !Ws.getNowait() && !isLoopWrapper(Op->getParentOp());
  if (auto S = dyn_cast<omp::SectionsOp>(Op))
    return !S.getNowait();
  if (auto S = dyn_cast<omp::SingleOp>(Op))
    return !S.getNowait();
  if (auto W = dyn_cast<omp::WorkshareOp>(Op))
    return !W.getNowait();
  return false;
}

bool oneThreadNoBarrier(Operation *Op) {
  if (auto S = dyn_cast<omp::SingleOp>(Op))
    return S.getNowait();
  return isa<omp::MasterOp, omp::MaskedOp>(Op);
}

std::optional<int64_t> pinnedThread(Operation *Op) {
  if (isa<omp::MasterOp>(Op))
    return 0;
  auto Masked = dyn_cast<omp::MaskedOp>(Op);
  if (!Masked)
    return std::nullopt;
  Value Filter = Masked.getFilteredThreadId();
  if (!Filter)
    return 0;
  APInt C;
  if (matchPattern(Filter, m_ConstantInt(&C)))
    return C.trySExtValue(); // none past int64_t
  return std::nullopt;
}

Value outerValue(BlockArgument Arg) {
  auto Owner = dyn_cast_or_null<omp::BlockArgOpenMPOpInterface>(
      Arg.getOwner()->getParentOp());
  if (!Owner || Arg.getOwner() != &Arg.getOwner()->getParent()->front())
    return nullptr;
  for (auto [A, V] :
       llvm::zip(Owner.getHostEvalBlockArgs(), Owner.getHostEvalVars()))
    if (A == Arg)
      return V;
  for (auto [A, V] : llvm::zip(Owner.getMapBlockArgs(), Owner.getMapVars()))
    if (A == Arg)
      if (auto Info = V.getDefiningOp<omp::MapInfoOp>())
        return Info.getVarPtr();
  return nullptr;
}

bool isReductionArgument(Value V) {
  auto Arg = dyn_cast<BlockArgument>(V);
  auto Owner = Arg ? dyn_cast_or_null<omp::BlockArgOpenMPOpInterface>(
                         Arg.getOwner()->getParentOp())
                   : nullptr;
  return Owner && Arg.getOwner() == &Arg.getOwner()->getParent()->front() &&
         llvm::is_contained(Owner.getReductionBlockArgs(), Arg);
}

bool isConstantFalse(Value V) {
  APInt C;
  return V && V.getType().isInteger(1) && matchPattern(V, m_ConstantInt(&C)) &&
         C.isZero();
}

namespace {
bool isConstantTrue(Value V) {
  APInt C;
  return V && V.getType().isInteger(1) && matchPattern(V, m_ConstantInt(&C)) &&
         C.isOne();
}
} // namespace

bool isUndeferred(omp::TaskOp Task) {
  if (isConstantFalse(Task.getIfExpr()))
    return true;
  // Every task a final task creates (and their descendants) is included.
  for (auto Parent = Task->getParentOfType<omp::TaskOp>(); Parent;
       Parent = Parent->getParentOfType<omp::TaskOp>())
    if (isConstantTrue(Parent.getFinal()))
      return true;
  return false;
}

bool waitsForSibling(omp::TaskOp Undeferred, omp::TaskOp Sibling) {
  // A task without 'depend' waits for no sibling.
  return isUndeferred(Undeferred) && !Undeferred.getDependVars().empty() &&
         dependOrders(Sibling, Undeferred);
}

namespace {

struct DependItem {
  Value Memory;
  omp::ClauseTaskDepend Kind = omp::ClauseTaskDepend::taskdependin;
};

/// The items of \p Task's depend clauses; false when one cannot be read
/// (then it may order anything).
bool dependItems(omp::TaskOp Task, llvm::SmallVectorImpl<DependItem> &Items) {
  auto Kinds = Task.getDependKinds();
  auto Vars = Task.getDependVars();
  if (!Kinds)
    return Vars.empty();
  if (Kinds->size() != Vars.size())
    return false;
  for (auto [Attr, Var] : llvm::zip(*Kinds, Vars)) {
    auto Kind = dyn_cast<omp::ClauseTaskDependAttr>(Attr);
    if (!Kind)
      return false;
    Items.push_back({flang::rootOf(Var), Kind.getValue()});
  }
  return true;
}

} // namespace

bool dependOrders(omp::TaskOp A, omp::TaskOp B) {
  llvm::SmallVector<DependItem, 4> IA, IB;
  if (!dependItems(A, IA) || !dependItems(B, IB))
    return true;
  using K = omp::ClauseTaskDepend;
  for (const DependItem &X : IA)
    for (const DependItem &Y : IB) {
      // The same variable, even at different elements: prefer silence.
      if (X.Memory != Y.Memory)
        continue;
      bool BothIn = X.Kind == K::taskdependin && Y.Kind == K::taskdependin;
      bool BothInoutset =
          X.Kind == K::taskdependinoutset && Y.Kind == K::taskdependinoutset;
      if (!BothIn && !BothInoutset)
        return true;
    }
  return false;
}

llvm::SmallVector<Value> orderingDependVariables(omp::TaskOp Task) {
  llvm::SmallVector<Value> Out;
  llvm::SmallVector<DependItem, 4> Items;
  if (!dependItems(Task, Items))
    return Out;
  for (const DependItem &I : Items)
    if (I.Kind != omp::ClauseTaskDepend::taskdependin &&
        I.Kind != omp::ClauseTaskDepend::taskdependinoutset)
      Out.push_back(I.Memory);
  return Out;
}

Operation *visibleCallee(Operation *Call) {
  llvm::StringRef Name = calleeName(Call);
  if (Name.empty())
    return nullptr;
  auto Callee = Call->getAttrOfType<SymbolRefAttr>("callee");
  Operation *F = SymbolTable::lookupNearestSymbolFrom(Call, Callee);
  auto Fn = dyn_cast_or_null<FunctionOpInterface>(F);
  if (!Fn || Fn.isExternal())
    return nullptr;
  return F;
}

bool mayWaitForDescendants(Operation *Op) {
  if (isa<omp::TaskwaitOp>(Op))
    return false;
  return mayWaitForTasks(Op);
}

bool mayWaitForTasks(Operation *Op, unsigned Depth) {
  bool Waits = false;
  Op->walk<WalkOrder::PreOrder>([&](Operation *Inner) {
    if (Waits)
      return WalkResult::interrupt();
    // A nested task is a sibling of its own; creating it waits for
    // nothing (its body is not the creator's code).
    if (isa<omp::TaskOp>(Inner))
      return WalkResult::skip();
    if (isa<omp::TaskwaitOp, omp::BarrierOp, omp::TaskgroupOp, omp::WsloopOp,
            omp::SectionsOp, omp::SingleOp, omp::WorkshareOp, omp::ParallelOp,
            omp::TeamsOp, omp::TaskloopOp, omp::DistributeOp, omp::TargetOp>(
            Inner)) {
      Waits = true;
      return WalkResult::interrupt();
    }
    if (Operation *Callee = visibleCallee(Inner))
      if (Depth == 0 || mayWaitForTasks(Callee, Depth - 1)) {
        Waits = true;
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return Waits;
}

ActualSharing actualSharing(Operation *Function, unsigned Argument) {
  auto Name =
      Function->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
  Operation *Module = Function->getParentOp();
  if (!Name || !Module)
    return ActualSharing::Unknown;
  bool Shared = false, Private = false;
  Module->walk([&](Operation *Call) {
    auto Callee = Call->getAttrOfType<SymbolRefAttr>("callee");
    if (!Callee || calleeName(Call).empty() ||
        Callee.getLeafReference() != Name.getValue() ||
        Argument >= Call->getNumOperands())
      return;
    Operation *Team = enclosingTeam(Call);
    if (!Team)
      return; // a call one thread makes, or one this file cannot place
    Value Root = flang::rootOf(Call->getOperand(Argument));
    Operation *Owner = Root.getDefiningOp();
    if (!Owner)
      Owner = cast<BlockArgument>(Root).getOwner()->getParentOp();
    if (flang::isGlobal(Root) || !Owner || !Team->isAncestor(Owner))
      Shared = true;
    else
      Private = true;
  });
  return Shared    ? ActualSharing::Shared
         : Private ? ActualSharing::Private
                   : ActualSharing::Unknown;
}

namespace {
/// `!$omp parallel do` and the like: a team around the construct alone.
bool combinedWithTeam(Operation *Unit, Operation *Team) {
  if (!Team || Team != Unit->getParentOp())
    return false;
  return llvm::all_of(Team->getRegion(0).getOps(), [&](Operation &Op) {
    return &Op == Unit || Op.getNumRegions() == 0;
  });
}
} // namespace

std::string constructName(Operation *Op) {
  if (!flang::isFortran(Op))
    return Op->getName().getStringRef().str();
  std::string Name;
  // A composite's team: `distribute parallel do` is a team around a
  // distribute around a worksharing loop.
  Operation *Outer = Op;
  bool InParallel = false;
  if (isa<omp::ParallelOp>(Op->getParentOp()) &&
      Op->getParentOp()->hasAttr("omp.composite")) {
    Outer = Op->getParentOp();
    InParallel = true;
  }
  Operation *Parent = Outer->getParentOp();
  for (Operation *Inner = Op; Inner;) {
    if (isa<omp::DistributeOp>(Inner))
      Name += " distribute";
    else if (isa<omp::WsloopOp>(Inner))
      Name += InParallel ? " parallel do" : " do";
    else if (isa<omp::SimdOp>(Inner))
      Name += " simd";
    else if (isa<omp::TaskloopOp>(Inner))
      Name += " taskloop";
    else
      break;
    // Into the next wrapper of the construct.
    Operation *Next = nullptr;
    if (Inner->getNumRegions() == 1 && !Inner->getRegion(0).empty())
      for (Operation &X : Inner->getRegion(0).front())
        if (isLoopWrapper(&X))
          Next = &X;
    Inner = Next;
  }
  if (isa<omp::ParallelOp>(Op))
    Name = " parallel";
  else if (isa<omp::TeamsOp>(Op))
    Name = " teams";
  else if (isa<omp::SectionsOp>(Op))
    Name = " sections";
  else if (isa<omp::TaskOp>(Op))
    Name = " task";
  else if (isa<omp::SingleOp>(Op))
    Name = " single";
  else if (isa<omp::MasterOp>(Op))
    Name = " master";
  else if (isa<omp::MaskedOp>(Op))
    Name = " masked";
  // Combined with the construct around it alone.
  if (isa<omp::WsloopOp, omp::SectionsOp>(Op) &&
      combinedWithTeam(Op, dyn_cast_or_null<omp::ParallelOp>(Parent)))
    Name = " parallel" + Name;
  if (isa<omp::DistributeOp, omp::ParallelOp>(Op) &&
      combinedWithTeam(Outer, dyn_cast_or_null<omp::TeamsOp>(Parent)))
    Name = " teams" + Name;
  return "!$omp" + Name;
}

} // namespace mlirfe
} // namespace privateer
