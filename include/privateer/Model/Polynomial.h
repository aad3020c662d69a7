//===- Polynomial.h - Polynomial normal form of indices ---------*- C++ -*-===//
//
// Part of privateer. Sums of integer multiples of products of symbols, the
// normal form in which row-major indices such as `(i*m + j)*p + k` can be
// taken apart again.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_MODEL_POLYNOMIAL_H
#define PRIVATEER_MODEL_POLYNOMIAL_H

#include "privateer/Model/Expr.h"

#include <map>
#include <optional>
#include <vector>

namespace privateer {

/// A product of symbols, sorted; empty for the constant term.
using Monomial = std::vector<SymbolId>;

struct Polynomial {
  std::map<Monomial, int64_t> Terms; ///< no zero coefficients

  bool mentions(SymbolId S) const;
  /// Splits off the terms divisible by \p S: *this == S * Quotient + Rest.
  void divide(SymbolId S, Polynomial &Quotient, Polynomial &Rest) const;
  ExprRef toExpr() const;
  bool operator==(const Polynomial &O) const { return Terms == O.Terms; }
};

/// The polynomial form of \p E; nothing for divisions, modulo, min/max, or
/// when a coefficient overflows.
std::optional<Polynomial> toPolynomial(const Expr &E);

} // namespace privateer

#endif // PRIVATEER_MODEL_POLYNOMIAL_H
