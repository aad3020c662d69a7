//===- ArithmeticFuzzTest.cpp - Extreme constants never trap --------------===//
//
// Random models built from the constants that break integer code (INT64_MIN,
// INT64_MAX, 2^62, -1, 0, shifts by 63 or 64...) thrown at the model's
// arithmetic, the index oracle, the solver and every check. A trap (SIGFPE
// from INT64_MIN % -1, a hang) fails the run; under
// `-fsanitize=undefined,integer` so does any overflow. Where the loop is small
// enough to enumerate, the answers are checked too: an affine form or a
// polynomial evaluates like the expression it came from, and a pair called
// Disjoint has no two iterations that touch one element.
//
// The seed is fixed; PRIVATEER_FUZZ_SEED and PRIVATEER_FUZZ_ROUNDS (a
// multiplier) run other and longer searches.
//
//===----------------------------------------------------------------------===//

#include "RegionBuilderForTest.h"
#include "privateer/Analysis/Delinearize.h"
#include "privateer/Analysis/IndexSolver.h"
#include "privateer/Analysis/RunChecks.h"
#include "privateer/Model/CheckedInt.h"
#include "privateer/Model/Polynomial.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <random>

using namespace privateer;
using namespace privateer::test;

namespace {

uint64_t envOr(const char *Name, uint64_t Default) {
  const char *V = std::getenv(Name);
  return V && *V ? std::strtoull(V, nullptr, 10) : Default;
}

unsigned rounds(unsigned Base) {
  return unsigned(Base * envOr("PRIVATEER_FUZZ_ROUNDS", 1));
}

class Gen {
public:
  explicit Gen(uint64_t Salt)
      : Rng(envOr("PRIVATEER_FUZZ_SEED", 20261125) * 1000003 + Salt) {}

  uint64_t below(uint64_t N) { return Rng() % N; }
  bool coin(unsigned PercentTrue) { return below(100) < PercentTrue; }

  /// A constant that breaks integer code, or an ordinary one.
  int64_t constant() {
    static const int64_t Pool[] = {0,
                                   1,
                                   -1,
                                   2,
                                   -2,
                                   3,
                                   7,
                                   8,
                                   64,
                                   INT64_MIN,
                                   INT64_MIN + 1,
                                   INT64_MAX,
                                   INT64_MAX - 1,
                                   INT64_MIN / 2,
                                   int64_t(1) << 31,
                                   -(int64_t(1) << 31),
                                   int64_t(1) << 32,
                                   int64_t(1) << 62,
                                   -(int64_t(1) << 62),
                                   (int64_t(1) << 62) + 1,
                                   3037000499,
                                   3037000500,
                                   -3037000500,
                                   4611686018427387904,
                                   -4611686018427387904};
    switch (below(4)) {
    case 0:
      return int64_t(Rng());
    case 1:
      return int64_t(below(41)) - 20;
    default:
      return Pool[below(sizeof(Pool) / sizeof(Pool[0]))];
    }
  }

  /// A shift amount, often out of range.
  ExprRef shiftAmount() {
    static const int64_t Amounts[] = {-1, 0, 1, 3, 31, 62, 63, 64, 100};
    if (coin(80))
      return c(Amounts[below(sizeof(Amounts) / sizeof(Amounts[0]))]);
    return c(constant());
  }

  ExprRef expr(unsigned Depth, const std::vector<SymbolId> &Syms) {
    if (Depth == 0 || coin(25)) {
      if (!Syms.empty() && coin(60))
        return s(Syms[below(Syms.size())]);
      return c(constant());
    }
    ExprKind K = ExprKind(below(unsigned(ExprKind::Neg) + 1));
    switch (K) {
    case ExprKind::Constant:
    case ExprKind::Symbol:
      return expr(0, Syms);
    case ExprKind::Neg:
      return Expr::neg(expr(Depth - 1, Syms));
    case ExprKind::Shl:
    case ExprKind::Shr:
      return Expr::binary(K, expr(Depth - 1, Syms), shiftAmount());
    default:
      return Expr::binary(K, expr(Depth - 1, Syms), expr(Depth - 1, Syms));
    }
  }

  /// An index like the ones loops write, `c1*i + c2` with extreme c's, or
  /// any expression.
  ExprRef index(const std::vector<SymbolId> &Syms) {
    if (Syms.empty() || coin(40))
      return expr(3, Syms);
    ExprRef E = c(constant());
    for (SymbolId S : Syms)
      if (coin(70))
        E = add(E, mul(c(coin(50) ? constant() : int64_t(below(9)) - 4), s(S)));
    return E;
  }

  std::mt19937_64 Rng;
};

/// One work-item variable with constant bounds from the pool, sometimes an
/// iteration space small enough to enumerate.
struct RandomLoop {
  TestRegion T;
  SymbolId I, N, J, Tid;
  std::vector<SymbolId> All;

  explicit RandomLoop(Gen &G) {
    N = T.symbol("n", SymbolKind::Invariant);
    int64_t Lo = G.constant();
    int64_t Step = G.coin(85) ? int64_t(G.below(4)) + 1 : G.constant();
    ExprRef Max;
    if (G.coin(50)) {
      CheckedInt Hi = CheckedInt(Lo) + CheckedInt(int64_t(G.below(12))) * Step;
      Max = c(Hi.valueOr(INT64_MAX));
    } else {
      Max = G.coin(50) ? c(G.constant()) : sub(s(N), c(G.constant()));
    }
    I = T.workItem("i", c(Lo), Max, Step);
    T.R.Symbols[I].Descending = G.coin(20);
    J = T.symbol("j", SymbolKind::InnerLoop, c(G.constant()),
                 G.coin(50) ? c(G.constant()) : s(N));
    Tid = T.symbol("tid", SymbolKind::ThreadId, c(0), c(G.constant()));
    All = {I, N, J, Tid};
  }
};

/// Every value of the (only) work-item variable, when there are few.
std::optional<std::vector<int64_t>> valuesOf(const Symbol &S) {
  CheckedInt Trip = constantTripCount(S);
  if (!Trip || *Trip > 24)
    return std::nullopt;
  std::vector<int64_t> Out;
  int64_t Start = S.Descending ? S.Max->value() : S.Min->value();
  for (int64_t K = 0; K < *Trip; ++K)
    Out.push_back(*(CheckedInt(Start) +
                    CheckedInt(K) * (S.Descending ? -S.Step : S.Step)));
  return Out;
}

/// Two different values of \p I at which \p A and \p B evaluate to the same
/// element (indices over \p I and constants only).
bool collisionExists(const ParallelRegion &R, SymbolId I, const Access &A,
                     const Access &B) {
  auto Values = valuesOf(R.symbol(I));
  if (!Values)
    return false;
  auto At = [&](const Access &X, int64_t V) {
    std::vector<std::optional<int64_t>> Out;
    for (const ExprRef &E : X.Index)
      Out.push_back(evaluate(*E, [&](SymbolId S) -> std::optional<int64_t> {
        if (S == I)
          return V;
        return std::nullopt;
      }));
    return Out;
  };
  for (int64_t V1 : *Values)
    for (int64_t V2 : *Values) {
      if (V1 == V2)
        continue;
      auto EA = At(A, V1), EB = At(B, V2);
      bool Same = EA.size() == EB.size();
      for (size_t D = 0; Same && D < EA.size(); ++D)
        Same = EA[D] && EB[D] && *EA[D] == *EB[D];
      if (Same)
        return true;
    }
  return false;
}

bool onlyMentions(const Access &A, SymbolId I) {
  for (const ExprRef &E : A.Index)
    if (E->mentions([&](SymbolId S) { return S != I; }))
      return false;
  return true;
}

} // namespace

TEST(ArithmeticFuzz, NormalFormsEvaluateLikeTheirExpression) {
  Gen G(1);
  std::vector<SymbolId> Syms = {0, 1, 2};
  unsigned Compared = 0;
  for (unsigned Round = 0; Round < rounds(20000); ++Round) {
    ExprRef E = G.expr(4, Syms);
    int64_t Values[3] = {G.constant(), G.constant(), int64_t(G.below(7)) - 3};
    auto Value = [&](SymbolId S) -> std::optional<int64_t> {
      return Values[S];
    };
    std::optional<int64_t> Direct = evaluate(*E, Value);
    // Substitution folds constants through the same checked arithmetic.
    ExprRef Folded =
        substitute(substitute(substitute(E, 0, c(Values[0])), 1, c(Values[1])),
                   2, c(Values[2]));
    if (Folded->kind() == ExprKind::Constant)
      EXPECT_EQ(Direct, Folded->value()) << Round;
    if (auto F = toAffine(*E); F && Direct) {
      CheckedInt Sum = F->Constant;
      for (const auto &[S, K] : F->Coeffs)
        Sum += CheckedInt(K) * Values[S];
      // Equal where both are exact (the form's terms may overflow where the
      // expression's order of operations does not, and the other way round).
      if (Sum) {
        EXPECT_EQ(*Sum, *Direct) << Round;
        ++Compared;
      }
    }
    if (auto P = toPolynomial(*E); P && Direct) {
      CheckedInt Sum = 0;
      for (const auto &[M, K] : P->Terms) {
        CheckedInt Term = K;
        for (SymbolId S : M)
          Term *= Values[S];
        Sum += Term;
      }
      if (Sum)
        EXPECT_EQ(*Sum, *Direct) << Round;
    }
  }
  EXPECT_GT(Compared, 1000u);
}

TEST(ArithmeticFuzz, OracleNeverTrapsAndDisjointIsTrue) {
  Gen G(2);
  unsigned Checked = 0;
  for (unsigned Round = 0; Round < rounds(20000); ++Round) {
    RandomLoop L(G);
    unsigned A = L.T.buffer("a");
    // Indices over the work item alone (to enumerate), or over anything.
    bool Simple = G.coin(60);
    std::vector<SymbolId> Syms = Simple ? std::vector<SymbolId>{L.I} : L.All;
    size_t Dims = 1 + G.below(2);
    std::vector<ExprRef> X, Y;
    for (size_t D = 0; D < Dims; ++D) {
      X.push_back(G.index(Syms));
      Y.push_back(G.coin(30) ? X.back() : G.index(Syms));
    }
    Access &First = L.T.access(A, AccessKind::Write, X);
    if (!Simple && G.coin(20))
      First.PinnedItem = c(G.constant());
    L.T.access(A, G.coin(50) ? AccessKind::Read : AccessKind::Write, Y);
    const Access &P = L.T.R.Accesses[0], &Q = L.T.R.Accesses[1];
    AffineIndexOracle O;
    Conflict C = O.query(L.T.R, P, Q);
    Access DP = P, DQ = Q;
    delinearize(L.T.R, DP, DQ);
    if (C.V == Verdict::Disjoint && Simple && onlyMentions(P, L.I) &&
        onlyMentions(Q, L.I) && valuesOf(L.T.R.symbol(L.I))) {
      ++Checked;
      EXPECT_FALSE(collisionExists(L.T.R, L.I, P, Q))
          << "round " << Round << ": " << L.T.R.print(*P.Index[0]) << " and "
          << L.T.R.print(*Q.Index[0]);
    }
  }
  EXPECT_GT(Checked, 100u);
}

TEST(ArithmeticFuzz, SolverNeverTrapsAndDisjointIsTrue) {
  Gen G(3);
  SolverOptions Options;
  Options.TimeoutMs = 5; // a small resource limit: this is about traps
  unsigned Checked = 0;
  for (unsigned Round = 0; Round < rounds(300); ++Round) {
    RandomLoop L(G);
    unsigned A = L.T.buffer("a");
    std::vector<SymbolId> Syms = {L.I};
    if (G.coin(30))
      Syms = L.All;
    L.T.access(A, AccessKind::Write, {G.index(Syms)});
    L.T.access(A, AccessKind::Write, {G.index(Syms)});
    SolverStats Stats;
    auto Solver = createIndexSolver(Options, Stats);
    const Access &P = L.T.R.Accesses[0], &Q = L.T.R.Accesses[1];
    Conflict C = Solver->query(L.T.R, P, Q);
    if (C.V == Verdict::Disjoint && onlyMentions(P, L.I) &&
        onlyMentions(Q, L.I) && valuesOf(L.T.R.symbol(L.I))) {
      ++Checked;
      EXPECT_FALSE(collisionExists(L.T.R, L.I, P, Q))
          << "round " << Round << ": " << L.T.R.print(*P.Index[0]) << " and "
          << L.T.R.print(*Q.Index[0]);
    }
  }
  EXPECT_GT(Checked, 10u);
}

TEST(ArithmeticFuzz, ChecksNeverTrap) {
  Gen G(4);
  CheckFilter All;
  unsigned Findings = 0;
  for (unsigned Round = 0; Round < rounds(5000); ++Round) {
    RandomLoop L(G);
    ParallelRegion &R = L.T.R;
    R.Schedule = ScheduleKind(G.below(6));
    if (G.coin(70))
      R.Chunk = c(G.constant());
    if (G.coin(50)) {
      R.NumThreads = c(G.constant());
      R.NumThreadsClause = true;
    }
    R.CreatesTeam = G.coin(50);
    unsigned A = L.T.buffer("a");
    R.Buffers[A].ElementSize = uint64_t(G.constant());
    R.Buffers[A].Alignment = uint64_t(G.constant());
    if (G.coin(50))
      R.Buffers[A].Extent = uint64_t(G.constant());
    for (unsigned K = 0; K < 3; ++K) {
      std::vector<ExprRef> Index = {G.coin(40) ? add(s(L.Tid), c(G.constant()))
                                               : G.index(L.All)};
      Access &X = L.T.access(A, AccessKind(G.below(3)), Index);
      X.Strides = {uint64_t(G.constant())};
      X.LoopDepth = unsigned(G.below(3));
    }
    Allocation Alloc;
    Alloc.Bytes = c(G.constant());
    Alloc.Alignment = uint64_t(G.constant());
    Alloc.PerThread = G.coin(50);
    Alloc.Freed = G.coin(50);
    Alloc.BufferIndex = A;
    R.Allocations.push_back(Alloc);
    AffineIndexOracle O;
    CheckContext Context{O, unsigned(64) << G.below(3)};
    Findings += runChecks(R, All, Context).size();
  }
  EXPECT_GT(Findings, 0u);
}
