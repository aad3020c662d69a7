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
//===----------------------------------------------------------------------===//

#include "privateer/Analysis/IndexSolver.h"

#include <z3++.h>

#include <chrono>
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

/// z3 resource units per millisecond of the timeout option, measured on the
/// row-major disjointness proof (about 800k units, 130 ms).
constexpr unsigned RlimitPerMs = 4000;

/// The translation unit's solver budget is spent (counted in resource
/// units, at the calibrated rate per millisecond).
bool overBudget(const SolverOptions &Options, const SolverStats &Stats) {
  return Stats.Units >= uint64_t(Options.BudgetMs) * RlimitPerMs;
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
    if (Sym.Kind != SymbolKind::Opaque) {
      if (Sym.Min)
        Constraints.push_back(V >= encode(*Sym.Min, Side));
      if (Sym.Max)
        Constraints.push_back(V <= encode(*Sym.Max, Side));
      const ExprRef &Start = Sym.Descending ? Sym.Max : Sym.Min;
      if (Sym.Step > 1 && Start)
        Constraints.push_back(
            z3::mod(V - encode(*Start, Side), C.int_val(Sym.Step)) == 0);
    }
    return V;
  }

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

class Z3IndexSolver : public IndexOracle {
public:
  Z3IndexSolver(const SolverOptions &Options, SolverStats &Stats)
      : Options(Options), Stats(Stats) {}

  Conflict query(const ParallelRegion &R, const Access &A,
                 const Access &B) override {
    Conflict Fast = Patterns.query(R, A, B);
    // Branch conditions decide which work items run the accesses: a
    // collision the patterns found may be one no two of them reach.
    bool Guarded = guarded(R, A) || guarded(R, B);
    if (Fast.V == Verdict::Disjoint ||
        (Fast.V != Verdict::Unknown && !Guarded)) {
      ++Stats.PatternAnswers;
      return Fast;
    }
    // A condition on values the front end could not model (a thread number
    // from a function it cannot see, data) may select one work item: not
    // proven.
    if (Guarded && (conditionsUnseen(R, A) || conditionsUnseen(R, B)))
      return unproven(Fast);
    // Values loaded from memory that differ per work item are free: the
    // solver would always find them equal. `hist[key[i]]` stays Unknown.
    if (Fast.OpaqueIndex || Fast.OpaqueBound || A.WholeBuffer ||
        B.WholeBuffer || A.Index.size() != B.Index.size() ||
        Stats.Queries >= Options.MaxQueries || overBudget(Options, Stats)) {
      ++Stats.Skipped;
      return Guarded ? unproven(Fast) : Fast;
    }
    KeyWriter Key(R);
    Key.OS << int(R.Kind) << (R.SectionsAreStages ? "s" : "") << '|';
    for (SymbolId V : R.WorkItemVars)
      Key.symbol(V);
    Key.access(A);
    Key.OS << '|';
    Key.access(B);
    for (const Condition &F : R.Facts) {
      Key.OS << "|f" << int(F.Op);
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
    auto Start = std::chrono::steady_clock::now();
    Spent = 0;
    Conflict C = solve(R, A, B);
    Stats.Units += Spent;
    Stats.Millis += std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - Start)
                        .count();
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
  /// see: an equality on what an unfollowed call returned (a thread number
  /// through a wrapper in another file: `if (my_thread == 0)`).
  static bool selectsUnseen(const ParallelRegion &R, const Condition &C) {
    auto Call = [&](SymbolId S) {
      const Symbol &Sym = R.symbol(S);
      return Sym.Kind == SymbolKind::Opaque && Sym.IterationDependent &&
             Sym.CallResult;
    };
    return C.Op == Comparison::EQ &&
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
    if (!C.W->ElementValues.empty())
      C.W->Element = renderElement(R, A, &C.W->ElementValues);
    return C;
  }

  Conflict solve(const ParallelRegion &R, const Access &A, const Access &B) {
    Conflict Result; // Unknown unless proven otherwise
    try {
      // A fresh context per query: the answer and its witness depend on
      // this question alone, not on what the file asked before.
      z3::context C;
      Encoder E(C, R);
      std::vector<z3::expr> Goal;
      // Stages of one item are ordered (SectionsAreStages): there, as in a
      // loop, only different work items compete.
      bool Sections = R.Kind == RegionKind::Sections && !R.SectionsAreStages;
      // Different work items: some work-item variable differs.
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
      // The branches each work item took to its access, and what holds of
      // the team whatever the work item.
      for (int Side = 0; Side < 2; ++Side)
        for (const Condition &Cond : Sides[Side]->Conditions)
          if (!unseen(R, Cond))
            Goal.push_back(E.condition(Cond, Side));
      for (const Condition &Fact : R.Facts)
        for (int Side = 0; Side < 2; ++Side)
          Goal.push_back(E.condition(Fact, Side));
      // Equal elements, ranges included: start + t with 0 <= t < length.
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

      // A deterministic resource limit rather than z3's wall-clock timeout:
      // the same code gets the same diagnostics on every machine, and z3
      // 4.8's timer thread can deadlock on short timeouts.
      // In a loop, iterations that run on one thread never race: where
      // the thread id appears, the two work items run on different threads.
      std::vector<SymbolId> Threads;
      for (const auto &[Key, V] : E.Vars)
        if (R.symbol(Key.first).Kind == SymbolKind::ThreadId &&
            !R.isWorkItemVar(Key.first))
          Threads.push_back(Key.first);
      for (SymbolId T : Threads)
        Goal.push_back(E.symbol(T, 0) != E.symbol(T, 1));

      z3::solver S(C);
      z3::params P(C);
      P.set("rlimit", Options.TimeoutMs * RlimitPerMs);
      S.set(P);
      for (const z3::expr &G : Goal)
        S.add(G);
      for (const z3::expr &G : E.Constraints)
        S.add(G);

      z3::check_result First = S.check();
      Spent = unitsSpent(S);
      switch (First) {
      case z3::unsat:
        Result.V = Verdict::Disjoint;
        return Result;
      case z3::unknown:
        return Result;
      case z3::sat:
        break;
      }
      // A witness with small positive sizes and early work items reads
      // best: try a box of small values first.
      z3::model M = S.get_model();
      S.push();
      for (const auto &[Key, V] : E.Vars) {
        bool Size = R.symbol(Key.first).Kind == SymbolKind::Invariant;
        S.add(V >= C.int_val(Size ? 1 : -WitnessBox) &&
              V <= C.int_val(WitnessBox));
      }
      if (S.check() == z3::sat)
        M = S.get_model();
      Spent = unitsSpent(S);
      S.pop();
      Result.W = witness(R, A, E, M);
      Result.V = needsUnknownValues(R, *Result.W) ? Verdict::MayCollide
                                                  : Verdict::Collide;
    } catch (const z3::exception &) {
      Result = Conflict();
    }
    return Result;
  }

  /// Whether the witness needs particular values of what the front end
  /// could not model (values loaded or computed where it cannot see, as
  /// `s->n` or `dims[0]`): such a witness may be one the program never
  /// reaches, so the collision is not proven. (Sizes the program names, its
  /// parameters and locals, are its inputs: a witness may choose them.)
  static bool needsUnknownValues(const ParallelRegion &R, const Witness &W) {
    for (SymbolId S : W.AssumptionIds)
      if (R.symbol(S).Kind == SymbolKind::Opaque)
        return true;
    return false;
  }

  Witness witness(const ParallelRegion &R, const Access &A, Encoder &E,
                  z3::model &M) {
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
    for (const auto &[Key, X] : E.Order) {
      const Symbol &Sym = R.symbol(Key);
      if (Sym.Kind != SymbolKind::Invariant && Sym.Kind != SymbolKind::Opaque)
        continue; // loaded values the work items share count too
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
  /// Resource units the query being answered has spent so far.
  uint64_t Spent = 0;

  std::map<std::string, Conflict> Cache;
};

} // namespace

std::unique_ptr<IndexOracle> createIndexSolver(const SolverOptions &Options,
                                               SolverStats &Stats) {
  return std::make_unique<Z3IndexSolver>(Options, Stats);
}

} // namespace privateer
