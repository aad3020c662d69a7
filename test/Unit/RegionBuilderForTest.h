//===- RegionBuilderForTest.h - Hand-built regions for unit tests -*- C++
//-*-===//
//
// Part of privateer. A tiny fluent builder of ParallelRegion models, so that
// the analysis can be tested without a front end.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_TEST_UNIT_REGIONBUILDERFORTEST_H
#define PRIVATEER_TEST_UNIT_REGIONBUILDERFORTEST_H

#include "privateer/Model/Region.h"

#include <string>
#include <vector>

namespace privateer {
namespace test {

inline ExprRef c(int64_t V) { return Expr::constant(V); }
inline ExprRef s(SymbolId S) { return Expr::symbol(S); }
inline ExprRef add(ExprRef A, ExprRef B) {
  return Expr::binary(ExprKind::Add, A, B);
}
inline ExprRef sub(ExprRef A, ExprRef B) {
  return Expr::binary(ExprKind::Sub, A, B);
}
inline ExprRef mul(ExprRef A, ExprRef B) {
  return Expr::binary(ExprKind::Mul, A, B);
}
inline ExprRef divide(ExprRef A, ExprRef B) {
  return Expr::binary(ExprKind::Div, A, B);
}
inline ExprRef mod(ExprRef A, ExprRef B) {
  return Expr::binary(ExprKind::Mod, A, B);
}

struct TestRegion {
  ParallelRegion R;

  explicit TestRegion(RegionKind K = RegionKind::Loop) {
    R.Kind = K;
    R.Construct = "omp parallel for";
  }
  /// A work-item variable with inclusive bounds [Min, Max] (Max may be null).
  SymbolId workItem(const std::string &Name, ExprRef Min, ExprRef Max,
                    int64_t Step = 1) {
    Symbol S;
    S.Name = Name;
    S.Kind = SymbolKind::Induction;
    S.Min = Min;
    S.Max = Max;
    S.Step = Step;
    SymbolId Id = R.addSymbol(S);
    R.WorkItemVars.push_back(Id);
    return Id;
  }
  SymbolId symbol(const std::string &Name, SymbolKind K, ExprRef Min = nullptr,
                  ExprRef Max = nullptr, bool Dependent = true) {
    Symbol S;
    S.Name = Name;
    S.Kind = K;
    S.Min = Min;
    S.Max = Max;
    S.IterationDependent = Dependent;
    return R.addSymbol(S);
  }
  unsigned buffer(const std::string &Name, BufferKind K = BufferKind::Array) {
    Buffer B;
    B.Name = Name;
    B.Kind = K;
    R.Buffers.push_back(B);
    return unsigned(R.Buffers.size() - 1);
  }
  Access &access(unsigned Buf, AccessKind K, std::vector<ExprRef> Index,
                 ReductionOp Op = ReductionOp::None) {
    Access A;
    A.BufferIndex = Buf;
    A.Kind = K;
    A.Index = std::move(Index);
    A.Fields.assign(A.Index.size(), "");
    A.Op = Op;
    A.Order = unsigned(R.Accesses.size());
    A.Spelling = R.Buffers[Buf].Name;
    R.Accesses.push_back(A);
    return R.Accesses.back();
  }
};

} // namespace test
} // namespace privateer

#endif
