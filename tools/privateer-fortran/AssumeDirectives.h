//===- AssumeDirectives.h - OpenMP 'assume' in Fortran source ---*- C++ -*-===//
//
// Part of privateer. OpenMP 5.1's `!$omp assume holds(expr)` (around a
// block, up to `!$omp end assume` or the end of a BLOCK construct) and
// `!$omp assumes holds(expr)` (in a specification part: its program unit)
// tell privateer what the code relies on. Flang 22 parses them but does not
// lower them (a "not yet implemented" abort), so privateer-fortran reads
// them from the source: it lowers a copy in which they are plain comments
// (`#line` keeps every location the original file's), and gives each
// construct of the lines they cover a `privateer.holds` attribute with the
// expressions, which the MLIR front end reads as facts (StatedFacts.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_TOOLS_FORTRAN_ASSUMEDIRECTIVES_H
#define PRIVATEER_TOOLS_FORTRAN_ASSUMEDIRECTIVES_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace privateer {
namespace fortran {

/// One `holds` expression and the 1-based lines it holds on.
struct StatedRange {
  unsigned First = 0, Last = 0;
  std::string Holds;
};

/// The `assume` and `assumes` directives of \p Text (free form, or fixed
/// form when \p FixedForm), each `holds` expression with the lines it
/// covers in \p Ranges; \p Masked is \p Text with those directives made
/// plain comments (the same bytes, `!$omp` turned into `! omp`). False when
/// the text has none.
bool findAssumptions(llvm::StringRef Text, bool FixedForm, std::string &Masked,
                     std::vector<StatedRange> &Ranges);

/// Gives every OpenMP construct of \p Module at a line of \p File that a
/// range covers the range's expression in its `privateer.holds` list (a
/// fact of the construct), and every other operation at such a line inside
/// a construct the range does not cover the expression in its
/// `privateer.assumed` list (a fact where that code runs).
void attachAssumptions(mlir::ModuleOp Module, llvm::StringRef File,
                       const std::vector<StatedRange> &Ranges);

} // namespace fortran
} // namespace privateer

#endif // PRIVATEER_TOOLS_FORTRAN_ASSUMEDIRECTIVES_H
