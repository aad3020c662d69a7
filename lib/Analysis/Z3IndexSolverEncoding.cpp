//===- Z3IndexSolverEncoding.cpp - A question in z3's terms ---------------===//
//
// Part of privateer. Writes the index oracle's questions as z3 constraints:
// the expressions of both work items, their bounds and step lattices, and
// the goal of a collision (lib/Analysis/Z3IndexSolver.h).
//
//===----------------------------------------------------------------------===//

#include "Z3IndexSolver.h"

#include <algorithm>

namespace privateer {

z3::expr Encoder::symbol(SymbolId S, int Side) {
  const Symbol &Sym = R.symbol(S);
  bool Shared = Sym.Kind == SymbolKind::Invariant ||
                (Sym.Kind == SymbolKind::Opaque && !Sym.IterationDependent);
  int Key = Shared ? 0 : Side;
  auto It = Vars.find({S, Key});
  if (It != Vars.end())
    return It->second;
  std::string Name = Sym.Name + "#" + std::to_string(S) +
                     (Shared ? "" : "@" + std::to_string(Side));
  z3::expr V = C.int_const(Name.c_str());
  Vars.emplace(std::make_pair(S, Key), V);
  Order.push_back({S, Key});
  // Loop variables live in their bounds, on their step lattice counted
  // from where the loop starts; the bounds may name other symbols
  // (triangular loops). Invariants may have bounds too (the variable of
  // an enclosing sequential loop).
  if (Sym.Table && Sym.TableIndex)
    Constraints.push_back(tableElement(V, *Sym.Table, *Sym.TableIndex, Side));
  if (Sym.Kind != SymbolKind::Opaque) {
    if (Sym.Min)
      Constraints.push_back(V >= encode(*Sym.Min, Side));
    if (Sym.Max)
      Constraints.push_back(V <= encode(*Sym.Max, Side));
    const ExprRef &Start = Sym.Descending ? Sym.Max : Sym.Min;
    if (Sym.Step > 1 && Start) {
      note(QueryKind::Modular);
      Constraints.push_back(
          z3::mod(V - encode(*Start, Side), C.int_val(Sym.Step)) == 0);
    }
  }
  return V;
}

z3::expr Encoder::tableElement(const z3::expr &V,
                               const std::vector<int64_t> &Table,
                               const Expr &Index, int Side) {
  z3::expr I = encode(Index, Side);
  z3::expr Element = C.int_val(Table.back());
  for (size_t K = Table.size() - 1; K-- > 0;)
    Element = z3::ite(I == C.int_val(int64_t(K)), C.int_val(Table[K]), Element);
  return I >= 0 && I < C.int_val(int64_t(Table.size())) && V == Element;
}

z3::expr Encoder::int64Domain() {
  z3::expr_vector In(C);
  for (const auto &[Key, V] : Vars)
    In.push_back(V >= C.int_val(INT64_MIN) && V <= C.int_val(INT64_MAX));
  return z3::mk_and(In);
}

z3::expr Encoder::encode(const Expr &E, int Side) {
  switch (E.kind()) {
  case ExprKind::Constant:
    return C.int_val(E.value());
  case ExprKind::Symbol:
    return symbol(E.symbol(), Side);
  case ExprKind::Neg:
    return -encode(*E.operands()[0], Side);
  default:
    break;
  }
  z3::expr A = encode(*E.operands()[0], Side);
  z3::expr B = encode(*E.operands()[1], Side);
  bool ConstantLeft = E.operands()[0]->kind() == ExprKind::Constant;
  bool ConstantRight = E.operands()[1]->kind() == ExprKind::Constant;
  switch (E.kind()) {
  case ExprKind::Mul:
    note(ConstantLeft || ConstantRight ? QueryKind::Linear
                                       : QueryKind::NonLinear);
    break;
  case ExprKind::Div:
  case ExprKind::Mod:
    note(ConstantRight ? QueryKind::Modular : QueryKind::NonLinear);
    break;
  case ExprKind::Shr:
    note(QueryKind::Modular);
    break;
  default:
    break;
  }
  switch (E.kind()) {
  case ExprKind::Add:
    return A + B;
  case ExprKind::Sub:
    return A - B;
  case ExprKind::Mul:
    // A size multiplying a loop variable is a stride: strides are
    // assumed non-zero (a zero stride is a caller's bug, not this loop's).
    for (int K = 0; K < 2; ++K) {
      const Expr &Factor = *E.operands()[K];
      const Expr &Other = *E.operands()[1 - K];
      if (Factor.kind() == ExprKind::Symbol &&
          R.symbol(Factor.symbol()).Kind == SymbolKind::Invariant &&
          Other.mentions([&](SymbolId X) {
            SymbolKind SK = R.symbol(X).Kind;
            return SK != SymbolKind::Invariant && SK != SymbolKind::Opaque;
          }))
        Constraints.push_back((K == 0 ? A : B) != 0);
    }
    return A * B;
  case ExprKind::Div:
    Constraints.push_back(B != 0);
    return truncDiv(A, B);
  case ExprKind::Mod:
    Constraints.push_back(B != 0);
    return A - B * truncDiv(A, B);
  case ExprKind::Shl:
  case ExprKind::Shr: {
    const Expr &Amount = *E.operands()[1];
    if (Amount.kind() != ExprKind::Constant || Amount.value() < 0 ||
        Amount.value() > 62)
      throw z3::exception("shift by a non-constant amount");
    z3::expr Pow = C.int_val(int64_t(1) << Amount.value());
    // An arithmetic right shift rounds toward minus infinity, like z3's
    // integer division by a positive divisor.
    return E.kind() == ExprKind::Shl ? A * Pow : A / Pow;
  }
  case ExprKind::Min:
    return z3::ite(A <= B, A, B);
  case ExprKind::Max:
    return z3::ite(A >= B, A, B);
  default:
    throw z3::exception("unsupported expression");
  }
}

z3::expr Encoder::condition(const Condition &Cond, int Side) {
  z3::expr L = encode(*Cond.Lhs, Side), Rt = encode(*Cond.Rhs, Side);
  switch (Cond.Op) {
  case Comparison::EQ:
    return L == Rt;
  case Comparison::NE:
    return L != Rt;
  case Comparison::LT:
    return L < Rt;
  case Comparison::LE:
    return L <= Rt;
  case Comparison::GT:
    return L > Rt;
  case Comparison::GE:
    return L >= Rt;
  }
  throw z3::exception("unknown comparison");
}

z3::expr Encoder::truncDiv(const z3::expr &A, const z3::expr &B) {
  z3::expr Q = z3::ite(B > 0, A / B, -(A / -B));
  z3::expr QNeg = z3::ite(B > 0, -((-A) / B), (-A) / -B);
  return z3::ite(A >= 0, Q, QNeg);
}

std::vector<z3::expr> collisionGoal(Encoder &E, const ParallelRegion &R,
                                    const Access &A, const Access &B) {
  z3::context &C = E.C;
  std::vector<z3::expr> Goal;
  // Stages of one item are ordered (SectionsAreStages): there, as in a
  // loop, only different work items compete.
  bool Sections = R.Kind == RegionKind::Sections && !R.SectionsAreStages;
  if (!Sections && !R.WorkItemVars.empty()) {
    z3::expr_vector Differ(C);
    for (SymbolId V : R.WorkItemVars)
      Differ.push_back(E.symbol(V, 0) != E.symbol(V, 1));
    Goal.push_back(z3::mk_or(Differ));
  }
  const Access *Sides[2] = {&A, &B};
  for (int Side = 0; Side < 2; ++Side) {
    const Access &X = *Sides[Side];
    if (X.PinnedItem && R.WorkItemVars.size() == 1)
      Goal.push_back(E.symbol(R.WorkItemVars[0], Side) ==
                     E.encode(*X.PinnedItem, Side));
  }
  for (size_t D = 0; D < A.Index.size(); ++D) {
    z3::expr IA = E.encode(*A.Index[D], 0);
    z3::expr IB = E.encode(*B.Index[D], 1);
    bool Last = D + 1 == A.Index.size();
    for (int Side = 0; Side < 2 && Last; ++Side) {
      const Access &X = *Sides[Side];
      if (!X.RangeLength)
        continue;
      std::string Name = "t@" + std::to_string(Side);
      z3::expr T = C.int_const(Name.c_str());
      Goal.push_back(T >= 0 && T < E.encode(*X.RangeLength, Side));
      (Side == 0 ? IA : IB) = (Side == 0 ? IA : IB) + T;
    }
    Goal.push_back(IA == IB);
  }
  return Goal;
}

std::vector<z3::expr> questionGoal(Encoder &E, const ParallelRegion &R,
                                   const Access &A, const Access &B) {
  std::vector<z3::expr> Goal = collisionGoal(E, R, A, B);
  // The branches each work item took to its access, and what holds of
  // the team whatever the work item.
  const Access *Sides[2] = {&A, &B};
  for (int Side = 0; Side < 2; ++Side)
    for (const Condition &Cond : Sides[Side]->Conditions)
      if (kept(R, *Sides[Side], Cond))
        Goal.push_back(E.condition(Cond, Side));
  for (const Condition &Fact : R.Facts)
    for (int Side = 0; Side < 2; ++Side)
      Goal.push_back(E.condition(Fact, Side));
  addThreadFacts(E, R, Goal);
  return Goal;
}

void addThreadFacts(Encoder &E, const ParallelRegion &R,
                    std::vector<z3::expr> &Goal) {
  std::vector<SymbolId> Threads;
  for (const auto &[Key, V] : E.Vars)
    if (R.symbol(Key.first).Kind == SymbolKind::ThreadId &&
        !R.isWorkItemVar(Key.first))
      Threads.push_back(Key.first);
  for (SymbolId T : Threads)
    Goal.push_back(E.symbol(T, 0) != E.symbol(T, 1));
}

bool fitsInt64(Encoder &E, z3::model &M) {
  for (const auto &[Key, V] : E.Vars) {
    int64_t Value = 0;
    if (!M.eval(V, true).is_numeral_i64(Value))
      return false;
  }
  return true;
}

} // namespace privateer
