//===- LoadedValues.cpp - The values loads read ---------------------------===//
//
// Part of privateer. What a Flang load reads: an element of a table or of an
// array the unit never writes, a `linear` variable, what the work item
// stored before, the value a `firstprivate` copy starts with, a constant a
// scalar holds when the unit starts, or the variable of a `do` loop around
// the construct.
//
//===----------------------------------------------------------------------===//

#include "FlangOps.h"
#include "RegionContext.h"
#include "ValueFacts.h"
#include "privateer/Model/ValueRange.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <algorithm>

using namespace mlir;

namespace privateer {
namespace mlirfe {

ExprRef ValueFacts::loadedValue(Operation *Load, Value Ref, unsigned Depth) {
  Value Base;
  llvm::SmallVector<Value> Indices;
  if (flang::elementOf(Ref, Base, Indices)) {
    if (ExprRef E = tableElement(Load, Base, Indices, Depth))
      return E;
    return invariantElement(Load, Base, Indices, Depth);
  }
  Value Root = Ctx.Exprs.rootOf(Ref);
  for (auto [Item, Step] : State.Linear)
    if (Ctx.Exprs.rootOf(Item) == Root)
      return linearValue(Load, Root, Depth);
  // In the loop that makes a task's instances, before the task: what the
  // iteration stored there (`k = 2 * i` captured by the task).
  if (State.ItemRoot && State.ItemRoot->isAncestor(Load) &&
      !State.Unit->isAncestor(Load))
    if (Operation *W = nearestWriter(Load, Root, State.ItemRoot))
      return Ctx.Exprs.expr(flang::storedValue(W)->first, Depth + 1);
  // A private copy (Flang's loop variables): the value last stored into it;
  // a firstprivate copy not written yet: the variable's value when the
  // construct starts.
  if (Ctx.Follower.privateMemory(Root))
    return privateValue(Load, Root, Depth);
  // A shared variable the unit never writes (`n`): one value for all, a
  // constant when one was assigned to it before.
  auto It = State.Symbols.find(Root);
  if (It != State.Symbols.end())
    return Expr::symbol(It->second);
  auto [Known, New] = State.Written.try_emplace(Root, false);
  if (New)
    Known->second = writtenInUnit(Root);
  if (Known->second)
    return nullptr;
  auto [Cached, First] = State.Constants.try_emplace(Root, std::nullopt);
  if (First)
    Cached->second =
        constantAt(State.Body.empty() ? State.Unit : State.Body.front(), Root);
  if (Cached->second)
    return Expr::constant(*Cached->second);
  Symbol S;
  Ctx.Exprs.rootOf(Ref, &S.Name);
  if (S.Name.empty())
    S.Name = Ctx.Exprs.name(Root);
  S.Kind = SymbolKind::Invariant;
  S.IterationDependent = false;
  // The variable of a `do` loop around the construct: one value in it,
  // within the loop's bounds (as the C front end's enclosing loops).
  if (Operation *Loop = enclosingDoLoopOf(Root); Loop && Depth < MaxExprDepth) {
    APInt Step;
    if (matchPattern(Loop->getOperand(2), m_ConstantInt(&Step)) &&
        Step.trySExtValue() && *Step.trySExtValue() != 0) {
      int64_t St = *Step.trySExtValue();
      ExprRef Lb = Ctx.Exprs.expr(Loop->getOperand(0), Depth + 1);
      ExprRef Ub = Ctx.Exprs.expr(Loop->getOperand(1), Depth + 1);
      S.Min = St > 0 ? Lb : Ub;
      S.Max = St > 0 ? Ub : Lb;
      S.Step = St > 0 ? St : -St;
      S.Descending = St < 0;
    }
  }
  SymbolId Id = State.R.addSymbol(std::move(S));
  State.Symbols[Root] = Id;
  return Expr::symbol(Id);
}

ExprRef ValueFacts::privateValue(Operation *Load, Value Root, unsigned Depth) {
  Operation *Within = State.Scope;
  for (const CallFrame &F : State.Calls)
    if (Operation *D = Root.getDefiningOp(); D && F.Callee->isAncestor(D))
      Within = F.Callee;
  if (!State.Body.empty())
    Within = State.Body.front()->getParentOp();
  if (Operation *W = nearestWriter(Load, Root, Within))
    return Ctx.Exprs.expr(flang::storedValue(W)->first, Depth + 1);
  if (Value Source = firstPrivateSource(Root)) {
    Operation *Construct = cast<BlockArgument>(Root).getOwner()->getParentOp();
    Value Outer = Ctx.Exprs.rootOf(Source);
    auto Fn = Construct->getParentOfType<mlir::FunctionOpInterface>();
    if (Operation *W = Fn ? nearestWriter(Construct, Outer, Fn) : nullptr)
      return Ctx.Exprs.expr(flang::storedValue(W)->first, Depth + 1);
  }
  return nullptr;
}

ExprRef ValueFacts::tableElement(Operation *Load, Value Base,
                                 llvm::ArrayRef<Value> Indices,
                                 unsigned Depth) {
  // `bin_of(i)` of a PARAMETER (or DATA) array: a value of its known
  // contents, which the solver sees (Symbol::Table).
  if (Indices.size() != 1 || Depth > MaxExprDepth)
    return nullptr;
  std::string Name;
  Operation *Declaration = nullptr;
  Value Root = Ctx.Exprs.rootOf(Base, &Name, &Declaration);
  std::optional<int64_t> First = flang::lowerBound(Declaration);
  auto Contents =
      First ? flang::constantTable(Root, MaxTableLength) : std::nullopt;
  if (!Contents || Name.empty())
    return nullptr;
  ExprRef Index = Ctx.Exprs.expr(Indices[0], Depth + 1);
  auto [Lo, Hi] = std::minmax_element(Contents->begin(), Contents->end());
  ExprRef E = Ctx.Exprs.boundedSymbol(Load->getResult(0), Index,
                                      Expr::constant(*Lo), Expr::constant(*Hi));
  Symbol &S = State.R.Symbols[E->symbol()];
  S.Name = Name + "(" + State.R.print(*Index) + ")";
  S.Table = std::make_shared<const std::vector<int64_t>>(std::move(*Contents));
  S.TableIndex = Expr::binary(ExprKind::Sub, Index, Expr::constant(*First));
  return E;
}

ExprRef ValueFacts::invariantElement(Operation *Load, Value Base,
                                     llvm::ArrayRef<Value> Indices,
                                     unsigned Depth) {
  // `bnd(nb)` of an array the unit never writes, at subscripts every work
  // item computes alike: one value for all (`lo = bnd(nb)` by each thread
  // stores one value). Any other element loaded is opaque.
  Value Root = Ctx.Exprs.rootOf(Base);
  auto [Known, New] = State.Written.try_emplace(Root, false);
  if (New)
    Known->second = writtenInUnit(Root);
  if (Known->second || Depth > MaxExprDepth)
    return nullptr;
  std::string Name;
  Ctx.Exprs.rootOf(Base, &Name);
  if (Name.empty())
    return nullptr;
  Name += "(";
  for (Value I : Indices) {
    ExprRef X = Ctx.Exprs.expr(I, Depth + 1);
    if (!sameInEveryWorkItem(State.R, X))
      return nullptr;
    Name += (Name.back() == '(' ? "" : ", ") + State.R.print(*X);
  }
  ExprRef E =
      Ctx.Exprs.newSymbol(Load->getResult(0), SymbolKind::Invariant, false);
  State.R.Symbols[E->symbol()].Name = Name + ")";
  return E;
}

ExprRef ValueFacts::linearValue(Operation *Load, Value Root, unsigned Depth) {
  auto LoopNest = dyn_cast_or_null<omp::LoopNestOp>(State.Nest);
  if (!LoopNest)
    return nullptr;
  // What this iteration stored into its copy before the load.
  if (Operation *W = nearestWriter(Load, Root, LoopNest))
    return Ctx.Exprs.expr(flang::storedValue(W)->first, Depth + 1);
  if (LoopNest.getNumLoops() != 1)
    return nullptr;
  Value StepValue;
  for (auto [Item, Step] : State.Linear)
    if (Ctx.Exprs.rootOf(Item) == Root)
      StepValue = Step;
  // j0 + k * s, k the iteration's number from 0: j0 what the variable
  // holds before the loop (the loop's writes are to the copies).
  ExprRef Start;
  if (std::optional<int64_t> C = constantAt(State.Unit, Root, State.Unit))
    Start = Expr::constant(*C);
  else if (auto It = State.Symbols.find(Root); It != State.Symbols.end())
    Start = Expr::symbol(It->second);
  else {
    Symbol S;
    for (Operation *User : Root.getUsers())
      if (User->getName().getStringRef() == "hlfir.declare" && S.Name.empty())
        Ctx.Exprs.rootOf(User->getResult(0), &S.Name);
    if (S.Name.empty())
      S.Name = Ctx.Exprs.name(Root);
    S.Kind = SymbolKind::Invariant;
    S.IterationDependent = false;
    SymbolId Id = State.R.addSymbol(std::move(S));
    State.Symbols[Root] = Id;
    Start = Expr::symbol(Id);
  }
  std::optional<int64_t> St = Ctx.Exprs.constantOf(LoopNest.getLoopSteps()[0]);
  if (!St || *St == 0)
    return nullptr;
  ExprRef K =
      Expr::binary(ExprKind::Sub, Expr::symbol(State.R.WorkItemVars[0]),
                   Ctx.Exprs.boundExpr(LoopNest.getLoopLowerBounds()[0]));
  if (*St != 1)
    K = Expr::binary(ExprKind::Div, K, Expr::constant(*St));
  ExprRef Step =
      StepValue ? Ctx.Exprs.expr(StepValue, Depth + 1) : Expr::constant(1);
  return Expr::binary(ExprKind::Add, Start,
                      Expr::binary(ExprKind::Mul, K, Step));
}

Operation *ValueFacts::enclosingDoLoopOf(Value Root) {
  // Flang stores a `do` loop's count into its variable first thing in the
  // body: `fir.store %iv to %it`.
  Operation *From = State.Body.empty() ? State.Unit : State.Body.front();
  for (Operation *L = From->getParentOp(); L && !isa<FunctionOpInterface>(L);
       L = L->getParentOp()) {
    if (!flang::isDoLoop(L) || L->getNumOperands() < 3 ||
        L->getRegion(0).empty())
      continue;
    Block &Entry = L->getRegion(0).front();
    for (Operation &Op : Entry) {
      auto Stored = flang::storedValue(&Op);
      if (!Stored)
        continue;
      auto Arg = dyn_cast<BlockArgument>(Stored->first);
      if (Arg && Arg.getOwner() == &Entry &&
          Ctx.Exprs.rootOf(Stored->second) == Root)
        return L;
    }
  }
  return nullptr;
}

Value ValueFacts::firstPrivateSource(Value Root) {
  auto Arg = dyn_cast<BlockArgument>(Root);
  if (!Arg)
    return nullptr;
  auto Owner = dyn_cast_or_null<omp::BlockArgOpenMPOpInterface>(
      Arg.getOwner()->getParentOp());
  if (!Owner)
    return nullptr;
  auto Args = Owner.getPrivateBlockArgs();
  auto Vars = Owner.getPrivateVars();
  auto Syms =
      Arg.getOwner()->getParentOp()->getAttrOfType<ArrayAttr>("private_syms");
  for (unsigned K = 0; K < Args.size() && K < Vars.size(); ++K) {
    if (Args[K] != Arg)
      continue;
    if (!Syms || K >= Syms.size())
      return nullptr;
    auto Sym = dyn_cast<SymbolRefAttr>(Syms[K]);
    auto Priv = dyn_cast_or_null<omp::PrivateClauseOp>(
        Sym ? SymbolTable::lookupNearestSymbolFrom(State.Unit, Sym) : nullptr);
    if (!Priv ||
        Priv.getDataSharingType() != omp::DataSharingClauseType::FirstPrivate)
      return nullptr;
    return Vars[K];
  }
  return nullptr;
}

} // namespace mlirfe
} // namespace privateer
