//===- ColumnMajor.cpp - Fortran arrays as the memory they occupy ---------===//
//
// Part of privateer. See ColumnMajor.h.
//
//===----------------------------------------------------------------------===//

#include "ColumnMajor.h"

#include "mlir/IR/Matchers.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace privateer {
namespace mlirfe {

std::optional<ArrayLayout> layoutOf(Operation *Declaration) {
  if (!Declaration ||
      Declaration->getName().getStringRef() != "hlfir.declare" ||
      Declaration->getNumOperands() < 2)
    return std::nullopt;
  Operation *Shape = Declaration->getOperand(1).getDefiningOp();
  if (!Shape)
    return std::nullopt;
  llvm::StringRef Name = Shape->getName().getStringRef();
  bool Shifted = Name == "fir.shape_shift";
  if (Name != "fir.shape" && !Shifted)
    return std::nullopt;
  std::vector<int64_t> Values;
  for (Value V : Shape->getOperands()) {
    APInt C;
    if (!matchPattern(V, m_ConstantInt(&C)))
      return std::nullopt;
    std::optional<int64_t> Value = C.trySExtValue(); // past int64_t: none
    if (!Value)
      return std::nullopt;
    Values.push_back(*Value);
  }
  return layoutFrom(Values, Shifted);
}

std::optional<ArrayLayout> layoutFrom(const std::vector<int64_t> &Values,
                                      bool Shifted) {
  ArrayLayout L;
  for (size_t K = 0; K < Values.size(); K += Shifted ? 2 : 1) {
    if (Shifted && K + 1 >= Values.size())
      return std::nullopt;
    L.Lower.push_back(Shifted ? Values[K] : 1);
    L.Extent.push_back(Values[Shifted ? K + 1 : K]);
  }
  return L;
}

namespace {

using Interval = std::pair<int64_t, int64_t>;

/// The values \p E takes, from its symbols' constant bounds; nothing when
/// a bound is not a constant (or on overflow).
std::optional<Interval> range(const ParallelRegion &R, const Expr &E,
                              unsigned Depth = 0) {
  if (Depth > 16)
    return std::nullopt;
  switch (E.kind()) {
  case ExprKind::Constant:
    return Interval{E.value(), E.value()};
  case ExprKind::Symbol: {
    const Symbol &S = R.symbol(E.symbol());
    if (S.Kind == SymbolKind::Opaque || !S.Min || !S.Max)
      return std::nullopt;
    auto Lo = range(R, *S.Min, Depth + 1), Hi = range(R, *S.Max, Depth + 1);
    if (!Lo || !Hi)
      return std::nullopt;
    return Interval{Lo->first, Hi->second};
  }
  case ExprKind::Neg: {
    auto X = range(R, *E.operands()[0], Depth + 1);
    if (!X || X->first == INT64_MIN)
      return std::nullopt;
    return Interval{-X->second, -X->first};
  }
  case ExprKind::Add:
  case ExprKind::Sub:
  case ExprKind::Mul: {
    auto A = range(R, *E.operands()[0], Depth + 1);
    auto B = range(R, *E.operands()[1], Depth + 1);
    if (!A || !B)
      return std::nullopt;
    int64_t Lo = 0, Hi = 0;
    if (E.kind() == ExprKind::Add) {
      if (llvm::AddOverflow(A->first, B->first, Lo) ||
          llvm::AddOverflow(A->second, B->second, Hi))
        return std::nullopt;
      return Interval{Lo, Hi};
    }
    if (E.kind() == ExprKind::Sub) {
      if (llvm::SubOverflow(A->first, B->second, Lo) ||
          llvm::SubOverflow(A->second, B->first, Hi))
        return std::nullopt;
      return Interval{Lo, Hi};
    }
    int64_t Corners[4];
    if (llvm::MulOverflow(A->first, B->first, Corners[0]) ||
        llvm::MulOverflow(A->first, B->second, Corners[1]) ||
        llvm::MulOverflow(A->second, B->first, Corners[2]) ||
        llvm::MulOverflow(A->second, B->second, Corners[3]))
      return std::nullopt;
    return Interval{*std::min_element(Corners, Corners + 4),
                    *std::max_element(Corners, Corners + 4)};
  }
  default:
    return std::nullopt;
  }
}

/// An access of the array by one subscript per dimension.
bool bySubscripts(const Access &A, const ArrayLayout &L) {
  if (A.Index.size() != L.Extent.size() || A.WholeBuffer || A.RangeLength)
    return false;
  for (const std::string &F : A.Fields)
    if (!F.empty())
      return false;
  return true;
}

} // namespace

void flattenOutOfBounds(
    ParallelRegion &R, const std::vector<std::optional<ArrayLayout>> &Layouts) {
  for (unsigned BI = 0; BI < R.Buffers.size() && BI < Layouts.size(); ++BI) {
    const std::optional<ArrayLayout> &L = Layouts[BI];
    if (!L || L->Extent.size() < 2)
      continue;
    bool Leaves = false, AllSubscripts = true;
    for (const Access &A : R.Accesses) {
      if (A.BufferIndex != BI)
        continue;
      if (!bySubscripts(A, *L)) {
        AllSubscripts = false;
        break;
      }
      for (size_t D = 0; D + 1 < L->Extent.size(); ++D) {
        auto Values = range(R, *A.Index[D]);
        // Only a subscript proven to leave its bounds: an unknown one is
        // the program's own business.
        if (Values && (Values->first < L->Lower[D] ||
                       Values->second > L->Lower[D] + L->Extent[D] - 1))
          Leaves = true;
      }
    }
    if (!Leaves || !AllSubscripts)
      continue;
    // Offsets in the block: sum of (subscript - lower) * stride, the first
    // dimension's stride one element.
    for (Access &A : R.Accesses) {
      if (A.BufferIndex != BI)
        continue;
      ExprRef Offset = Expr::constant(0);
      int64_t Stride = 1;
      for (size_t D = 0; D < L->Extent.size(); ++D) {
        ExprRef Term = Expr::binary(ExprKind::Sub, A.Index[D],
                                    Expr::constant(L->Lower[D]));
        Offset = Expr::binary(
            ExprKind::Add, Offset,
            Expr::binary(ExprKind::Mul, Term, Expr::constant(Stride)));
        if (llvm::MulOverflow(Stride, L->Extent[D], Stride))
          return;
      }
      A.Index = {Offset};
      A.Fields = {""};
      A.Strides = {R.Buffers[BI].ElementSize};
    }
  }
}

} // namespace mlirfe
} // namespace privateer
