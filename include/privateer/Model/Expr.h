//===- Expr.h - Symbolic index expressions ----------------------*- C++ -*-===//
//
// Part of privateer. The symbolic expressions in which every front end writes
// the indices of buffer accesses, so that the analysis (pattern reasoning
// today, an SMT solver tomorrow) never sees a front end's own AST.
//
//===----------------------------------------------------------------------===//

#ifndef PRIVATEER_MODEL_EXPR_H
#define PRIVATEER_MODEL_EXPR_H

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace privateer {

/// Index of a symbol in its region's symbol table.
using SymbolId = unsigned;

class Expr;
/// Expressions are immutable and shared freely between accesses.
using ExprRef = std::shared_ptr<const Expr>;

enum class ExprKind {
  Constant, ///< an integer literal or folded constant
  Symbol,   ///< an induction, inner-loop, invariant, thread-id or opaque value
  Add,
  Sub,
  Mul,
  Div, ///< C semantics: truncation toward zero
  Mod, ///< C semantics: sign of the dividend
  Shl,
  Shr,
  Min,
  Max,
  Neg,
};

/// A node of a symbolic integer expression.
class Expr {
public:
  ExprKind kind() const { return Kind; }
  int64_t value() const { return Value; }
  SymbolId symbol() const { return Sym; }
  const std::vector<ExprRef> &operands() const { return Ops; }

  static ExprRef constant(int64_t V);
  static ExprRef symbol(SymbolId S);
  static ExprRef binary(ExprKind K, ExprRef L, ExprRef R);
  static ExprRef neg(ExprRef E);

  /// True when some symbol of the expression satisfies \p Pred.
  bool mentions(const std::function<bool(SymbolId)> &Pred) const;
  /// Structural equality.
  bool equals(const Expr &Other) const;

private:
  static ExprRef binaryUnfolded(ExprKind K, ExprRef L, ExprRef R);

  ExprKind Kind = ExprKind::Constant;
  int64_t Value = 0;
  SymbolId Sym = 0;
  std::vector<ExprRef> Ops;
};

/// \p E with every occurrence of symbol \p S replaced by \p Value.
ExprRef substitute(const ExprRef &E, SymbolId S, const ExprRef &Value);

bool equalIndex(const std::vector<ExprRef> &A, const std::vector<ExprRef> &B);

/// An affine form sum(Coeff[s] * s) + Constant over symbols.
struct AffineForm {
  std::map<SymbolId, int64_t> Coeffs;
  int64_t Constant = 0;

  bool isConstant() const { return Coeffs.empty(); }
  int64_t coeff(SymbolId S) const {
    auto It = Coeffs.find(S);
    return It == Coeffs.end() ? 0 : It->second;
  }
};

/// The affine form of \p E, or nothing when \p E is not affine (products of
/// symbols, divisions, min/max, overflow of the coefficients).
std::optional<AffineForm> toAffine(const Expr &E);

/// Evaluates \p E with every symbol's value taken from \p Values; nothing when
/// a symbol has no value, on division by zero, or on overflow.
std::optional<int64_t>
evaluate(const Expr &E,
         const std::function<std::optional<int64_t>(SymbolId)> &Values);

} // namespace privateer

#endif // PRIVATEER_MODEL_EXPR_H
