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
//===----------------------------------------------------------------------===//

#include "FlangOps.h"
#include "RegionModeler.h"
#include "privateer/Model/Facts.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include <cctype>

using namespace mlir;

namespace privateer {
namespace mlirfe {

namespace {

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

void RegionModeler::addStatedFacts() {
  addLoopTripFacts(R);
  // What privateer-fortran read from `!$omp assume holds(...)` around the
  // construct, over the construct's Fortran names.
  if (auto Holds = Unit->getAttrOfType<ArrayAttr>("privateer.holds"))
    for (Attribute A : Holds) {
      auto Text = dyn_cast<StringAttr>(A);
      if (!Text)
        continue;
      std::vector<Condition> Read;
      parseStatedCondition(Text.getValue(), namedValue(), Read);
      for (Condition &C : Read)
        addStatedFact(R, std::move(C));
    }
  // A team runs the construct in parallel only where its `if` clause
  // holds, and with two threads or more. (A task's `if` makes it
  // undeferred, not serial.)
  if (R.Kind != RegionKind::Tasks) {
    auto Team = dyn_cast_or_null<omp::ParallelOp>(
        isa<omp::ParallelOp>(Unit) ? Unit : enclosingTeam(Unit));
    std::vector<Condition> Clause;
    if (Team && Team.getIfExpr())
      conditionsOf(Team.getIfExpr(), true, Clause);
    if (Team && Team.getNumThreads()) {
      ExprRef N = expr(Team.getNumThreads());
      if (N->kind() != ExprKind::Constant)
        Clause.push_back({N, Comparison::GE, Expr::constant(2)});
    }
    for (Condition &C : Clause)
      if (invariantCondition(R, C))
        addStatedFact(R, std::move(C));
  }
  // The branches the construct is in, up to its function: what they
  // compared holds where it runs.
  std::vector<Condition> Path;
  Operation *Child = Body.empty() ? Unit : Body.front();
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
    if (invariantCondition(R, C))
      addStatedFact(R, std::move(C));
}

std::function<ExprRef(std::string_view)> RegionModeler::namedValue() {
  return [this](std::string_view Name) -> ExprRef {
    // Fortran names are blind to case; Flang spells them in lower case.
    std::string Lower;
    for (char X : Name)
      Lower += char(std::tolower((unsigned char)X));
    for (SymbolId S = 0; S < R.Symbols.size(); ++S)
      if (R.Symbols[S].Name == Lower)
        return Expr::symbol(S);
    // A name the construct does not read: a value of its own, which other
    // stated conditions may relate to the ones it reads.
    Symbol S;
    S.Name = Lower;
    S.Kind = SymbolKind::Invariant;
    S.IterationDependent = false;
    return Expr::symbol(R.addSymbol(std::move(S)));
  };
}

} // namespace mlirfe
} // namespace privateer
