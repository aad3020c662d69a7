//===- FortranClauses.cpp - The clauses that fix Fortran findings ---------===//
//
// Part of privateer.
//
//===----------------------------------------------------------------------===//

#include "privateer/MLIR/FortranClauses.h"
#include "FlangOps.h"
#include "privateer/Analysis/Advice.h"
#include "privateer/MLIR/RegionBuilder.h"

#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

using namespace mlir;

namespace privateer {
namespace mlirfe {

namespace {

/// The clause of the reduction remedy \p Reduce for \p F, or empty (with
/// \p Why) where Fortran spells it by the variable's type.
std::string reductionClause(const remedy::Reduce &Reduce, const Finding &F,
                            const std::string &Name, std::string &Why) {
  switch (Reduce.Op) {
  case ReductionOp::Add:
  case ReductionOp::Sub: // spelled '+': the subtracted terms are summed
  case ReductionOp::Mul:
  case ReductionOp::Min:
  case ReductionOp::Max:
    return std::string("reduction(") + openMPReductionIdentifier(Reduce.Op) +
           ": " + F.BufferName + ")";
  default:
    // Fortran's bitwise and logical reductions (iand, .and., ...) depend
    // on the variable's type, which the remedy does not carry.
    Why = "Fortran's bitwise and logical reductions (iand, ior, .and., "
          ".or.) depend on the type of " +
          Name + ": write the clause by hand";
    return "";
  }
}

/// Whether code after \p Loop in \p Func uses \p Memory.
bool usedAfter(Operation *Loop, FunctionOpInterface Func, Value Memory) {
  bool After = false, UsedAfter = false;
  Func->walk<WalkOrder::PreOrder>([&](Operation *Op) {
    if (Op == Loop) {
      After = true;
      return WalkResult::skip();
    }
    if (After)
      for (Value Operand : Op->getOperands())
        UsedAfter |= flang::rootOf(Operand) == Memory;
    return WalkResult::advance();
  });
  // In an enclosing sequential loop, code before the construct runs after
  // it too (in the next iteration).
  Operation *Outermost = nullptr;
  for (Operation *Parent = Loop->getParentOp(); Parent && Parent != Func;
       Parent = Parent->getParentOp())
    if (isa<LoopLikeOpInterface>(Parent))
      Outermost = Parent;
  if (Outermost)
    Outermost->walk<WalkOrder::PreOrder>([&](Operation *Op) {
      if (Op == Loop)
        return WalkResult::skip();
      for (Value Operand : Op->getOperands())
        UsedAfter |= flang::rootOf(Operand) == Memory;
      return WalkResult::advance();
    });
  return UsedAfter;
}

} // namespace

std::string fortranClause(const Finding &F, Operation *Loop,
                          const ParallelRegion &R, std::string *WhyNot) {
  std::string Ignored;
  std::string &Why = WhyNot ? *WhyNot : Ignored;
  std::string Name = "'" + F.BufferName + "'";
  if (F.Model != ProgrammingModelKind::Fortran || !F.Buffer)
    return "";
  // A clause gives the construct's own code a copy; a procedure it calls
  // still reaches the original (a global, a host variable).
  for (const Access &A : R.Accesses)
    if (!A.Via.empty() && R.Buffers[A.BufferIndex].Handle == F.Buffer) {
      Why = "a procedure the construct calls ('" + A.Via + "') also uses " +
            Name + ", and a clause would not give it the copy";
      return "";
    }
  if (const auto *Reduce = std::get_if<remedy::Reduce>(&F.Fix)) {
    return reductionClause(*Reduce, F, Name, Why);
  }
  const auto *Privatize = std::get_if<remedy::Privatize>(&F.Fix);
  if (!Privatize)
    return "";
  if (Privatize->Copy != PrivateCopy::Private) {
    Why = "the construct reads elements of " + Name +
          " it does not write, which a private copy would not hold";
    return "";
  }
  // A private copy leaves the variable undefined after the construct: the
  // fix is exact only when nothing after the construct reads it, which for
  // a global (a module variable, COMMON) another procedure may, and for a
  // dummy argument the caller may.
  Value Memory = valueOf(F.Buffer);
  if (flang::isGlobal(Memory)) {
    Why = Name + " is a module or COMMON variable, which another procedure "
                 "may read after the construct, and a private copy would "
                 "leave it undefined there";
    return "";
  }
  if (isa<BlockArgument>(Memory)) {
    Why = Name + " is a dummy argument, which the caller may read after the "
                 "construct, and a private copy would leave it undefined "
                 "there";
    return "";
  }
  auto Func = Loop->getParentOfType<FunctionOpInterface>();
  if (!Func)
    return "";
  if (usedAfter(Loop, Func, Memory)) {
    Why = Name + " is used after the construct, and a private copy would "
                 "leave it undefined there";
    return "";
  }
  return "private(" + F.BufferName + ")";
}

} // namespace mlirfe
} // namespace privateer
