//===- TaskOrdering.cpp - Tasks, their instances and what they run beside -===//
//
// Part of privateer. An `omp.task` is a unit of its own: one instance, or
// one per iteration of the loops that create it (their variables are its
// work items). A task created once runs beside the sibling tasks created
// before it in its block, unless `depend` clauses order them, and beside
// the code that created it up to the first operation that may wait for it;
// lib/Analysis/UnorderedTasks.cpp compares them (as the C front end's
// OpenMPModel.cpp and CreatorCode.cpp list them).
//
//===----------------------------------------------------------------------===//

#include "TaskOrdering.h"
#include "FlangOps.h"
#include "RegionAssembler.h"
#include "RegionContext.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

namespace privateer {
namespace mlirfe {

bool RegionAssembler::setUpTaskItems() {
  State.R.Kind = RegionKind::Tasks;
  State.R.InterleavedWork = true;
  auto Task = cast<omp::TaskOp>(State.Unit);
  State.R.Untied = Task.getUntied();
  // The creator's code: one instance, the task's data sharing.
  if (!State.Body.empty())
    return true;
  // The loops that create the task, up to the construct or function around
  // them; each iteration makes an instance.
  llvm::SmallVector<Operation *> Loops;
  bool Unstructured = !State.Unit->getParentRegion()->hasOneBlock();
  for (Operation *P = State.Unit->getParentOp();
       P && !isa<FunctionOpInterface>(P) &&
       P->getName().getDialectNamespace() != "omp";
       P = P->getParentOp()) {
    if (flang::isDoLoop(P) || isa<scf::ForOp>(P))
      Loops.push_back(P);
    else if (flang::isIterateWhile(P) || isa<scf::WhileOp>(P))
      Unstructured = true;
    Unstructured |= !P->getParentRegion()->hasOneBlock();
  }
  // Instances waited for in each iteration (a taskwait in the loop's body),
  // or undeferred (each runs to its end before the loop goes on), run one
  // at a time.
  if ((!Loops.empty() || Unstructured) && isUndeferred(Task))
    return false;
  if (!Loops.empty())
    for (Operation &Op : Loops.front()->getRegion(0).front())
      if (&Op != State.Unit && !Op.isAncestor(State.Unit) &&
          mayWaitForTasks(&Op))
        return false;
  // Outermost generating loop first, so that witnesses read naturally.
  for (auto It = Loops.rbegin(); It != Loops.rend(); ++It) {
    Operation *L = *It;
    Value IV = L->getRegion(0).getArgument(0);
    SymbolId Id;
    if (flang::isDoLoop(L))
      Id = Ctx.Exprs.loopSymbol(IV, SymbolKind::Induction, L->getOperand(0),
                                L->getOperand(1), L->getOperand(2), true);
    else {
      auto For = cast<scf::ForOp>(L);
      Id = Ctx.Exprs.loopSymbol(IV, SymbolKind::Induction, For.getLowerBound(),
                                For.getUpperBound(), For.getStep(), false);
    }
    State.R.WorkItemVars.push_back(Id);
  }
  if (Unstructured) {
    // A loop of branches (`do while`) still makes one task per iteration;
    // its iterations have no values to show.
    Symbol S;
    S.Name = "iteration";
    S.Kind = SymbolKind::Induction;
    State.R.WorkItemVars.push_back(State.R.addSymbol(std::move(S)));
  }
  if (!Loops.empty())
    State.ItemRoot = Loops.back();
  // Instances ordered on a variable by their depend clauses never meet on
  // it.
  if (!State.R.WorkItemVars.empty())
    for (Value V : orderingDependVariables(Task))
      State.Ordered.push_back(V);
  return true;
}

void orderTask(omp::TaskOp Task, ParallelRegion &R, LocationTable &Locs) {
  // Instances of a task made by a loop are the unit's work items.
  if (!R.WorkItemVars.empty())
    return;
  Operation *Op = Task.getOperation();
  // The tasks created before it in its block, nearest first, that nothing
  // orders with it. An undeferred one (`if(.false.)`) ran to its end
  // before this one was created, and one with 'depend' clauses that order
  // it after an earlier sibling waited for that sibling to finish.
  llvm::SmallVector<omp::TaskOp, 2> Undeferred;
  for (Operation *P = Op->getPrevNode(); P; P = P->getPrevNode()) {
    if (auto T = dyn_cast<omp::TaskOp>(P)) {
      bool Waited = llvm::any_of(
          Undeferred, [&](omp::TaskOp U) { return waitsForSibling(U, T); });
      if (!isUndeferred(T) && !Waited && !dependOrders(T, Task))
        if (std::optional<ParallelRegion> S = modelUnit(T, Locs))
          R.UnorderedSiblings.push_back(
              std::make_shared<const ParallelRegion>(std::move(*S)));
      if (isUndeferred(T))
        Undeferred.push_back(T);
      continue;
    }
    if (mayWaitForTasks(P))
      break;
  }
  // The creator goes on beside the task up to the first operation that
  // may wait for it (an undeferred task that 'depend' clauses order after
  // it among them); an undeferred task has finished by then.
  if (isUndeferred(Task))
    return;
  std::vector<Operation *> After;
  bool Waited = false;
  for (Operation *N = Op->getNextNode(); N; N = N->getNextNode()) {
    if (N->hasTrait<OpTrait::IsTerminator>())
      break;
    auto Later = dyn_cast<omp::TaskOp>(N);
    if ((Waited =
             mayWaitForTasks(N) || (Later && waitsForSibling(Later, Task))))
      break;
    After.push_back(N);
  }
  // A task made by a task outlives its parent, and a 'taskwait' waits for
  // child tasks only: the code after the parent runs beside this task up
  // to a barrier or the end of a taskgroup.
  if (auto Parent = dyn_cast<omp::TaskOp>(Op->getParentOp()); Parent && !Waited)
    for (Operation *N = Parent->getNextNode(); N; N = N->getNextNode()) {
      if (N->hasTrait<OpTrait::IsTerminator>() || mayWaitForDescendants(N))
        break;
      if (!isa<omp::TaskwaitOp>(N))
        After.push_back(N);
    }
  if (After.empty())
    return;
  std::optional<ParallelRegion> C = modelCreatorCode(Op, After, Locs);
  if (!C)
    return;
  // Where a 'taskwait' can go before each statement: its line, when the
  // operation has one (Flang's operations of one statement share it).
  for (Operation *N : After) {
    auto At = N->getLoc()->findInstanceOf<FileLineColLoc>();
    C->StatementStarts.push_back(At ? Locs.add(N->getLoc(), N) : Loc());
  }
  R.Continuation = std::make_shared<const ParallelRegion>(std::move(*C));
}

} // namespace mlirfe
} // namespace privateer
