//===- OpSemantics.h - What MLIR operations mean to the model ---*- C++ -*-===//
//
// Part of privateer. Small facts about operations the model builder asks:
// direct callees, OpenMP lock spans, and the combining operator of an update.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_MLIR_OPSEMANTICS_H
#define PRIVATEER_LIB_MLIR_OPSEMANTICS_H

#include "privateer/Model/Region.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/StringRef.h"

namespace privateer {
namespace mlirfe {

/// Whether \p Op reads memory at most and runs no code of its own: a load
/// (`memref.load`, `fir.load`) or an operation without memory effects and
/// without regions.
bool readsAtMost(mlir::Operation *Op);

/// The callee of a `func.call` or `fir.call`, if direct; empty otherwise.
llvm::StringRef calleeName(mlir::Operation *Op);

/// A callee the MLIR layer knows, one per line of KnownFunctions.def;
/// Unlisted for every other name.
enum class KnownCallee : unsigned {
#define KNOWN_CALLEE(Id, Spelling, Families) Id,
#include "KnownFunctions.def"
  Unlisted
};

/// What a set of known callees has in common.
namespace callee {
enum : unsigned {
  LockCall = 1u << 0,
  UnlockCall = 1u << 1,
  OpenMPRuntime = 1u << 2,
  FortranRuntime = 1u << 3,
  LLVMIntrinsic = 1u << 4,
};
} // namespace callee

/// Which listed callee \p Name is.
KnownCallee knownCallee(llvm::StringRef Name);
/// The families of callee \p Name, from its line and its prefixes.
unsigned calleeFamilies(llvm::StringRef Name);

/// Whether an OpenMP lock is held at \p Op inside the work item of \p Loop:
/// an `omp_set_lock` before it in its block (or an enclosing one) without an
/// `omp_unset_lock` between.
bool heldLock(mlir::Operation *Op, mlir::Operation *Loop);

/// The reduction operator of an arith operation combining a loaded value
/// (its operand \p LoadOperand) with another (`s[k] = s[k] + x`), or None.
ReductionOp combiningOp(mlir::Operation *Op, unsigned LoadOperand);

/// What `if (<Cmp>) m = x` keeps in m, where operand \p ValueOperand of the
/// comparison \p Cmp is x and the other is m: Max for `x > m` (or `m < x`),
/// Min for `x < m`, None for any other comparison. Only signed integer and
/// ordered floating-point predicates: an unordered one would keep a NaN,
/// which a max reduction does not.
ReductionOp keptExtreme(mlir::Operation *Cmp, unsigned ValueOperand);

} // namespace mlirfe
} // namespace privateer

#endif // PRIVATEER_LIB_MLIR_OPSEMANTICS_H
