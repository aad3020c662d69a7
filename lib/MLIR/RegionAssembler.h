//===- RegionAssembler.h - One construct's ParallelRegion -------*- C++ -*-===//
//
// Part of privateer. Composes the model of one unit of parallel work (see
// Constructs.h): the unit's work items are set up, its code walked
// (AccessWalker), and the memory it reaches from outside becomes shared
// buffers (SharedBuffers.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_MLIR_REGIONASSEMBLER_H
#define PRIVATEER_LIB_MLIR_REGIONASSEMBLER_H

#include "RegionState.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"

namespace privateer {
namespace mlirfe {

class RegionContext;

/// Builds the ParallelRegion of one construct from the other parts.
class RegionAssembler {
public:
  RegionAssembler(RegionContext &Ctx, RegionState &State)
      : Ctx(Ctx), State(State) {}

  std::optional<ParallelRegion> build();

  bool setUpWorksharing();
  bool setUpTeam();
  bool setUpSections();
  /// The scope whose memory is per thread: the team around the unit, or
  /// the function of an orphaned construct (false in the main program,
  /// where no team is around it).
  bool setUpTeamScope();
  void setUpSchedule(mlir::omp::WsloopOp Ws);

  // --- Tasks (TaskOrdering.cpp) ---
  /// One work item per iteration of the loops that generate the tasks.
  bool setUpTaskItems();

  // --- Shared buffers (SharedBuffers.cpp) ---
  std::optional<unsigned> bufferFor(Value MemRef);
  /// For \p Descriptor, a load of an allocatable or pointer variable's
  /// descriptor: the variable (its reference), whose memory the descriptor
  /// points to, when it stays the same memory (nothing in the parallel
  /// scope but loads touches the variable: no allocation, no pointer
  /// assignment); null otherwise.
  Value describedMemory(Value Descriptor);
  /// The bounds an ALLOCATE gave the allocatable \p Variable before the
  /// construct, when they are constants.
  std::optional<ArrayLayout> allocatedLayout(Value Variable);

private:
  /// The new shared buffer of \p MemRef, a Fortran variable named
  /// \p FortranName declared by \p Declaration (or its allocated memory,
  /// when \p Described), shared as \p Caller says.
  unsigned newBuffer(Value MemRef, const std::string &FortranName,
                     Operation *Declaration, bool Described,
                     ActualSharing Caller);

  RegionContext &Ctx;
  RegionState &State;
};

} // namespace mlirfe
} // namespace privateer

#endif // PRIVATEER_LIB_MLIR_REGIONASSEMBLER_H
