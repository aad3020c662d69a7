//===- FlangOps.h - Flang's FIR and HLFIR operations by name ----*- C++ -*-===//
//
// Part of privateer. fir-opt does not export FIR's C++ symbols to plugins, so
// the MLIR front end recognises the few FIR and HLFIR operations it models
// by their names and operand positions, with upstream MLIR classes only.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_LIB_MLIR_FLANGOPS_H
#define PRIVATEER_LIB_MLIR_FLANGOPS_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace privateer {
namespace mlirfe {
namespace flang {

/// Whether \p Op comes from Flang (its module carries FIR's kind map): its
/// constructs are named as the Fortran directives.
bool isFortran(mlir::Operation *Op);
/// `fir.load %ref`: the reference read.
std::optional<mlir::Value> loadedRef(mlir::Operation *Op);
/// `fir.store %v to %ref` and `hlfir.assign %v to %ref`: (value, reference).
std::optional<std::pair<mlir::Value, mlir::Value>>
storedValue(mlir::Operation *Op);
/// `fir.convert`: a value conversion (integer widths, index); and
/// `hlfir.no_reassoc`, a parenthesized value.
bool isConversion(mlir::Operation *Op);
/// `fir.do_loop`: a sequential loop with an inclusive upper bound; operands
/// lb, ub, step, then the initial values of its iteration arguments.
bool isDoLoop(mlir::Operation *Op);
/// `fir.if`: a branch.
bool isIf(mlir::Operation *Op);
/// `fir.iterate_while`: a loop that may end early.
bool isIterateWhile(mlir::Operation *Op);

/// The Fortran name of a procedure from its mangled symbol: `foo` for
/// `_QPfoo` and `_QMmPfoo`, the symbol itself for others.
std::string procedureName(llvm::StringRef Symbol);
/// Whether \p Symbol is Flang's name of the main program (`_QQmain`).
bool isMainProgram(llvm::StringRef Symbol);
/// One key per global memory object (`fir.address_of` of a global, a
/// COMMON variable at its offset in the block), the same in every
/// function that declares it; empty for other memory.
std::string globalKey(mlir::Value Root);

/// The memory \p Ref names, through `hlfir.declare`, `fir.declare`,
/// conversions and boxes. \p Name receives the Fortran name of the first
/// declaration passed (`tmp` for `_QFsEtmp`), \p Decl that declaration.
mlir::Value rootOf(mlir::Value Ref, std::string *Name = nullptr,
                   mlir::Operation **Decl = nullptr);
/// The memory of a global (`fir.address_of`, or a COMMON variable's
/// `fir.coordinate_of` in its block): shared wherever the address is taken,
/// and visible to every procedure.
bool isGlobal(mlir::Value Root);
/// `hlfir.designate %base (%i, %j)` of one element: its base and indices.
/// False for sections, components and substrings.
bool elementOf(mlir::Value Ref, mlir::Value &Base,
               llvm::SmallVectorImpl<mlir::Value> &Indices);
/// One part of a Fortran designator: a subscript, a section triplet
/// (`lo:hi:step`), a derived-type component (its name, and its position
/// among the type's components), or every element of a dimension of an
/// array component named whole (`p%x = 0`: from Lo, 1 when null, Extent
/// of them).
struct DesignatorPart {
  enum class Kind {
    Subscript,
    Triplet,
    Component,
    Extent
  } What = Kind::Subscript;
  mlir::Value Index, Lo, Hi, Step, Extent;
  std::string Component;
  unsigned Position = 0;
};
/// `p%x(i)`, `q(i)%s`, `m(:, j)`: the variable a chain of `hlfir.designate`s
/// starts from and their parts, outermost first (a designate's component
/// before its subscripts, which select in the component). False when
/// \p Ref is no designate, and for substrings, complex parts and
/// components whose position the printed type does not tell.
bool designatorOf(mlir::Value Ref, mlir::Value &Base,
                  llvm::SmallVectorImpl<DesignatorPart> &Parts);
/// The two references designate the same element (or are the same).
bool sameElement(mlir::Value A, mlir::Value B);
/// `if (x > m) m = x` as Flang lowers it: a load of the scalar m and a
/// value x compared in the block of a `fir.if` without an else branch,
/// whose then branch only computes x again (loads, address arithmetic) and
/// stores it into m. Nothing in between writes memory.
struct ConditionalAssign {
  /// The load of m the comparison reads.
  mlir::Operation *LoadOfTarget = nullptr;
  /// The comparison, and which of its operands is x.
  mlir::Operation *Compare = nullptr;
  unsigned ValueOperand = 0;
};
/// The match for \p Store (`hlfir.assign` or `fir.store`), if it is the
/// store of such an `if`.
std::optional<ConditionalAssign> conditionalAssign(mlir::Operation *Store);

/// A FIR reference, box or pointer type: an operand that is memory, not a
/// value.
bool isReference(mlir::Type T);
/// Whether \p T is the descriptor of an allocatable or pointer variable
/// (`!fir.box<!fir.heap<...>>`, `!fir.box<!fir.ptr<...>>`).
bool isAllocatableOrPointer(mlir::Type T);
/// Whether the reference type holds an array (`!fir.ref<!fir.array<...>>`).
bool isArrayReference(mlir::Type T);
/// A reference to one value of an intrinsic type (`!fir.ref<i32>`,
/// `!fir.ref<f64>`, logical, complex): not an array, descriptor, character
/// or derived type.
bool isScalarReference(mlir::Type T);

/// The slots of \p Tuple, the host-association tuple a procedure hands its
/// contained procedures (`fir.alloca tuple<...>`), that hold the address
/// of \p Root; -1 for a slot whose position is not a constant. Empty when
/// \p Root's address is in none.
llvm::SmallVector<int64_t, 2> hostSlotsOf(mlir::Value Tuple, mlir::Value Root);
/// Whether the contained procedure \p Callee (with a body) only reads the
/// variable whose address is slot \p Slot of its host tuple, argument
/// \p Arg: every use of that slot loads the address, which is only read.
bool hostSlotOnlyRead(mlir::Operation *Callee, unsigned Arg, int64_t Slot);
/// Whether the memory \p Ref addresses is only read where \p Ref is used:
/// declared, designated, converted and loaded, never stored to, passed to
/// a call or boxed.
bool onlyReadThrough(mlir::Value Ref);
/// The contents of the one-dimensional integer array a Fortran global
/// \p Root holds (its `fir.address_of`) whatever the program does: a
/// `PARAMETER` array (a constant global), or a procedure's own array
/// initialized by `DATA` that nothing in the module writes (every use of
/// its address only declares, designates and loads), or a procedure's local
/// array whose one write assigns such a constant (`idx = [1, 3, 5, 7]`)
/// before every read of it. At most \p Limit elements.
std::optional<std::vector<int64_t>> constantTable(mlir::Value Root,
                                                  size_t Limit);

/// The first index of a Fortran array an `hlfir.declare` names: 1, or the
/// constant lower bound its `fir.shape_shift` gives (of a one-dimensional
/// array); unknown otherwise.
std::optional<int64_t> lowerBound(mlir::Operation *Declaration);

/// A value of an intrinsic scalar type (`i32`, `f64`, `!fir.logical<4>`,
/// `index`): what a scalar variable holds.
bool isScalarValue(mlir::Type T);

/// The shape of the memory a FIR reference type points to, as far as the
/// printed type tells: the element's size in bytes (0 if unknown) and the
/// extents, innermost (Fortran's first) first, -1 where dynamic.
struct MemoryShape {
  uint64_t ElementBytes = 0;
  /// `f32`, `f64`, `complex<...>`.
  bool FloatingPoint = false;
  llvm::SmallVector<int64_t> Extents;
};
MemoryShape shapeOf(mlir::Type T);

} // namespace flang
} // namespace mlirfe
} // namespace privateer

#endif // PRIVATEER_LIB_MLIR_FLANGOPS_H
