//===- Z3IndexSolver.cpp - Exact index reasoning with z3 ------------------===//
//
// Part of privateer. The only translation unit that includes z3++.h; it is
// compiled with exceptions because z3's C++ API reports errors by throwing,
// and every such error becomes Unknown here.
//
// The question: are there two different work items (values of the work-item
// variables, within their bounds and on their step lattice), each with its
// own inner-loop values within their ranges, whose indices of the two
// accesses are equal in every dimension? Invariant symbols (sizes,
// parameters) take one value for both work items; values loaded from memory
// that differ between work items are not modelled (such pairs stay Unknown).
//
// Every limit is counted in z3's resource units, never in wall time, so
// that a file gets the same findings on a busy machine and an idle one.
// z3 spends units at very different speeds on linear, modular and
// nonlinear arithmetic: each query's kind converts the millisecond options
// into units at the rate measured for that kind.
//
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/IndexSolver.h"

#include <z3++.h>

#include <algorithm>
#include <ctime>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>

namespace privateer {

std::string SolverStats::str() const {
  std::ostringstream OS;
  OS << "privateer stats: " << PatternAnswers << " index pairs decided by "
     << "patterns, " << Queries << " solver queries (" << Sat << " sat, "
     << Unsat << " unsat, " << Unknown << " unknown), " << CacheHits
     << " cache hits, " << Skipped << " skipped, " << int(Millis + 0.5)
     << " ms and " << Units << " resource units in the solver";
  return OS.str();
}

namespace {

/// Small values make witnesses readable: sizes and work items are first
/// looked for in this box, then anywhere.
constexpr int64_t WitnessBox = 64;

/// The arithmetic a query contains, which decides how fast z3 spends its
/// resource units on it.
enum class QueryKind {
  Linear,   ///< sums of multiples of variables, min and max
  Modular,  ///< division, remainder and step lattices by constants
  NonLinear ///< products of variables, division by a variable
};

/// z3 (4.8.12) resource units per millisecond of solver CPU time, by query
/// kind: what turns the millisecond options into resource limits. Measured
/// on the project's 2-core machine, busy with other work as it usually is
/// (benchmarks/solver/run.py --calibrate, and every query of the lit
/// suite's inputs and the stress files replayed alone): checks stopped at
/// their limit spent 1100 to 2300 units/ms on linear queries, about 240 on
/// modular and 390 on nonlinear ones, and a file of nonlinear queries 270
/// with the plugin's own work per query. One rate for all (4000) let a
/// 256-line file of nonlinear indices take 48 s. z3 counts ever more slowly
/// as a check runs on (one modular check: 100k units in 0.6 s, 300k in
/// 7.6 s), so limits stay small.
unsigned unitsPerMs(QueryKind K) {
  switch (K) {
  case QueryKind::Linear:
    return 1000;
  case QueryKind::Modular:
  case QueryKind::NonLinear:
    return 250;
  }
  return 250;
}

/// The resource limit of one check of a query of kind \p K.
unsigned checkLimit(const SolverOptions &Options, QueryKind K) {
  return unsigned(std::min<uint64_t>(
      uint64_t(Options.TimeoutMs) * unitsPerMs(K), UINT32_MAX));
}

/// Counts \p Units spent on a query of kind \p K against the unit's budget.
void charge(SolverStats &Stats, uint64_t Units, QueryKind K) {
  Stats.Units += Units;
  Stats.ChargedUs += Units * 1000 / unitsPerMs(K);
}

/// The translation unit's solver budget is spent (its milliseconds counted
/// in resource units, at the rate of each query's kind).
bool overBudget(const SolverOptions &Options, const SolverStats &Stats) {
  return Stats.ChargedUs >=
         uint64_t(Options.BudgetTimeouts) * Options.TimeoutMs * 1000;
}

/// CPU time of this thread: what the solver costs, whatever else the
/// machine runs (reported in the stats, never used for a decision).
double cpuMillis() {
  timespec T;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return double(T.tv_sec) * 1e3 + double(T.tv_nsec) / 1e6;
}

/// A solver for a query of kind \p K with no wall-clock limit anywhere
/// inside. z3's default solver picks a tactic by logic, and those for
/// integer arithmetic (qflia, qfnia) try strategies for 2 to 15 s of wall
/// time each: on a busy machine they take other paths, and the same file
/// got other findings (acceptance/robust/load-dependent-findings.c). These
/// are the same strategies in the same order, without the timers (the
/// resource limit stops them all).
z3::solver timerFreeSolver(z3::context &C, QueryKind K) {
  auto T = [&](const char *Name) { return z3::tactic(C, Name); };
  z3::params Context(C);
  Context.set("max_depth", 30u);
  Context.set("max_steps", 5000000u);
  if (K != QueryKind::NonLinear) {
    // qflia: its preamble, then the SMT core without cuts (seed 100).
    z3::params Lhs(C), NoCut(C);
    Lhs.set("arith_lhs", true);
    NoCut.set("arith.branch_cut_ratio", 10000000u);
    NoCut.set("random_seed", 100u);
    return (T("simplify") & T("propagate-values") &
            z3::with(T("ctx-simplify"), Context) & T("simplify") &
            T("solve-eqs") & T("elim-uncnstr") & z3::with(T("simplify"), Lhs) &
            T("propagate-ineqs") & z3::with(T("smt"), NoCut))
        .mk_solver();
  }
  // qfnia: its preamble, then a model among 64-bit values by bit-blasting
  // (500 conflicts at most), then the SMT core.
  z3::params Hoist(C), Width(C), Sat(C), Monomials(C);
  Hoist.set("hoist_mul", true);
  Width.set("nla2bv_max_bv_size", 64u);
  Sat.set("max_conflicts", 500u);
  Sat.set("max_memory", 100u);
  Monomials.set("som", true);
  z3::tactic BitBlasted = z3::with(T("simplify"), Hoist) &
                          z3::with(T("nla2bv"), Width) &
                          z3::with(T("simplify") & T("propagate-values") &
                                       T("bit-blast") & T("sat"),
                                   Sat) &
                          T("fail-if-undecided");
  return (T("simplify") & T("propagate-values") & T("solve-eqs") &
          z3::with(T("ctx-simplify"), Context) & T("simplify") &
          T("elim-uncnstr") &
          (BitBlasted | (z3::with(T("simplify"), Monomials) & T("smt"))))
      .mk_solver();
}

/// Resource units \p S has spent: what the per-unit budget counts, because
/// wall time would make a file's findings depend on the machine's load.
uint64_t unitsSpent(z3::solver &S) {
  z3::stats St = S.statistics();
  for (unsigned I = 0; I < St.size(); ++I)
    if (St.key(I) == "rlimit count")
      return St.is_uint(I) ? St.uint_value(I) : uint64_t(St.double_value(I));
  return 0;
}

class Encoder {
public:
  Encoder(z3::context &C, const ParallelRegion &R) : C(C), R(R) {}

  /// Side 0 is the first access's work item, side 1 the second's.
  z3::expr symbol(SymbolId S, int Side) {
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

  /// \p V is the element of \p Table at \p Index (read within its bounds).
  z3::expr tableElement(const z3::expr &V, const std::vector<int64_t> &Table,
                        const Expr &Index, int Side) {
    z3::expr I = encode(Index, Side);
    z3::expr Element = C.int_val(Table.back());
    for (size_t K = Table.size() - 1; K-- > 0;)
      Element =
          z3::ite(I == C.int_val(int64_t(K)), C.int_val(Table[K]), Element);
    return I >= 0 && I < C.int_val(int64_t(Table.size())) && V == Element;
  }

  /// Every variable within the range of int64_t.
  z3::expr int64Domain() {
    z3::expr_vector In(C);
    for (const auto &[Key, V] : Vars)
      In.push_back(V >= C.int_val(INT64_MIN) && V <= C.int_val(INT64_MAX));
    return z3::mk_and(In);
  }

  /// The query contains arithmetic of kind \p K.
  void note(QueryKind K) { Kind = std::max(Kind, K); }

  z3::expr encode(const Expr &E, int Side) {
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

  z3::expr condition(const Condition &Cond, int Side) {
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

  /// C's division truncates toward zero; z3's rounds toward minus infinity
  /// for positive divisors.
  z3::expr truncDiv(const z3::expr &A, const z3::expr &B) {
    z3::expr Q = z3::ite(B > 0, A / B, -(A / -B));
    z3::expr QNeg = z3::ite(B > 0, -((-A) / B), (-A) / -B);
    return z3::ite(A >= 0, Q, QNeg);
  }

  z3::context &C;
  const ParallelRegion &R;
  QueryKind Kind = QueryKind::Linear;
  std::map<std::pair<SymbolId, int>, z3::expr> Vars;
  std::vector<std::pair<SymbolId, int>> Order;
  std::vector<z3::expr> Constraints;
};

/// A key that identifies a query up to the region it came from: template
/// instantiations and repeated patterns ask the same question.
class KeyWriter {
public:
  explicit KeyWriter(const ParallelRegion &R) : R(R) {}

  void expr(const Expr &E) {
    switch (E.kind()) {
    case ExprKind::Constant:
      OS << E.value();
      return;
    case ExprKind::Symbol:
      symbol(E.symbol());
      return;
    default:
      OS << '(' << int(E.kind());
      for (const ExprRef &Op : E.operands()) {
        OS << ' ';
        expr(*Op);
      }
      OS << ')';
    }
  }
  void symbol(SymbolId S) {
    OS << 's' << S;
    if (!Seen.insert(S).second)
      return;
    const Symbol &Sym = R.symbol(S);
    OS << '{' << int(Sym.Kind) << ',' << Sym.Step << ','
       << Sym.IterationDependent << ',' << R.isWorkItemVar(S) << ',';
    if (Sym.Table && Sym.TableIndex) {
      OS << 't';
      for (int64_t V : *Sym.Table)
        OS << V << ' ';
      expr(*Sym.TableIndex);
      OS << ',';
    }
    if (Sym.Min)
      expr(*Sym.Min);
    OS << ',';
    if (Sym.Max)
      expr(*Sym.Max);
    OS << '}';
  }
  void access(const Access &A) {
    OS << '[';
    for (const ExprRef &I : A.Index) {
      expr(*I);
      OS << ';';
    }
    OS << "]r";
    if (A.RangeLength)
      expr(*A.RangeLength);
    OS << 'p';
    if (A.PinnedItem)
      expr(*A.PinnedItem);
    for (const Condition &C : A.Conditions) {
      OS << 'c' << int(C.Op);
      expr(*C.Lhs);
      OS << ',';
      expr(*C.Rhs);
    }
  }
  std::string str() const { return OS.str(); }
  std::ostringstream OS;

private:
  const ParallelRegion &R;
  std::set<SymbolId> Seen;
};

/// The question of one query, as constraints: two different work items
/// (for a loop), each access's pinned work item, and equal elements in
/// every dimension (a range access covers start + t, 0 <= t < length).
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

/// What is known about the threads that run the two work items. In a loop,
/// iterations on one thread never race: where the thread id appears, the
/// two work items run on different threads. (Facts about the team, such as
/// 0 <= tid < nthreads, num_threads(k) or a guard that selects one thread,
/// are constraints on the ThreadId symbols and belong here.)
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

/// A value the program takes as a size or a parameter (`n`, `lda`, `nx`):
/// one the same for every work item, not a loop's variable (no bounds).
bool isSize(const Symbol &S) {
  return S.Kind == SymbolKind::Invariant && !S.Min && !S.Max;
}

/// \p A against \p B is \p B against \p A: a witness's two work items can
/// be named in either order.
bool sameQuestionBothWays(const Access &A, const Access &B) {
  bool SameRange = A.RangeLength && B.RangeLength
                       ? equalIndex({A.RangeLength}, {B.RangeLength})
                       : !A.RangeLength && !B.RangeLength;
  bool SameConditions = A.Conditions.size() == B.Conditions.size();
  for (size_t I = 0; SameConditions && I < A.Conditions.size(); ++I) {
    const Condition &CA = A.Conditions[I], &CB = B.Conditions[I];
    SameConditions =
        CA.Op == CB.Op && equalIndex({CA.Lhs, CA.Rhs}, {CB.Lhs, CB.Rhs});
  }
  return equalIndex(A.Index, B.Index) && SameRange && SameConditions &&
         !A.PinnedItem && !B.PinnedItem;
}

/// Every variable of \p E has a 64-bit value in \p M.
bool fitsInt64(Encoder &E, z3::model &M) {
  for (const auto &[Key, V] : E.Vars) {
    int64_t Value = 0;
    if (!M.eval(V, true).is_numeral_i64(Value))
      return false;
  }
  return true;
}

class Z3IndexSolver : public IndexOracle {
public:
  Z3IndexSolver(const SolverOptions &Options, SolverStats &Stats)
      : Options(Options), Stats(Stats) {}

  Conflict query(const ParallelRegion &R, const Access &A,
                 const Access &B) override {
    // What the code states cannot hold at once (`if (nt == 1)` around a
    // team of `num_threads(nt)`): the work items never run in parallel.
    if (R.FactsStated && statedContradict(R)) {
      Conflict None;
      None.V = Verdict::Disjoint;
      return None;
    }
    Conflict Fast = Patterns.query(R, A, B);
    // Branch conditions decide which work items run the accesses, and
    // the facts the code states (an `assume` directive, an assertion)
    // which values they can take: a collision the patterns found may be
    // one no two of them reach.
    bool Conditioned = guarded(R, A) || guarded(R, B);
    bool Guarded =
        Conditioned || (R.FactsStated && !relevantStated(R, A, B).empty());
    // A collision of rows the patterns found may need a stride shorter
    // than a row: the solver tells (needsOverlappingRows).
    if (Fast.V == Verdict::Collide && needsOverlappingRows(R, A, B))
      Fast.V = Verdict::MayCollide;
    if (Fast.V == Verdict::Disjoint ||
        (Fast.V != Verdict::Unknown && !Guarded)) {
      ++Stats.PatternAnswers;
      return Fast;
    }
    // A condition on values the front end could not model (a thread number
    // from a function it cannot see, data) may select one work item: not
    // proven.
    if (Conditioned && (conditionsUnseen(R, A) || conditionsUnseen(R, B)))
      return unproven(Fast);
    // Values loaded from memory that differ per work item are free: the
    // solver would always find them equal. `hist[key[i]]` stays Unknown.
    bool Unaskable = Fast.OpaqueIndex || Fast.OpaqueBound || A.WholeBuffer ||
                     B.WholeBuffer || A.Index.size() != B.Index.size();
    if (Unaskable || Stats.Queries >= Options.MaxQueries ||
        overBudget(Options, Stats)) {
      ++Stats.Skipped;
      Stats.OverBudget += !Unaskable;
      // (Facts about sizes do not decide what the solver cannot be asked.)
      return Conditioned ? unproven(Fast) : Fast;
    }
    KeyWriter Key(R);
    Key.OS << int(R.Kind) << (R.SectionsAreStages ? "s" : "") << '|';
    for (SymbolId V : R.WorkItemVars)
      Key.symbol(V);
    Key.access(A);
    Key.OS << '|';
    Key.access(B);
    for (const auto *List : {&R.Facts, &R.Stated})
      for (const Condition &F : *List) {
        Key.OS << (List == &R.Facts ? "|f" : "|s") << int(F.Op);
        Key.expr(*F.Lhs);
        Key.OS << ',';
        Key.expr(*F.Rhs);
      }
    std::string K = Key.str();
    if (auto It = Cache.find(K); It != Cache.end()) {
      ++Stats.CacheHits;
      return rename(It->second, R, A);
    }
    ++Stats.Queries;
    double Start = cpuMillis();
    Conflict C = solve(R, A, B);
    if (C.V == Verdict::Collide && needsOverlappingRows(R, A, B))
      C.V = Verdict::MayCollide;
    Stats.Millis += cpuMillis() - Start;
    if (C.V == Verdict::Collide)
      ++Stats.Sat;
    else if (C.V == Verdict::Disjoint)
      ++Stats.Unsat;
    else
      ++Stats.Unknown;
    // A collision the patterns proved that the solver could not check
    // against the stated facts: not proven.
    if (C.V == Verdict::Unknown && !Conditioned && Fast.V != Verdict::Unknown)
      C = unproven(Fast);
    Cache[K] = C;
    return C;
  }

  Conflict outnumber(const ParallelRegion &R, const Access &A,
                     const CountingQuestion &Q) override {
    Conflict Fast = IndexOracle::outnumber(R, A, Q);
    if (Fast.V == Verdict::Collide || !Q.Items || !Q.Values) {
      ++Stats.PatternAnswers;
      return Fast;
    }
    std::vector<Condition> Conditions = Q.Requires;
    Conditions.push_back({Q.Items, Comparison::GT, Q.Values});
    Conditions.push_back({Q.Values, Comparison::GE, Expr::constant(1)});
    Conflict C = satisfy(R, Conditions, Q.Items);
    if (C.V != Verdict::Collide)
      return Conflict(); // counting proves no absence
    C.W->Items = Q.Items;
    C.W->Values = Q.Values;
    return C;
  }

  Conflict satisfy(const ParallelRegion &R,
                   const std::vector<Condition> &Conditions,
                   const ExprRef &Minimize) override {
    Conflict Fast = IndexOracle::satisfy(R, Conditions, Minimize);
    if (Fast.V != Verdict::Unknown) {
      ++Stats.PatternAnswers;
      return Fast;
    }
    if (Stats.Queries >= Options.MaxQueries || overBudget(Options, Stats)) {
      ++Stats.Skipped;
      return Fast;
    }
    KeyWriter Key(R);
    Key.OS << "holds|";
    if (Minimize)
      Key.expr(*Minimize);
    for (const std::vector<Condition> *List : {&Conditions, &R.Facts})
      for (const Condition &F : *List) {
        Key.OS << "|f" << int(F.Op);
        Key.expr(*F.Lhs);
        Key.OS << ',';
        Key.expr(*F.Rhs);
      }
    std::string K = Key.str();
    if (auto It = Cache.find(K); It != Cache.end()) {
      ++Stats.CacheHits;
      return It->second;
    }
    ++Stats.Queries;
    double Start = cpuMillis();
    Conflict C = solveConditions(R, Conditions, Minimize);
    Stats.Millis += cpuMillis() - Start;
    if (C.V == Verdict::Collide)
      ++Stats.Sat;
    else if (C.V == Verdict::Disjoint)
      ++Stats.Unsat;
    else
      ++Stats.Unknown;
    Cache[K] = C;
    return C;
  }

private:
  /// Whether \p C compares a value that differs between work items in ways
  /// the model does not know (a load, a call's result).
  static bool unseen(const ParallelRegion &R, const Condition &C) {
    auto Unseen = [&](SymbolId S) {
      const Symbol &Sym = R.symbol(S);
      return Sym.Kind == SymbolKind::Opaque && Sym.IterationDependent;
    };
    return C.Lhs->mentions(Unseen) || C.Rhs->mentions(Unseen);
  }

  /// Whether \p C may pick out some work items by a value the model cannot
  /// see: an equality on what an unfollowed call returned, or any
  /// comparison but `!=` of a value that stands for the work item (a thread
  /// number through a wrapper in another file: `if (my_thread == 0)`, the
  /// `else` of `if (my_thread > 0)`; a value computed in a way the model
  /// cannot express). Which and how many work items pass it is unknown.
  static bool selectsUnseen(const ParallelRegion &R, const Condition &C) {
    bool Equality = C.Op == Comparison::EQ;
    auto Call = [&](SymbolId S) {
      const Symbol &Sym = R.symbol(S);
      return Sym.Kind == SymbolKind::Opaque && Sym.IterationDependent &&
             Sym.CallResult && (Equality || Sym.PerItemIdentity);
    };
    return C.Op != Comparison::NE &&
           (C.Lhs->mentions(Call) || C.Rhs->mentions(Call));
  }

  /// Whether a condition of \p A can tell its work items apart: one the
  /// solver can read, or one that selects by an unseen value. A test on
  /// data (`if (x[i] > m)`, `if (a[i] == key)`) says nothing of how many
  /// work items run the access, and is left to the race's other facts.
  static bool guarded(const ParallelRegion &R, const Access &A) {
    for (const Condition &C : A.Conditions)
      if (!unseen(R, C) || selectsUnseen(R, C))
        return true;
    return false;
  }

  /// Whether \p A runs only where an unseen value equals something.
  static bool conditionsUnseen(const ParallelRegion &R, const Access &A) {
    for (const Condition &C : A.Conditions)
      if (selectsUnseen(R, C))
        return true;
    return false;
  }

  /// \p C, no longer proven: a collision becomes a possible one.
  static Conflict unproven(Conflict C) {
    if (C.V == Verdict::Collide)
      C.V = Verdict::MayCollide;
    return C;
  }

  /// A cached witness names elements of the region it was found in; the
  /// element is rendered again for this access.
  Conflict rename(Conflict C, const ParallelRegion &R, const Access &A) {
    if (!C.W)
      return C;
    // The key fixed the symbols' numbering: names come from this region.
    for (size_t K = 0; K < C.W->First.size() && K < R.WorkItemVars.size();
         ++K) {
      C.W->First[K].first = R.symbol(R.WorkItemVars[K]).Name;
      C.W->Second[K].first = R.symbol(R.WorkItemVars[K]).Name;
    }
    for (size_t K = 0; K < C.W->Assumptions.size(); ++K)
      if (K < C.W->AssumptionIds.size() &&
          C.W->AssumptionIds[K] < R.Symbols.size())
        C.W->Assumptions[K].first = R.symbol(C.W->AssumptionIds[K]).Name;
    // (A scalar's element is its name: this access's, not the cached one.)
    if (!C.W->Element.empty() && !A.RangeLength &&
        C.W->ElementValues.size() == A.Index.size())
      C.W->Element = renderElement(R, A, &C.W->ElementValues);
    return C;
  }

  /// Can \p Conditions hold in one work item, with the sizes within their
  /// bounds and the region's facts? Collide with the sizes of such a run,
  /// whose \p Minimize is as small as the solver finds in a few rounds
  /// (`n=17`, not some large n); Disjoint when they cannot.
  Conflict solveConditions(const ParallelRegion &R,
                           const std::vector<Condition> &Conditions,
                           const ExprRef &Minimize) {
    Conflict Result;
    z3::context C;
    Encoder E(C, R);
    uint64_t Spent = 0;
    try {
      std::vector<z3::expr> Goal;
      for (const std::vector<Condition> *List : {&Conditions, &R.Facts})
        for (const Condition &F : *List)
          Goal.push_back(E.condition(F, 0));
      std::optional<z3::expr> Small;
      if (Minimize)
        Small = E.encode(*Minimize, 0);
      z3::solver S = timerFreeSolver(C, E.Kind);
      for (const z3::expr &G : Goal)
        S.add(G);
      for (const z3::expr &G : E.Constraints)
        S.add(G);
      S.add(E.int64Domain());
      unsigned Limit = checkLimit(Options, E.Kind);
      z3::params P(C);
      P.set("rlimit", Limit);
      S.set(P);
      z3::check_result First = S.check();
      Spent = unitsSpent(S);
      if (First == z3::unsat)
        Result.V = Verdict::Disjoint;
      if (First != z3::sat) {
        charge(Stats, Spent, E.Kind);
        return Result;
      }
      z3::model M = S.get_model();
      if (Small)
        Spent += shrink(S, *Small, Limit, M);
      Witness W;
      for (const auto &[Key, X] : E.Order) {
        const Symbol &Sym = R.symbol(Key);
        if (Sym.Kind != SymbolKind::Invariant && Sym.Kind != SymbolKind::Opaque)
          continue;
        int64_t V = 0;
        if (M.eval(E.Vars.at({Key, X}), true).is_numeral_i64(V)) {
          W.Assumptions.push_back({Sym.Name, V});
          W.AssumptionIds.push_back(Key);
        }
      }
      Result.V = Verdict::Collide;
      Result.W = std::move(W);
    } catch (const z3::exception &) {
      Result = Conflict();
    }
    charge(Stats, Spent, E.Kind);
    return Result;
  }

  /// Makes \p Value smaller in \p M while the solver finds a smaller one
  /// quickly (each round with a tenth of \p Limit); the units spent.
  uint64_t shrink(z3::solver &S, const z3::expr &Value, unsigned Limit,
                  z3::model &M) {
    z3::solver Small(S.ctx(), z3::solver::simple());
    for (const z3::expr &G : S.assertions())
      Small.add(G);
    z3::params Tenth(S.ctx());
    Tenth.set("rlimit", std::max(1u, Limit / 10));
    Small.set(Tenth);
    uint64_t Spent = 0;
    for (int Round = 0; Round < 6; ++Round) {
      int64_t Count = 0;
      if (!M.eval(Value, true).is_numeral_i64(Count))
        break;
      Small.add(Value < S.ctx().int_val(Count));
      bool Found = Small.check() == z3::sat;
      Spent += unitsSpent(Small);
      if (!Found)
        break;
      M = Small.get_model();
    }
    return Spent;
  }

  Conflict solve(const ParallelRegion &R, const Access &A, const Access &B) {
    Conflict Result; // Unknown unless proven otherwise
    // A fresh context per query: the answer and its witness depend on this
    // question alone, not on what the file asked before.
    z3::context C;
    Encoder E(C, R);
    uint64_t Spent = 0;
    try {
      std::vector<z3::expr> Goal = collisionGoal(E, R, A, B);
      // The branches each work item took to its access, and what holds of
      // the team whatever the work item.
      const Access *Sides[2] = {&A, &B};
      for (int Side = 0; Side < 2; ++Side)
        for (const Condition &Cond : Sides[Side]->Conditions)
          if (!unseen(R, Cond))
            Goal.push_back(E.condition(Cond, Side));
      for (const Condition &Fact : R.Facts)
        for (int Side = 0; Side < 2; ++Side)
          Goal.push_back(E.condition(Fact, Side));
      addThreadFacts(E, R, Goal);
      // What the code states (loops that ran, `assume`, assertions): every
      // witness satisfies it.
      z3::expr_vector Stated(C);
      for (const Condition *Fact : relevantStated(R, A, B))
        for (int Side = 0; Side < 2; ++Side)
          Stated.push_back(E.condition(*Fact, Side));
      z3::expr AllStated = z3::mk_and(Stated);
      auto Satisfies = [&](z3::model &X, const z3::expr &What) {
        return z3::eq(X.eval(What, true), C.bool_val(true));
      };
      auto MakeSolver = [&](bool WithStated) {
        z3::solver X = timerFreeSolver(C, E.Kind);
        for (const z3::expr &G : Goal)
          X.add(G);
        if (WithStated)
          for (const z3::expr &G : Stated)
            X.add(G);
        for (const z3::expr &G : E.Constraints)
          X.add(G);
        return X;
      };
      z3::solver S = MakeSolver(true);

      // A deterministic resource limit rather than z3's wall-clock timeout:
      // the same code gets the same diagnostics on every machine, and z3
      // 4.8's timer thread can deadlock on short timeouts.
      unsigned Limit = checkLimit(Options, E.Kind);
      z3::params P(C);
      P.set("rlimit", Limit);
      S.set(P);
      z3::check_result First = S.check();
      Spent = unitsSpent(S);
      // Stated facts can slow down a question decided without them: asked
      // again without them, a witness that satisfies them stands (and one
      // that does not is no proof).
      std::optional<z3::model> Unstated;
      uint64_t UnstatedUnits = 0;
      if (First == z3::unknown && !Stated.empty()) {
        z3::solver Without = MakeSolver(false);
        Without.set(P);
        First = Without.check();
        UnstatedUnits = unitsSpent(Without);
        if (First == z3::sat) {
          z3::model X = Without.get_model();
          if (!Satisfies(X, AllStated)) {
            Result.V = Verdict::MayCollide;
            charge(Stats, Spent + UnstatedUnits, E.Kind);
            return Result;
          }
          Unstated = X;
          S = Without;
        }
      }
      Spent = unitsSpent(S) + UnstatedUnits;
      if (First == z3::unsat)
        Result.V = Verdict::Disjoint;
      if (First != z3::sat) {
        charge(Stats, Spent, E.Kind);
        return Result;
      }
      // A witness with small positive sizes and early work items reads
      // best: try a box of small values, with half the limit (only for
      // readability), in z3's SMT core alone (no tactic: no timer either),
      // which picks small values where it can.
      z3::model M = S.get_model();
      z3::solver Box(C, z3::solver::simple());
      for (const z3::expr &G : S.assertions())
        Box.add(G);
      for (const auto &[Key, V] : E.Vars) {
        bool Size = R.symbol(Key.first).Kind == SymbolKind::Invariant;
        Box.add(V >= C.int_val(Size ? 1 : -WitnessBox) &&
                V <= C.int_val(WitnessBox));
      }
      z3::params Half(C);
      Half.set("rlimit", Limit / 2);
      Box.set(Half);
      z3::check_result Boxed = Box.check();
      bool Small = Boxed == z3::sat;
      if (Small)
        M = Box.get_model();
      uint64_t BoxUnits = unitsSpent(Box);
      // Sizes are at least 1 (an extent, a count a loop runs over, a
      // leading dimension): a collision only sizes below 1 make is one the
      // program cannot reach as far as the model can tell, and a witness
      // naming such a size is not proven.
      bool NeedsNonPositiveSize = false;
      z3::expr_vector Positive(C);
      for (const auto &[Key, V] : E.Vars)
        if (isSize(R.symbol(Key.first)))
          Positive.push_back(V >= 1);
      if (!Small && !Positive.empty()) {
        z3::check_result Sized = z3::unknown;
        // No small witness at all: look for one with large sizes (with the
        // query's own tactics; the SMT core alone gives up on the
        // nonlinear strides of flattened arrays). When the box ran out of
        // units instead, the model found first stands.
        if (Boxed == z3::unsat) {
          uint64_t Before = unitsSpent(S);
          S.push();
          S.add(z3::mk_and(Positive));
          S.set(Half);
          Sized = S.check();
          BoxUnits += unitsSpent(S) - Before;
          if (Sized == z3::sat)
            M = S.get_model();
          S.pop();
        }
        NeedsNonPositiveSize =
            Sized == z3::unsat ||
            (Sized == z3::unknown &&
             !z3::eq(M.eval(z3::mk_and(Positive), true), C.bool_val(true)));
      }
      Spent = unitsSpent(S) + BoxUnits + UnstatedUnits;
      // Every symbol is a 64-bit integer, z3's are unbounded: a collision
      // that needs an iteration 2^63 after another (`p[-i + INT64_MIN]` and
      // `p[-i]`) is none. Asked only when the model leaves the range, as
      // bounds that large slow nonlinear queries down.
      if (!Small && !fitsInt64(E, M)) {
        S.set(Half);
        S.add(E.int64Domain());
        z3::check_result InRange = S.check();
        Spent = unitsSpent(S) + BoxUnits + UnstatedUnits;
        if (InRange != z3::sat) {
          Result.V =
              InRange == z3::unsat ? Verdict::Disjoint : Verdict::Unknown;
          charge(Stats, Spent, E.Kind);
          return Result;
        }
        M = S.get_model();
      }
      // (Asked without the stated facts, the box and the other searches
      // may leave them: the witness that kept them stands then.)
      if (Unstated && !Satisfies(M, AllStated))
        M = *Unstated;
      Result.W = witness(R, A, B, E, M);
      Result.V = needsUnknownValues(R, A, B, *Result.W) || NeedsNonPositiveSize
                     ? Verdict::MayCollide
                     : Verdict::Collide;
      // An access against itself asks the same question both ways round:
      // name the earlier work item first.
      if (sameQuestionBothWays(A, B) && Result.W->Second < Result.W->First)
        std::swap(Result.W->First, Result.W->Second);
    } catch (const z3::exception &) {
      Result = Conflict();
    }
    charge(Stats, Spent, E.Kind);
    return Result;
  }

  /// The terms of \p E with their signs: `a - (b + c)` is +a, -b, -c.
  static void terms(const ExprRef &E, bool Negative,
                    std::vector<std::pair<bool, ExprRef>> &Out) {
    if (E->kind() == ExprKind::Add || E->kind() == ExprKind::Sub) {
      terms(E->operands()[0], Negative, Out);
      terms(E->operands()[1], Negative != (E->kind() == ExprKind::Sub), Out);
    } else if (E->kind() == ExprKind::Neg) {
      terms(E->operands()[0], !Negative, Out);
    } else {
      Out.push_back({Negative, E});
    }
  }

  /// A stride of \p Index: an invariant s in a term `s * X` whose X names a
  /// loop variable (`i * lld + j`, `j + i * nnr`).
  static std::optional<SymbolId> rowStride(const ParallelRegion &R,
                                           const ExprRef &Index) {
    auto Loop = [&](SymbolId S) {
      SymbolKind K = R.symbol(S).Kind;
      return K == SymbolKind::Induction || K == SymbolKind::InnerLoop ||
             K == SymbolKind::ThreadId;
    };
    std::vector<std::pair<bool, ExprRef>> Terms;
    terms(Index, false, Terms);
    for (const auto &[Negative, T] : Terms) {
      if (T->kind() != ExprKind::Mul)
        continue;
      for (int K = 0; K < 2; ++K) {
        const ExprRef &F = T->operands()[K];
        if (F->kind() == ExprKind::Symbol &&
            R.symbol(F->symbol()).Kind == SymbolKind::Invariant &&
            T->operands()[1 - K]->mentions(Loop))
          return F->symbol();
      }
    }
    return std::nullopt;
  }

  /// \p Index as [X, Y] with Index = s*X + Y and Y free of s; nothing
  /// when s appears otherwise (s*s, s/2, in a bound of Y's variables).
  static std::optional<std::pair<ExprRef, ExprRef>>
  splitByStride(const ParallelRegion &R, const ExprRef &Index, SymbolId S) {
    auto IsS = [&](SymbolId X) { return X == S; };
    ExprRef X = privateer::Expr::constant(0), Y = privateer::Expr::constant(0);
    auto Add = [](ExprRef &Sum, bool Negative, ExprRef T) {
      Sum = privateer::Expr::binary(Negative ? ExprKind::Sub : ExprKind::Add,
                                    Sum, T);
    };
    std::vector<std::pair<bool, ExprRef>> Terms;
    terms(Index, false, Terms);
    for (const auto &[Negative, T] : Terms) {
      if (!T->mentions(IsS)) {
        // Y's values must not depend on s either (`j <= lld`).
        bool Bounded = !T->mentions([&](SymbolId V) {
          const Symbol &Sym = R.symbol(V);
          return (Sym.Min && Sym.Min->mentions(IsS)) ||
                 (Sym.Max && Sym.Max->mentions(IsS));
        });
        if (!Bounded)
          return std::nullopt;
        Add(Y, Negative, T);
        continue;
      }
      if (T->kind() == ExprKind::Symbol) {
        Add(X, Negative, privateer::Expr::constant(1));
        continue;
      }
      if (T->kind() != ExprKind::Mul)
        return std::nullopt;
      const ExprRef &L = T->operands()[0], &Rt = T->operands()[1];
      if (L->kind() == ExprKind::Symbol && L->symbol() == S &&
          !Rt->mentions(IsS))
        Add(X, Negative, Rt);
      else if (Rt->kind() == ExprKind::Symbol && Rt->symbol() == S &&
               !L->mentions(IsS))
        Add(X, Negative, L);
      else
        return std::nullopt;
    }
    return std::make_pair(X, Y);
  }

  /// \p A and \p B with each index `s*X + Y` that both select by one
  /// stride s split into two, [X, Y]: the elements they name when rows of
  /// s elements do not overlap (no Y spans s or more). False when no index
  /// splits.
  static bool splitRows(const ParallelRegion &R, Access &A, Access &B) {
    if (A.Index.size() != B.Index.size() || A.RangeLength || B.RangeLength)
      return false;
    std::vector<ExprRef> IA, IB;
    bool Split = false;
    for (size_t D = 0; D < A.Index.size(); ++D) {
      auto S = rowStride(R, A.Index[D]);
      if (!S)
        S = rowStride(R, B.Index[D]);
      auto PA = S ? splitByStride(R, A.Index[D], *S) : std::nullopt;
      auto PB = S ? splitByStride(R, B.Index[D], *S) : std::nullopt;
      if (PA && PB) {
        IA.insert(IA.end(), {PA->first, PA->second});
        IB.insert(IB.end(), {PB->first, PB->second});
        Split = true;
      } else {
        IA.push_back(A.Index[D]);
        IB.push_back(B.Index[D]);
      }
    }
    if (!Split)
      return false;
    A.Index = std::move(IA);
    B.Index = std::move(IB);
    A.Strides.clear();
    B.Strides.clear();
    return true;
  }

  /// Whether the collision of \p A and \p B needs rows that overlap: a
  /// stride shorter than a row (a leading dimension below the row length,
  /// or 0). Real code relates such sizes where the analysis cannot see it
  /// (the caller allocated `lld >= m`): such a collision is not proven.
  bool needsOverlappingRows(const ParallelRegion &R, const Access &A,
                            const Access &B) {
    Access SA = A, SB = B;
    if (!splitRows(R, SA, SB))
      return false;
    Conflict Rows = Patterns.query(R, SA, SB);
    // (solve charges its units to the file's budget; past it, the
    // question stays open and the collision unproven.)
    if (Rows.V == Verdict::Unknown && !Rows.OpaqueIndex && !Rows.OpaqueBound) {
      if (overBudget(Options, Stats))
        return true;
      Rows = solve(R, SA, SB);
    }
    return Rows.V == Verdict::Disjoint;
  }

  /// Whether the witness needs particular values of what the front end
  /// could not model (values loaded or computed where it cannot see, as
  /// `s->n` or `dims[0]`) in the elements the accesses select: an offset or
  /// stride such as `a[i + s->n]` may be one the program never takes, so the
  /// collision is not proven. Such a value that only bounds a loop or
  /// guards a branch (`i < s->n`, `if (verbose > 2)`) is an input like the
  /// sizes the program names, its parameters and locals: a witness may
  /// choose it.
  static bool needsUnknownValues(const ParallelRegion &R, const Access &A,
                                 const Access &B, const Witness &W) {
    for (SymbolId S : W.AssumptionIds) {
      if (R.symbol(S).Kind != SymbolKind::Opaque || R.symbol(S).Table)
        continue;
      auto IsS = [&](SymbolId X) { return X == S; };
      for (const Access *X : {&A, &B}) {
        for (const ExprRef &I : X->Index)
          if (I->mentions(IsS))
            return true;
        if (X->RangeLength && X->RangeLength->mentions(IsS))
          return true;
      }
    }
    return false;
  }

  /// The symbols that decide which elements \p A and \p B touch and which
  /// work items run them: those of their indices, ranges and conditions,
  /// and those of the bounds of the loops these name (not what only a
  /// stated fact names: a witness shows the values its elements need).
  static std::set<SymbolId> elementSymbols(const ParallelRegion &R,
                                           const Access &A, const Access &B) {
    std::set<SymbolId> Seen;
    std::vector<SymbolId> Work(R.WorkItemVars.begin(), R.WorkItemVars.end());
    auto Collect = [&](const ExprRef &X) {
      if (X)
        X->mentions([&](SymbolId S) {
          Work.push_back(S);
          return false;
        });
    };
    for (const Access *X : {&A, &B}) {
      for (const ExprRef &I : X->Index)
        Collect(I);
      Collect(X->RangeLength);
      Collect(X->PinnedItem);
      for (const Condition &C : X->Conditions) {
        Collect(C.Lhs);
        Collect(C.Rhs);
      }
    }
    while (!Work.empty()) {
      SymbolId S = Work.back();
      Work.pop_back();
      if (!Seen.insert(S).second)
        continue;
      Collect(R.symbol(S).Min);
      Collect(R.symbol(S).Max);
    }
    return Seen;
  }

  /// Whether the facts \p R states contradict each other (asked once per
  /// set of facts; an undecided answer is no contradiction).
  bool statedContradict(const ParallelRegion &R) {
    KeyWriter Key(R);
    for (const Condition &F : R.Stated) {
      Key.OS << int(F.Op);
      Key.expr(*F.Lhs);
      Key.OS << ',';
      Key.expr(*F.Rhs);
      Key.OS << ';';
    }
    auto [It, New] = Contradictions.try_emplace(Key.str(), false);
    if (!New)
      return It->second;
    z3::context C;
    Encoder E(C, R);
    try {
      z3::expr_vector Facts(C);
      for (const Condition &F : R.Stated)
        Facts.push_back(E.condition(F, 0));
      z3::solver S = timerFreeSolver(C, E.Kind);
      S.add(z3::mk_and(Facts));
      for (const z3::expr &G : E.Constraints)
        S.add(G);
      z3::params P(C);
      P.set("rlimit", checkLimit(Options, E.Kind));
      S.set(P);
      It->second = S.check() == z3::unsat;
      charge(Stats, unitsSpent(S), E.Kind);
    } catch (const z3::exception &) {
    }
    return It->second;
  }

  /// The stated facts that bear on \p A against \p B: those that name a
  /// symbol of their elements (elementSymbols), or one such a fact or the
  /// bounds of its symbols name, and so on. The others constrain values
  /// the question does not ask about (and only slow the solver down).
  static std::vector<const Condition *>
  relevantStated(const ParallelRegion &R, const Access &A, const Access &B) {
    std::vector<const Condition *> Out;
    if (R.Stated.empty())
      return Out;
    std::set<SymbolId> Named = elementSymbols(R, A, B);
    std::vector<bool> Taken(R.Stated.size(), false);
    for (bool Grew = true; Grew;) {
      Grew = false;
      for (size_t K = 0; K < R.Stated.size(); ++K) {
        const Condition &F = R.Stated[K];
        auto In = [&](SymbolId S) { return Named.count(S) > 0; };
        if (Taken[K] || !(F.Lhs->mentions(In) || F.Rhs->mentions(In)))
          continue;
        Taken[K] = Grew = true;
        Out.push_back(&F);
        // A symbol the fact names, and those its bounds name.
        std::vector<ExprRef> Work = {F.Lhs, F.Rhs};
        while (!Work.empty()) {
          ExprRef X = Work.back();
          Work.pop_back();
          if (X)
            X->mentions([&](SymbolId S) {
              if (Named.insert(S).second) {
                Work.push_back(R.symbol(S).Min);
                Work.push_back(R.symbol(S).Max);
              }
              return false;
            });
        }
      }
    }
    return Out;
  }

  Witness witness(const ParallelRegion &R, const Access &A, const Access &B,
                  Encoder &E, z3::model &M) {
    Witness W;
    auto Value = [&](const z3::expr &X) -> std::optional<int64_t> {
      int64_t V = 0;
      if (M.eval(X, true).is_numeral_i64(V))
        return V;
      return std::nullopt;
    };
    for (SymbolId V : R.WorkItemVars) {
      auto V0 = Value(E.symbol(V, 0)), V1 = Value(E.symbol(V, 1));
      if (!V0 || !V1)
        return Witness();
      W.First.push_back({R.symbol(V).Name, *V0});
      W.Second.push_back({R.symbol(V).Name, *V1});
    }
    std::set<SymbolId> Named = elementSymbols(R, A, B);
    for (const auto &[Key, X] : E.Order) {
      const Symbol &Sym = R.symbol(Key);
      if ((Sym.Kind != SymbolKind::Invariant &&
           Sym.Kind != SymbolKind::Opaque) ||
          Sym.Table)
        continue; // loaded values the work items share count too (a
                  // table's element is the table's, not an assumption)
      if (!Named.count(Key))
        continue;
      if (auto V = Value(E.Vars.at({Key, X}))) {
        W.Assumptions.push_back({Sym.Name, *V});
        W.AssumptionIds.push_back(Key);
      }
    }
    if (!A.RangeLength) {
      std::vector<int64_t> Values;
      for (const ExprRef &I : A.Index) {
        auto V = Value(E.encode(*I, 0));
        if (!V)
          return W;
        Values.push_back(*V);
      }
      W.ElementValues = Values;
      W.Element = renderElement(R, A, &Values);
    }
    return W;
  }

  SolverOptions Options;
  SolverStats &Stats;
  AffineIndexOracle Patterns;

  std::map<std::string, Conflict> Cache;
  std::map<std::string, bool> Contradictions;
};

} // namespace

std::unique_ptr<IndexOracle> createIndexSolver(const SolverOptions &Options,
                                               SolverStats &Stats) {
  return std::make_unique<Z3IndexSolver>(Options, Stats);
}

} // namespace privateer
