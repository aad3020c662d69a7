//===- FortranClauses.h - The clauses that fix Fortran findings -*- C++ -*-===//
//
// Part of privateer. The exact fix of a finding on Flang's lowering of an
// '!$omp' construct is a clause added to its directive; this says which,
// in Fortran's words, and only where the clause keeps the program's
// meaning. privateer-fortran puts it into the source.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_MLIR_FORTRANCLAUSES_H
#define PRIVATEER_MLIR_FORTRANCLAUSES_H

#include "privateer/Analysis/Finding.h"

#include "mlir/IR/Operation.h"

#include <string>

namespace privateer {
namespace mlirfe {

/// The clause (`private(tmp)`, `reduction(+: s)`, spelled as the C front
/// ends spell theirs) that the remedy of \p F adds to the directive of
/// \p Construct, modelled as \p R; empty when there is none or it would
/// not be exact (a procedure the construct calls reaches the buffer: a
/// clause would not privatize it there). \p WhyNot, when given, says why
/// a remedy that names a clause gets none.
std::string fortranClause(const Finding &F, mlir::Operation *Construct,
                          const ParallelRegion &R,
                          std::string *WhyNot = nullptr);

} // namespace mlirfe
} // namespace privateer

#endif // PRIVATEER_MLIR_FORTRANCLAUSES_H
