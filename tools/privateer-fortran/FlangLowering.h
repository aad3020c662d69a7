//===- FlangLowering.h - Flang's lowering, in this process ------*- C++ -*-===//
//
// Part of privateer. privateer-fortran analyses the module Flang lowers
// without printing it: Flang's own front end (parse, semantics, lowering to
// HLFIR with the OpenMP dialect, exactly what `flang -fc1 -emit-hlfir`
// prints) runs here, and the module goes to the analysis as it is. Printing
// the HLFIR and parsing it again in fir-opt cost more than the lowering
// itself. Only this file includes Flang's headers.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_TOOLS_FORTRAN_FLANGLOWERING_H
#define PRIVATEER_TOOLS_FORTRAN_FLANGLOWERING_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace privateer {
namespace fortran {

/// Prepares this process for Flang: its targets (Flang builds the target
/// machine it lowers for). Once, before lowerFortran.
void initializeFlang();

/// Lowers the Fortran file that \p Fc1Args name, as `flang -fc1 <Fc1Args>`
/// would, and hands the module to \p Analyze. Flang prints its own
/// diagnostics; false when it reported an error (nothing is analysed).
bool lowerFortran(llvm::ArrayRef<std::string> Fc1Args,
                  llvm::function_ref<void(mlir::ModuleOp)> Analyze);

/// What Flang says is wrong with \p Flags (its own options, given on the
/// command line), or empty: each is parsed as `flang -fc1` would.
std::string checkFlangFlags(llvm::ArrayRef<std::string> Flags);

/// The directory of Flang's intrinsic modules (iso_c_binding, omp_lib),
/// searched after every other.
const char *intrinsicModulesDir();

/// Parses and checks the Fortran file that \p Fc1Args name, as `flang -fc1
/// -fsyntax-only <Fc1Args>` would, which writes the module files it
/// defines (to the `-module-dir`); prints nothing. False on an error.
bool compileModulesQuietly(llvm::ArrayRef<std::string> Fc1Args);

} // namespace fortran
} // namespace privateer

#endif // PRIVATEER_TOOLS_FORTRAN_FLANGLOWERING_H
