//===- CallFollower.cpp - Calls into functions of the module --------------===//
//
// Part of privateer. The functions of the module a work item calls,
// followed with their dummy arguments bound to the actual ones (as the C
// front end inlines visible callees), and what is the work item's own.
//
//===----------------------------------------------------------------------===//

#include "CallFollower.h"
#include "FlangOps.h"
#include "RegionContext.h"

#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace privateer {
namespace mlirfe {

bool CallFollower::insideUnit(Value V) {
  Operation *Owner = V.getDefiningOp();
  if (!Owner)
    Owner = cast<BlockArgument>(V).getOwner()->getParentOp();
  if (!Owner)
    return false;
  for (const CallFrame &F : State.Calls)
    if (F.Callee->isAncestor(Owner))
      return true;
  if (!State.Body.empty())
    return llvm::any_of(State.Body,
                        [&](Operation *Op) { return Op->isAncestor(Owner); });
  return (State.ItemRoot ? State.ItemRoot : State.Unit)->isAncestor(Owner);
}

bool CallFollower::privateMemory(Value Root) {
  // A global's address may be taken anywhere; every thread sees one.
  if (flang::isGlobal(Root))
    return false;
  Operation *Owner = Root.getDefiningOp();
  auto Arg = dyn_cast<BlockArgument>(Root);
  if (!Owner)
    Owner = Arg.getOwner()->getParentOp();
  if (!Owner)
    return false;
  // A local of a called function: made anew by each call.
  for (const CallFrame &F : State.Calls)
    if (F.Callee->isAncestor(Owner))
      return !(Arg && Owner == F.Callee);
  if (!State.Body.empty())
    return llvm::any_of(State.Body,
                        [&](Operation *Op) { return Op->isAncestor(Owner); });
  // The dummy arguments of an orphaned construct's function are the
  // caller's memory.
  if (State.Orphaned && Arg && Owner == State.Scope)
    return false;
  return State.Scope->isAncestor(Owner);
}

bool CallFollower::inlineCall(Operation *Call) {
  Operation *Callee = visibleCallee(Call);
  if (!Callee)
    return false;
  // Deeper than we look, or recursion (whose locals are other objects).
  auto Own = State.Unit->getParentOfType<FunctionOpInterface>();
  if (State.Calls.size() >= MaxCallDepth || Callee == Own.getOperation() ||
      llvm::any_of(State.Calls,
                   [&](const CallFrame &F) { return F.Callee == Callee; }))
    return false;
  auto Fn = cast<FunctionOpInterface>(Callee);
  Block &Entry = Fn.getFunctionBody().front();
  if (Entry.getNumArguments() != Call->getNumOperands())
    return false;
  AccessContext AtCall = Ctx.Sync.contextOf(Call);
  State.Calls.push_back({Call, Callee, std::move(AtCall)});
  for (unsigned K = 0; K < Entry.getNumArguments(); ++K)
    State.Bindings[Entry.getArgument(K)] = Call->getOperand(K);
  Ctx.Walker.collectUpdates(Callee);
  Ctx.Walker.walkRegions(Callee);
  forgetCallee(Callee);
  for (unsigned K = 0; K < Entry.getNumArguments(); ++K)
    State.Bindings.erase(Entry.getArgument(K));
  State.Calls.pop_back();
  return true;
}

ExprRef CallFollower::calleeResult(Operation *Call, unsigned Depth) {
  Operation *Callee = visibleCallee(Call);
  auto Own = State.Unit->getParentOfType<mlir::FunctionOpInterface>();
  if (!Callee || Call->getNumResults() != 1 || Depth > MaxExprDepth ||
      State.Calls.size() >= MaxCallDepth || Callee == Own.getOperation() ||
      llvm::any_of(State.Calls,
                   [&](const CallFrame &F) { return F.Callee == Callee; }))
    return nullptr;
  auto Fn = cast<mlir::FunctionOpInterface>(Callee);
  Block &Entry = Fn.getFunctionBody().front();
  Operation *Return = nullptr;
  unsigned Returns = 0;
  Callee->walk([&](Operation *Op) {
    if (Op->hasTrait<OpTrait::ReturnLike>() && Op->getParentOp() == Callee) {
      Return = Op;
      ++Returns;
    }
  });
  if (Returns != 1 || Return->getNumOperands() != 1 ||
      Entry.getNumArguments() != Call->getNumOperands())
    return nullptr;
  State.Calls.push_back({Call, Callee, AccessContext()});
  for (unsigned K = 0; K < Entry.getNumArguments(); ++K)
    State.Bindings[Entry.getArgument(K)] = Call->getOperand(K);
  ExprRef E = Ctx.Exprs.expr(Return->getOperand(0), Depth + 1);
  forgetCallee(Callee);
  for (unsigned K = 0; K < Entry.getNumArguments(); ++K)
    State.Bindings.erase(Entry.getArgument(K));
  State.Calls.pop_back();
  return E;
}

void CallFollower::forgetCallee(Operation *Callee) {
  // Another call binds the callee's values anew.
  llvm::SmallVector<Value> Stale;
  for (auto &[V, Id] : State.Symbols) {
    Operation *D = V.getDefiningOp();
    if (!D)
      D = cast<BlockArgument>(V).getOwner()->getParentOp();
    if (D && Callee->isAncestor(D))
      Stale.push_back(V);
  }
  for (Value V : Stale)
    State.Symbols.erase(V);
}

} // namespace mlirfe
} // namespace privateer
