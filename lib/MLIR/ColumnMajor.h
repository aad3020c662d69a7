//===- ColumnMajor.h - Fortran arrays as the memory they occupy -*- C++ -*-===//
//
// Part of privateer. A Fortran array is one block of memory in column-major
// order: a subscript outside its dimension's bounds reaches the next or the
// previous column (`b(0, j)` is `b(m, j - 1)` of `b(m, n)`). Where an access
// of an array with constant bounds may leave them in a dimension other than
// the last, every access of that array is modelled by its offset in the
// block, so that the columns it reaches are compared too.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_MLIR_COLUMNMAJOR_H
#define PRIVATEER_LIB_MLIR_COLUMNMAJOR_H

#include "privateer/Model/Region.h"

#include "mlir/IR/Operation.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace privateer {
namespace mlirfe {

/// The constant bounds of a Fortran array: each dimension's lower bound
/// and extent, in Fortran's order (the first varies fastest).
struct ArrayLayout {
  std::vector<int64_t> Lower, Extent;
};

/// The layout a Flang declaration (`hlfir.declare %x(%shape)`) gives its
/// array, when every bound is a constant.
std::optional<ArrayLayout> layoutOf(mlir::Operation *Declaration);

/// The layout of constant shape operands: extents (`fir.shape`), or lower
/// bounds and extents in pairs (`fir.shape_shift`).
std::optional<ArrayLayout> layoutFrom(const std::vector<int64_t> &Values,
                                      bool Shifted);

/// Models the accesses of every buffer of \p R with a layout in
/// \p Layouts (parallel to R.Buffers) by their offsets in the array's
/// block, when one of them may leave its bounds in a dimension other than
/// the last.
void flattenOutOfBounds(ParallelRegion &R,
                        const std::vector<std::optional<ArrayLayout>> &Layouts);

} // namespace mlirfe
} // namespace privateer

#endif // PRIVATEER_LIB_MLIR_COLUMNMAJOR_H
