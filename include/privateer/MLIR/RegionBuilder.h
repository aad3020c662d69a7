//===- RegionBuilder.h - MLIR parallel loops to privateer's model -*- C++
//-*-===//
//
// Part of privateer. Builds the front-end-neutral model (ParallelRegion,
// Buffer, Access with symbolic indices) from MLIR's parallel constructs:
// `scf.parallel`, `scf.forall`, `affine.parallel`, `omp.wsloop` (with its
// `omp.loop_nest`, inside `omp.parallel` or orphaned) and `omp.parallel`
// regions without worksharing, over memref accesses and Flang's HLFIR/FIR
// ones. The model's opaque locations are indices into a table of
// mlir::Locations this builder keeps, so that findings map back.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_MLIR_REGIONBUILDER_H
#define PRIVATEER_MLIR_REGIONBUILDER_H

#include "privateer/Model/Region.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

#include <optional>
#include <vector>

namespace privateer {
namespace mlirfe {

/// The mlir::Locations the model's `Loc`s stand for: `Loc::Raw` is an index
/// into the table plus one (0 stays "no location").
class LocationTable {
public:
  Loc add(mlir::Location L) {
    Locs.push_back(L);
    return Loc{Locs.size()};
  }
  std::optional<mlir::Location> lookup(Loc L) const {
    if (!L.valid() || L.Raw > Locs.size())
      return std::nullopt;
    return Locs[L.Raw - 1];
  }

private:
  std::vector<mlir::Location> Locs;
};

/// A memory object's value as the model's handle, and back: the one place
/// this front end wraps and reads its nodes.
inline BufferHandle handleOf(mlir::Value V) {
  return BufferHandle::of(V.getImpl());
}
inline mlir::Value valueOf(BufferHandle H) {
  return mlir::Value(
      const_cast<mlir::detail::ValueImpl *>(H.get<mlir::detail::ValueImpl>()));
}

/// Whether \p Op is a parallel construct this front end models: a parallel
/// loop, or an `omp.parallel` whose body every thread runs.
bool isParallelConstruct(mlir::Operation *Op);

/// The model of the parallel construct \p Loop (see isParallelConstruct),
/// its locations recorded in \p Locs. Nothing when it has a shape the
/// builder does not understand (no loop nest, several affine bounds).
std::optional<ParallelRegion> buildRegion(mlir::Operation *Loop,
                                          LocationTable &Locs);

} // namespace mlirfe
} // namespace privateer

#endif // PRIVATEER_MLIR_REGIONBUILDER_H
