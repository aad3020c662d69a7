//===- RegionBuilder.h - MLIR parallel loops to privateer's model -*- C++
//-*-===//
//
// Part of privateer. Builds the front-end-neutral model (ParallelRegion,
// Buffer, Access with symbolic indices) from MLIR's parallel constructs:
// `scf.parallel`, `scf.forall`, `affine.parallel`, and every unit of work
// of the `omp` dialect (worksharing, distribute, taskloop and simd loops
// with their composites, `parallel` and `teams` regions, `sections`,
// tasks, and code one thread runs after a `nowait` loop), over memref
// accesses and Flang's HLFIR/FIR ones. The model's opaque locations are
// indices into a table of mlir::Locations this builder keeps, so that
// findings map back.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_MLIR_REGIONBUILDER_H
#define PRIVATEER_MLIR_REGIONBUILDER_H

#include "privateer/Model/Region.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace privateer {
namespace mlirfe {

/// The mlir::Locations the model's `Loc`s stand for: `Loc::Raw` is an index
/// into the table plus one (0 stays "no location").
class LocationTable {
public:
  /// A location, and the operation it is the place of (the access, the
  /// call that reaches it, the construct), if any.
  Loc add(mlir::Location L, mlir::Operation *Op = nullptr) {
    Locs.push_back(L);
    Ops.push_back(Op);
    return Loc{Locs.size()};
  }
  std::optional<mlir::Location> lookup(Loc L) const {
    if (!L.valid() || L.Raw > Locs.size())
      return std::nullopt;
    return Locs[L.Raw - 1];
  }
  mlir::Operation *operation(Loc L) const {
    if (!L.valid() || L.Raw > Ops.size())
      return nullptr;
    return Ops[L.Raw - 1];
  }
  /// A fact the model assumed at \p L (an access, a declaration) without
  /// seeing it: a finding that names \p L is not proven ("may").
  void doubt(Loc L, std::string Why) {
    if (L.valid())
      Doubts.try_emplace(L.Raw, std::move(Why));
  }
  const std::string *doubt(Loc L) const {
    auto It = Doubts.find(L.Raw);
    return It == Doubts.end() ? nullptr : &It->second;
  }

private:
  std::vector<mlir::Location> Locs;
  std::vector<mlir::Operation *> Ops;
  std::map<uint64_t, std::string> Doubts;
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

/// Whether \p Op is a unit of parallel work this front end models (see
/// lib/MLIR/Constructs.h): a parallel loop, a worksharing, distribute,
/// taskloop or simd loop, a `parallel` or `teams` region, `sections`, a
/// task, or a `single`/`master`/`masked` of a team.
bool isParallelConstruct(mlir::Operation *Op);

/// The model of the parallel construct \p Loop (see isParallelConstruct),
/// its locations recorded in \p Locs, with the constructs it is not ordered
/// with (the `nowait` loops before it, a task's siblings and creating
/// code). Nothing when it has a shape the builder does not understand (no
/// loop nest, several affine bounds), runs on one thread (an orphaned loop
/// of the main program, `parallel if(.false.)`), or is one thread's code
/// with no `nowait` loop before it.
std::optional<ParallelRegion> buildRegion(mlir::Operation *Loop,
                                          LocationTable &Locs);

} // namespace mlirfe
} // namespace privateer

#endif // PRIVATEER_MLIR_REGIONBUILDER_H
