//===- CallFollower.h - Calls into functions of the module ------*- C++ -*-===//
//
// Part of privateer. A work item's calls of functions whose body is in the
// module are followed with their dummy arguments bound to the actual ones
// (as the C front end inlines visible callees): their accesses, and the
// value a function returns. What a followed function defines is the work
// item's, as is memory made in the parallel scope.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_MLIR_CALLFOLLOWER_H
#define PRIVATEER_LIB_MLIR_CALLFOLLOWER_H

#include "RegionState.h"

namespace privateer {
namespace mlirfe {

class RegionContext;

/// Follows the calls of one construct's code.
class CallFollower {
public:
  CallFollower(RegionContext &Ctx, RegionState &State)
      : Ctx(Ctx), State(State) {}

  /// Follows a call of a function whose body is in the module, its dummy
  /// arguments bound to the actual ones. False when the call is not
  /// followed.
  bool inlineCall(Operation *Call);
  /// The value a function of the module returns for \p Call, its dummy
  /// arguments bound to the actual ones; null when not followed.
  ExprRef calleeResult(Operation *Call, unsigned Depth);
  /// Forgets the symbols of \p Callee's values (another call binds them
  /// anew).
  void forgetCallee(Operation *Callee);
  /// Whether the unit's code (or a function it calls) defines \p V: a value
  /// per work item.
  bool insideUnit(Value V);
  /// Whether memory made by \p Root belongs to one work item or one thread
  /// (made inside the scope, or a local of a called function).
  bool privateMemory(Value Root);

private:
  RegionContext &Ctx;
  RegionState &State;
};

} // namespace mlirfe
} // namespace privateer

#endif // PRIVATEER_LIB_MLIR_CALLFOLLOWER_H
