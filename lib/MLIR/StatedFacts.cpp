//===- StatedFacts.cpp - What the code states about a construct's values --===//
//
// Part of privateer. The facts a construct's model carries besides its
// symbols' bounds (include/privateer/Model/Facts.h), as the C front end has
// them: its loops ran; the `privateer.holds` conditions set on it (what
// privateer-fortran reads from `!$omp assume holds(...)`, which Flang does
// not lower); the `if` clause of the team, which runs it in parallel only
// where the condition holds, and its `num_threads`, which must allow two
// threads; and the branches around the construct, which it runs under.
//

#include "FlangOps.h"
#include "OpSemantics.h"
#include "RegionContext.h"
#include "ValueFacts.h"
#include "privateer/Model/Facts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <cctype>

using namespace mlir;

namespace privateer {
namespace mlirfe {

namespace {

/// \p Spelled as the region names it: Fortran names are blind to case,
/// and Flang spells them in lower case.
std::string fortranName(std::string_view Spelled) {
  std::string Name;
  for (char X : Spelled)
    Name += char(std::tolower((unsigned char)X));
  return Name;
}

/// Whether every symbol of \p C is one value for the whole construct (a
/// size, a parameter): a condition that held before the construct holds in
/// it.
bool invariantCondition(const ParallelRegion &R, const Condition &C) {
  auto Varies = [&](SymbolId S) {
    return R.symbol(S).Kind != SymbolKind::Invariant;
  };
  return !C.Lhs->mentions(Varies) && !C.Rhs->mentions(Varies);
}

} // namespace

void ValueFacts::addStatedFacts() {
  addLoopTripFacts(State.R);
  // What privateer-fortran read from `!$omp assume holds(...)` around the
  // construct, over the construct's Fortran names.
  if (auto Holds = State.Unit->getAttrOfType<ArrayAttr>("privateer.holds"))
    for (Attribute A : Holds) {
      auto Text = dyn_cast<StringAttr>(A);
      if (!Text)
        continue;
      std::vector<Condition> Read;
      parseStatedCondition(Text.getValue(), namedValue(), Read);
      for (Condition &C : Read)
        addStatedFact(State.R, std::move(C));
    }
  // A team runs the construct in parallel only where its `if` clause
  // holds, and with two threads or more. (A task's `if` makes it
  // undeferred, not serial.)
  if (State.R.Kind != RegionKind::Tasks) {
    auto Team = dyn_cast_or_null<omp::ParallelOp>(
        isa<omp::ParallelOp>(State.Unit) ? State.Unit
                                         : enclosingTeam(State.Unit));
    std::vector<Condition> Clause;
    if (Team && Team.getIfExpr()) {
      Value If = Team.getIfExpr();
      // `parallel if(flag)` with `flag = slavef .eq. 1` before it: the
      // clause tests what the flag was assigned (or its negation).
      bool Holds = true;
      while (Operation *D = If.getDefiningOp()) {
        if (flang::isConversion(D) && D->getNumOperands() == 1) {
          If = D->getOperand(0);
          continue;
        }
        if (auto Not = dyn_cast<arith::XOrIOp>(D)) {
          APInt One;
          if (matchPattern(Not.getRhs(), m_ConstantInt(&One)) &&
              One.isAllOnes()) {
            If = Not.getLhs();
            Holds = !Holds;
            continue;
          }
        }
        break;
      }
      if (Operation *Load = If.getDefiningOp(); Load && flang::loadedRef(Load))
        if (Value Assigned = assignedCondition(Load))
          conditionsOf(Assigned, Holds, Clause);
      conditionsOf(Team.getIfExpr(), true, Clause);
    }
    if (Team && Team.getNumThreads()) {
      ExprRef N = Ctx.Exprs.expr(Team.getNumThreads());
      if (N->kind() != ExprKind::Constant)
        Clause.push_back({N, Comparison::GE, Expr::constant(2)});
    }
    for (Condition &C : Clause)
      if (invariantCondition(State.R, C))
        addStatedFact(State.R, std::move(C));
  }
  // The branches the construct is in, up to its function: what they
  // compared holds where it runs.
  std::vector<Condition> Path;
  Operation *Child = State.Body.empty() ? State.Unit : State.Body.front();
  for (Operation *P = Child->getParentOp(); P && !isa<FunctionOpInterface>(P);
       Child = P, P = P->getParentOp()) {
    if (!(flang::isIf(P) || isa<scf::IfOp>(P)) || P->getNumOperands() < 1 ||
        !P->getOperand(0).getType().isInteger(1))
      continue;
    unsigned Arm = Child->getParentRegion()->getRegionNumber();
    if (Arm < 2)
      conditionsOf(P->getOperand(0), Arm == 0, Path);
  }
  for (Condition &C : Path)
    if (invariantCondition(State.R, C))
      addStatedFact(State.R, std::move(C));
}

Value ValueFacts::assignedCondition(Operation *Load) {
  // A local scalar (not a dummy argument, not a global) of the function.
  Value Root = Ctx.Exprs.rootOf(*flang::loadedRef(Load));
  Operation *Alloc = Root.getDefiningOp();
  if (!Alloc || Alloc->getName().getStringRef() != "fir.alloca" ||
      flang::isArrayReference(Root.getType()))
    return {};
  auto Fn = Alloc->getParentOfType<FunctionOpInterface>();
  if (!Fn || !Fn->isAncestor(Load))
    return {};
  Operation *W = nearestWriter(Load, Root, Fn);
  if (!W)
    return {};
  Value Stored = flang::storedValue(W)->first;
  // The memory the condition read when it was assigned (`slavef`, `keep(399)`).
  llvm::SmallPtrSet<Value, 8> Read;
  bool ReadsGlobal = false;
  llvm::SmallVector<Value> Work{Stored};
  llvm::SmallPtrSet<Operation *, 16> Seen;
  while (!Work.empty()) {
    Operation *D = Work.pop_back_val().getDefiningOp();
    if (!D || !Seen.insert(D).second)
      continue;
    if (D->getNumRegions())
      return {}; // (computed by code with its own control flow)
    if (auto Ref = flang::loadedRef(D)) {
      Value R = Ctx.Exprs.rootOf(*Ref);
      Read.insert(R);
      ReadsGlobal |= flang::isGlobal(R);
    }
    if (!calleeName(D).empty())
      return {};
    llvm::append_range(Work, D->getOperands());
  }
  // No other write of the flag reaches the load, and nothing writes what
  // the condition read between the assignment and the load: every such
  // write comes before W in its block or after the load's statement. (One
  // in another block of an unstructured function, `GOTO 500`, never runs
  // between the two: a block runs straight through.)
  Block *B = W->getBlock();
  Operation *Use = B->findAncestorOpInBlock(*Load);
  if (!Use)
    return {};
  bool Holds = true;
  Fn->walk([&](Operation *Op) {
    bool Flag = false, Input = false;
    if (auto S = flang::storedValue(Op)) {
      Value R = Ctx.Exprs.rootOf(S->second);
      Flag = Op != W && R == Root;
      Input = Read.contains(R);
    } else if (!calleeName(Op).empty()) {
      for (Value Operand : Op->getOperands()) {
        Value R = flang::rootOf(Operand);
        Flag |= R == Root;
        Input |= Read.contains(R);
      }
      // (A call may write a global it is not given.)
      Input |= ReadsGlobal &&
               !(calleeFamilies(calleeName(Op)) & callee::FortranRuntime);
    }
    if (!Flag && !Input)
      return;
    Operation *A = B->findAncestorOpInBlock(*Op);
    if (!A)
      return;
    if (Flag &&
        (A == Use || !(A->isBeforeInBlock(W) || Use->isBeforeInBlock(A))))
      Holds = false;
    if (Input &&
        (A == Use || (W->isBeforeInBlock(A) && A->isBeforeInBlock(Use))))
      Holds = false;
  });
  return Holds ? Stored : Value();
}

Value ValueFacts::loadInCoveredCode(StringRef Text, std::string_view Name) {
  // (An element: `step` of `step(work(1))`, whose loads there must all
  // read one element.)
  bool Element = Name.find('(') != std::string_view::npos;
  std::string_view Variable = Name.substr(0, Name.find('('));
  Value Found, FoundRef;
  bool Several = false;
  State.Unit->walk([&](Operation *Op) {
    auto Assumed = Op->getAttrOfType<ArrayAttr>("privateer.assumed");
    std::optional<Value> Ref = flang::loadedRef(Op);
    if ((Found && !Element) || !Assumed || !Ref || Op->getNumResults() != 1 ||
        !llvm::is_contained(Assumed, StringAttr::get(Op->getContext(), Text)))
      return;
    // (An element's variable is the one its designate's base names, or
    // that the reference leads to.)
    std::string Declared;
    Value Root = flang::rootOf(*Ref, &Declared);
    if (Element) {
      Value Base;
      llvm::SmallVector<Value, 2> Indices;
      bool IsElement = flang::elementOf(*Ref, Base, Indices);
      if (IsElement && Declared.empty())
        flang::rootOf(Base, &Declared);
      if (!IsElement && Root == *Ref)
        return;
    }
    if (Declared != Variable)
      return;
    if (!Found) {
      Found = Op->getResult(0);
      FoundRef = *Ref;
    } else if (!flang::sameElement(FoundRef, *Ref)) {
      Several = true;
    }
  });
  return Several ? Value() : Found;
}

void ValueFacts::statedAt(Operation *Op, Operation *Stop,
                          std::vector<Condition> &Conditions) {
  llvm::SmallVector<StringRef, 2> Texts;
  for (Operation *P = Op; P && P != Stop; P = P->getParentOp())
    if (auto Assumed = P->getAttrOfType<ArrayAttr>("privateer.assumed"))
      for (Attribute A : Assumed)
        if (auto Text = dyn_cast<StringAttr>(A);
            Text && !llvm::is_contained(Texts, Text.getValue()))
          Texts.push_back(Text.getValue());
  if (Texts.empty())
    return;
  // A variable is what the code the directive covers reads of it (`dest`
  // of `if (dest == -1)`: what was stored there), else the symbol of that
  // name (a loop's variable, a size); an element (`step(work(1))`) the
  // value of that name the access's branches test (each load is a value of
  // its own), else the one element of that array the covered code reads,
  // else the last value of that name. Never a new value: one for every
  // work item would be no fact of this point.
  StringRef Text;
  auto Lookup = [&](std::string_view Spelled) -> ExprRef {
    std::string Name = fortranName(Spelled);
    if (Name.find('(') == std::string::npos) {
      if (Value Load = loadInCoveredCode(Text, Name))
        return Ctx.Exprs.expr(Load);
      // (A loop's variable before a value loaded under its name.)
      std::optional<SymbolId> Opaque;
      for (SymbolId S = 0; S < State.R.Symbols.size(); ++S)
        if (State.R.Symbols[S].Name == Name) {
          if (State.R.Symbols[S].Kind != SymbolKind::Opaque)
            return Expr::symbol(S);
          Opaque = Opaque.value_or(S);
        }
      return Opaque ? Expr::symbol(*Opaque) : nullptr;
    }
    auto Called = [&](SymbolId S) { return State.R.Symbols[S].Name == Name; };
    for (const Condition &C : Conditions)
      for (const ExprRef &Side : {C.Lhs, C.Rhs}) {
        std::optional<SymbolId> Found;
        Side->mentions([&](SymbolId S) {
          if (Called(S) && !Found)
            Found = S;
          return false;
        });
        if (Found)
          return Expr::symbol(*Found);
      }
    // The one element of that array the covered code reads (whose value
    // the model may have no spelling for).
    if (Value Load = loadInCoveredCode(Text, Name))
      return Ctx.Exprs.expr(Load);
    for (SymbolId S = State.R.Symbols.size(); S-- > 0;)
      if (Called(S))
        return Expr::symbol(S);
    return nullptr;
  };
  for (StringRef T : Texts) {
    Text = T;
    size_t First = Conditions.size();
    parseStatedCondition(Text, Lookup, Conditions);
    for (size_t I = First; I < Conditions.size(); ++I)
      Conditions[I].Stated = true;
  }
}

std::function<ExprRef(std::string_view)> ValueFacts::namedValue() {
  return [this](std::string_view Name) -> ExprRef {
    std::string Lower = fortranName(Name);
    for (SymbolId S = 0; S < State.R.Symbols.size(); ++S)
      if (State.R.Symbols[S].Name == Lower)
        return Expr::symbol(S);
    // An element or a call the construct does not read: no value of the
    // construct's (one for every work item would be no fact of it).
    if (Lower.find('(') != std::string::npos)
      return nullptr;
    // A name the construct does not read: a value of its own, which other
    // stated conditions may relate to the ones it reads.
    Symbol S;
    S.Name = Lower;
    S.Kind = SymbolKind::Invariant;
    S.IterationDependent = false;
    return Expr::symbol(State.R.addSymbol(std::move(S)));
  };
}

} // namespace mlirfe
} // namespace privateer
